package org.lbsim.topo;

import java.util.List;
import org.lbsim.design.Axis;
import org.lbsim.design.Design;

/**
 * A fabric shape lbsim builds: its name in {@code topology.kind}, one line for people, where it
 * comes from, the scenario keys that apply only to it, and how its fabric is made from them.
 *
 * @param keys the {@code topology.*} keys it reads, which apply only under it (a key may belong
 *     to more than one kind); their types and defaults are in {@code ScenarioSchema}
 * @param rails whether NIC r of every server sits on rail switch r, so that a training job's
 *     GPUs reach other rails through NVLink first
 * @param factory checks its keys and builds the topology
 */
public record TopologyKind(String name, String summary, String source, List<String> keys, boolean rails,
    Factory factory) implements Design {

  public TopologyKind {
    keys = List.copyOf(keys);
  }

  @Override
  public Axis axis() {
    return Axis.TOPOLOGY;
  }

  @Override
  public String definedIn() {
    return Design.classOf(factory);
  }

  /** The scenario's key values as the factory reads them; every bad value is reported, one line each. */
  public interface Keys {
    /** The key's value as written (its default when not set). */
    String text(String key);

    /** The key as an integer from {@code min} to {@link Integer#MAX_VALUE}; Integer.MIN_VALUE once reported. */
    int integer(String key, int min);

    /** Reports {@code value} of {@code key} as invalid, {@code allowed} saying what would do. */
    void bad(String key, String value, String allowed);
  }

  /** Builds the topology from its keys; null when a value was reported. */
  @FunctionalInterface
  public interface Factory {
    Topology build(Keys keys);
  }
}
