package org.lbsim.metrics;

import java.util.List;
import java.util.Map;
import org.lbsim.transport.FlowOutcome;

/**
 * Everything a run produced. Wall-clock figures are kept out of it on purpose: result files
 * must be byte-identical for the same scenario and seed.
 *
 * @param cctPs collective completion time, -1 if some flow did not finish
 * @param boundPs analytical lower bound of the CCT, -1 if none is known for the workload
 * @param endPs simulated time when the run stopped
 * @param counters packet counts (data and ACKs sent, delivered, dropped, ECN marks)
 * @param unfinished for each flow that did not finish by the time limit, why (flow id order)
 * @param training per-job iteration metrics of a training workload; empty otherwise
 * @param queues the hottest ports' queues over time ({@link QueueSeries#NONE} when not sampled)
 * @param engine how the engine computed the run ({@link EngineStats#NONE} for a run read back)
 */
public record RunResult(String scenario, Map<String, String> settings, long cctPs, long boundPs, long endPs,
    long events, List<FlowOutcome> flows, List<PortStats> ports, Map<String, Long> counters,
    Map<Integer, String> unfinished, Map<String, Object> training, QueueSeries queues, EngineStats engine) {

  /** A run with no explanation for unfinished flows, no training metrics and no queue samples. */
  public RunResult(String scenario, Map<String, String> settings, long cctPs, long boundPs, long endPs,
      long events, List<FlowOutcome> flows, List<PortStats> ports, Map<String, Long> counters) {
    this(scenario, settings, cctPs, boundPs, endPs, events, flows, ports, counters, Map.of());
  }

  /** A run with no training metrics and no queue samples. */
  public RunResult(String scenario, Map<String, String> settings, long cctPs, long boundPs, long endPs,
      long events, List<FlowOutcome> flows, List<PortStats> ports, Map<String, Long> counters,
      Map<Integer, String> unfinished) {
    this(scenario, settings, cctPs, boundPs, endPs, events, flows, ports, counters, unfinished, Map.of(),
        QueueSeries.NONE, EngineStats.NONE);
  }

  /** The same result with a training workload's per-job metrics. */
  public RunResult withTraining(Map<String, Object> jobs) {
    return new RunResult(scenario, settings, cctPs, boundPs, endPs, events, flows, ports, counters, unfinished, jobs,
        queues, engine);
  }

  /** The same result with the hottest ports' queues over time. */
  public RunResult withQueues(QueueSeries q) {
    return new RunResult(scenario, settings, cctPs, boundPs, endPs, events, flows, ports, counters, unfinished,
        training, q, engine);
  }

  /** The same result with the engine's record of how it computed it. */
  public RunResult withEngine(EngineStats e) {
    return new RunResult(scenario, settings, cctPs, boundPs, endPs, events, flows, ports, counters, unfinished,
        training, queues, e);
  }

  /** CCT over the bound, in percent; NaN when either is unknown. */
  public double overBoundPct() {
    return cctPs < 0 || boundPs <= 0 ? Double.NaN : 100.0 * (cctPs - boundPs) / boundPs;
  }

  public long unfinishedFlows() {
    return flows.stream().filter(f -> !f.finished()).count();
  }

  public long maxQueueBytes() {
    long m = 0;
    for (PortStats p : ports) {
      m = Math.max(m, p.maxQueueBytes());
    }
    return m;
  }

  /** Largest queue among switch ports (host NIC queues excluded). */
  public long maxSwitchQueueBytes() {
    long m = 0;
    for (PortStats p : ports) {
      if (!p.tier().equals("host-up")) {
        m = Math.max(m, p.maxQueueBytes());
      }
    }
    return m;
  }

  public long drops() {
    return counters.getOrDefault("data_dropped", 0L) + counters.getOrDefault("ack_dropped", 0L);
  }
}
