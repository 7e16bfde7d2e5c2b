package org.lbsim.scenario;

import java.util.Map;
import org.lbsim.engine.Simulator;

/**
 * The {@code engine.*} and {@code run.*} keys: how the simulation runs and how long.
 *
 * @param eventTransmitter every departure is an event ({@code engine.transmitter: events})
 *     instead of ports computing departures on arrival where they can
 * @param limitPs simulated-time limit
 * @param limitMs {@code run.limit_ms} as the scenario writes it, for messages about the limit
 * @param threads threads one run uses ({@code engine.threads}): its fabric is split into as many
 *     partitions (docs/model.md, "Time and events"); {@link #AUTO}: as many as the cores left to the
 *     run where a split pays and the scenario supports one, else 1; results are the same for every count
 */
public record EngineSection(boolean eventTransmitter, long limitPs, String limitMs, int threads) {

  /** Threads one run may use at most. */
  public static final int MAX_THREADS = 256;
  /** {@code engine.threads: auto}. */
  public static final int AUTO = 0;

  /** Reads the section from the scenario's settings {@code v}; problems go to {@code r}. */
  static EngineSection read(ValueReader r, Map<String, String> v) {
    double limitMs = r.number(v, "run.limit_ms");
    if (!Double.isNaN(limitMs) && !(limitMs > 0 && limitMs <= 1e7)) {
      r.bad("run.limit_ms", v.get("run.limit_ms"), "a positive number of milliseconds up to 1e7");
    }
    String t = v.get("engine.threads");
    int threads = t.trim().equals("auto") ? AUTO : r.intValue(v, "engine.threads", 1, MAX_THREADS);
    return new EngineSection(v.get("engine.transmitter").equals("events"), Math.round(limitMs * Simulator.PS_PER_MS),
        v.get("run.limit_ms"), threads);
  }
}
