package org.lbsim.scenario;

import java.util.List;
import org.lbsim.engine.RandomStreams;
import org.lbsim.training.TrainingWorkload;
import org.lbsim.workload.FlowSpec;

/** How much a scenario's workload sends, known before it runs (for run-time estimates). */
public final class WorkloadSize {
  private WorkloadSize() {}

  /** Data packets of every flow of {@code s}'s workload (first transmissions: no repairs, no ACKs). */
  public static long dataPackets(Scenario s) {
    RandomStreams random = new RandomStreams(s.seed());
    TrainingWorkload jobs = Workloads.jobs(s, random);
    List<FlowSpec> flows = jobs == null ? Workloads.generate(s, random) : jobs.flows();
    long payload = s.packet().payloadBytes();
    long packets = 0;
    for (FlowSpec f : flows) {
      packets += (f.bytes() + payload - 1) / payload;
    }
    return packets;
  }
}
