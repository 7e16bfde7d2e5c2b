package org.lbsim.training;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToLongFunction;

/**
 * Per-job iteration metrics: iteration time, the part of it not hidden behind compute
 * (iteration - compute of one GPU of the busiest stage: exposed communication plus pipeline
 * bubbles), and the % over the same job on a non-blocking fabric (one switch joining every NIC).
 */
public final class IterationReport {
  private IterationReport() {}

  /**
   * @param finishPs when a local step finished (-1 if never)
   * @param flowFinishPs when a flow's sender had its last ACK (-1 if never)
   * @param idealPs per job, iteration time on the non-blocking fabric, or null
   * @param collectives per job, its NCCL collectives
   */
  static Map<String, Object> of(TrainingWorkload w, IntToLongFunction finishPs, IntToLongFunction flowFinishPs,
      long[] idealPs, List<List<CollectiveReport.Timed>> collectives) {
    List<Object> jobs = new ArrayList<>();
    for (int j = 0; j < w.jobs().size(); j++) {
      JobSpec job = w.jobs().get(j);
      long it = finishPs.applyAsLong(w.jobEnds()[j]);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("job", j);
      m.put("model", job.model().name());
      m.put("gpus", job.gpus());
      m.put("parallelism", "dp" + job.dp() + " tp" + job.tp() + " pp" + job.pp() + " ep" + job.ep() + " " + job.sharding());
      m.put("first_server", w.servers()[j].length > 0 ? w.servers()[j][0] : -1);
      m.put("iteration_ps", it);
      m.put("compute_ps", w.computePs()[j]);
      m.put("exposed_ps", it < 0 ? -1 : Math.max(0, it - w.computePs()[j]));
      long ideal = idealPs == null ? -1 : idealPs[j];
      m.put("ideal_iteration_ps", ideal);
      m.put("over_ideal_pct", it > 0 && ideal > 0 ? Math.round(1e4 * 100.0 * (it - ideal) / ideal) / 1e4 : null);
      List<Map<String, Object>> rows = new ArrayList<>(collectives.get(j).size());
      for (CollectiveReport.Timed t : collectives.get(j)) {
        rows.add(CollectiveReport.row(t, finishPs, flowFinishPs));
      }
      m.put("collectives", rows);
      jobs.add(m);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("jobs", jobs);
    out.put("fabric_flows", w.flows().size());
    out.put("local_steps", w.steps().size());
    out.put("fabric_bytes", w.fabricBytes());
    return out;
  }
}
