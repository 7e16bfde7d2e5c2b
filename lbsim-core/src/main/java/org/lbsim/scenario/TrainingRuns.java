package org.lbsim.scenario;

import java.util.List;
import java.util.Map;
import java.util.function.IntToLongFunction;
import org.lbsim.failure.FailurePlan;
import org.lbsim.metrics.RunResult;
import org.lbsim.topo.LeafSpine;
import org.lbsim.training.TrainingWorkload;
import org.lbsim.transport.FlowOutcome;

/**
 * The training part of a run's result: per-job iteration times, and (job.ideal: simulate) the same
 * jobs rerun on a non-blocking fabric, a single switch joining every NIC with the same links,
 * buffers, transport and seed, for the % over ideal. The non-blocking fabric has none of the
 * scenario's failures: the links they name are not in it.
 */
final class TrainingRuns {
  private TrainingRuns() {}

  static RunResult withReport(Scenario s, RunResult r, TrainingWorkload w, IntToLongFunction finishPs) {
    long[] ideal = null;
    if (s.training().simulateIdeal()) {
      RunResult flat = ScenarioRunner.run(nonBlocking(s));
      List<?> jobs = (List<?>) flat.training().get("jobs");
      ideal = new long[jobs.size()];
      for (int j = 0; j < ideal.length; j++) {
        ideal[j] = ((Number) ((Map<?, ?>) jobs.get(j)).get("iteration_ps")).longValue();
      }
    }
    List<FlowOutcome> flows = r.flows();
    Map<String, Object> report = w.report(finishPs, id -> flows.get(id).finishPs(), ideal);
    return r.withTraining(report);
  }

  /** The scenario on one switch with every host below it, without failures (no ideal of its own). */
  private static Scenario nonBlocking(Scenario s) {
    Map<String, String> values = new java.util.LinkedHashMap<>(s.identity().values());
    values.put("job.ideal", "off");
    FabricSection flat = new FabricSection(s.fabric().kind(), new LeafSpine(s.topology().hosts(), 1, 1),
        s.fabric().links());
    return new Scenario(new Identity(s.name() + "-ideal", s.seed(), values), s.profile(), flat, s.buffer(), s.packet(),
        s.workload(), s.training().withoutIdeal(), s.designs(), s.transport(), FailurePlan.NONE, s.metrics(),
        s.engine());
  }
}
