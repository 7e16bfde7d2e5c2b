package org.lbsim.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.lbsim.design.Axis;
import org.lbsim.design.Design;
import org.lbsim.engine.RandomStreams;
import org.lbsim.topo.Topology;
import org.lbsim.training.JobSpec;
import org.lbsim.training.TrainingWorkload;
import org.lbsim.training.chakra.ChakraJob;
import org.lbsim.workload.FlowSpec;

/**
 * A workload lbsim generates: its name in {@code workload.kind}, one line for people, where it
 * comes from, the scenario keys that apply only to it, the reader's checks of those keys, and
 * how its flows are made.
 *
 * @param keys the {@code workload.*} / {@code job.*} keys it reads that apply only under it;
 *     their types and defaults are in {@link ScenarioSchema}
 * @param sized whether {@code workload.size} gives its flows' size (otherwise its own input does)
 * @param jittered whether {@code workload.start_jitter} delays its flows' starts
 * @param check the reader's checks of its own keys, on the scenario's values and fabric
 * @param count how many flows it makes, for the reader's limits and memory estimate
 * @param flows its flows, from the scenario and the run's random streams
 * @param jobs its training jobs (flows, the local steps they wait on, the iteration report);
 *     null for a workload of flows alone
 */
public record WorkloadKind(String name, String summary, String source, List<String> keys, boolean sized,
    boolean jittered, Check check, FlowCount count, Flows flows, Jobs jobs) implements Design {

  public WorkloadKind {
    keys = List.copyOf(keys);
  }

  @Override
  public Axis axis() {
    return Axis.WORKLOAD;
  }

  @Override
  public String definedIn() {
    return Design.classOf(flows);
  }

  /**
   * What a kind's check found, for the run: its input file, the flows read from it, the training
   * jobs read from its keys and the Chakra trace it checked (each null when none).
   */
  public record Checked(Path file, List<FlowSpec> flows, List<JobSpec> jobs, ChakraJob trace) {
    public static final Checked NONE = new Checked(null, null, null, null);

    public Checked(Path file, List<FlowSpec> flows) {
      this(file, flows, null, null);
    }

    public Checked(Path file, List<FlowSpec> flows, List<JobSpec> jobs) {
      this(file, flows, jobs, null);
    }
  }

  /**
   * Checks the kind's own keys; {@code spec} holds the generic values as read ({@code file}
   * null), {@code topology} is null when the fabric's keys were bad. Problems go to {@code reader}.
   */
  @FunctionalInterface
  public interface Check {
    Checked check(ValueReader reader, Map<String, String> values, Topology topology, WorkloadSpec spec);
  }

  /** Flows of the workload on {@code hosts} hosts; {@code known} = the flows its check read, or null. */
  @FunctionalInterface
  public interface FlowCount {
    long flows(long hosts, WorkloadSpec spec, List<FlowSpec> known);
  }

  /** Makes the flows of a validated scenario. */
  @FunctionalInterface
  public interface Flows {
    List<FlowSpec> make(Scenario s, RandomStreams random);
  }

  /** Makes the training jobs of a validated scenario. */
  @FunctionalInterface
  public interface Jobs {
    TrainingWorkload build(Scenario s, RandomStreams random);
  }
}
