package org.lbsim.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;

/**
 * One measured execution of a macro scenario.
 *
 * <p>{@code ScenarioRunner.run} does not split its wall time, and the benchmark must not change
 * the core, so the setup share (fabric, workload and endpoints built, results collected) is
 * measured by running the same scenario again with a 1 us simulated-time limit (a few packets per
 * host; the reader requires a packet to fit in the limit, which holds from 34 Gb/s). The
 * simulation (event loop) time is the full run minus that.
 *
 * @param wholeNanos parse + {@code ScenarioRunner.run}, wall clock
 * @param wholeCpuNanos CPU time of this thread over the same span: far below the wall time means
 *     the thread was waiting for a core (another process was busy), so the wall time is not clean
 * @param setupNanos the same with {@code run.limit_ms} = 1 us of simulated time
 * @param peakHeapBytes sum over heap pools of each pool's peak during the full run (an upper
 *     bound of the true peak, as pools peak at different moments)
 * @param packetObjects packet objects the run's pool created: the most packets ever in flight at
 *     once (queued, on a wire or in a NIC), since finished packets are reused
 */
record MacroRun(long wholeNanos, long wholeCpuNanos, long setupNanos, long events, long dataSent, long ackSent,
    long drops, long cctPs, long boundPs, double overBoundPct, long unfinishedFlows, long peakHeapBytes, long gcCount,
    long gcMillis, long flows, long packetObjects) {

  /** Fraction of the wall time this thread was not on a CPU (0 on a quiet machine). */
  double waitingFraction() {
    return wholeCpuNanos < 0 ? Double.NaN : Math.max(0, 1.0 - (double) wholeCpuNanos / wholeNanos);
  }

  /** Wall time of the event loop: whole run minus setup, never negative. */
  long simulationNanos() {
    return Math.max(1, wholeNanos - setupNanos);
  }

  /** The overrides of the setup-only run: the scenario's, then a 1 us simulated-time limit. */
  static List<String> setupOverrides(MacroScenario c, List<String> extra) {
    List<String> setup = new ArrayList<>(c.overridesWith(extra));
    setup.add("run.limit_ms=0.001");
    return setup;
  }

  static MacroRun measure(MacroScenario c, List<String> extra) {
    System.gc(); // start the full run from a clean heap so its peak is its own
    resetHeapPeaks();
    long gcCount0 = totalGcCount();
    long gcMillis0 = totalGcMillis();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long c0 = threads.getCurrentThreadCpuTime();
    long t0 = System.nanoTime();
    Scenario s = ScenarioReader.fromText("", "macro", null, c.name(), c.overridesWith(extra));
    RunResult r = ScenarioRunner.run(s);
    long whole = System.nanoTime() - t0;
    long cpu = threads.getCurrentThreadCpuTime() - c0;
    long peak = heapPeak();
    long gcs = totalGcCount() - gcCount0;
    long gcMillis = totalGcMillis() - gcMillis0;

    // After the full run, so that class loading and the JIT of the build code count in the
    // whole run (as a user sees it) and not here: setup is a warm lower bound, which makes the
    // simulation share an upper bound.
    long s0 = System.nanoTime();
    ScenarioRunner.run(ScenarioReader.fromText("", "macro", null, c.name(), setupOverrides(c, extra)));
    long setup = System.nanoTime() - s0;
    return new MacroRun(whole, cpu, setup, r.events(), r.counters().getOrDefault("data_sent", -1L),
        r.counters().getOrDefault("ack_sent", -1L), r.drops(), r.cctPs(), r.boundPs(), r.overBoundPct(),
        r.unfinishedFlows(), peak, gcs, gcMillis, r.flows().size(), r.engine().packetObjects());
  }

  private static void resetHeapPeaks() {
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        p.resetPeakUsage();
      }
    }
  }

  private static long heapPeak() {
    long sum = 0;
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP && p.getPeakUsage() != null) {
        sum += p.getPeakUsage().getUsed();
      }
    }
    return sum;
  }

  private static long totalGcCount() {
    long n = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, gc.getCollectionCount());
    }
    return n;
  }

  private static long totalGcMillis() {
    long n = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, gc.getCollectionTime());
    }
    return n;
  }
}
