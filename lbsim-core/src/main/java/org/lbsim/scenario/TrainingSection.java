package org.lbsim.scenario;

import java.util.List;
import org.lbsim.training.JobSpec;

/**
 * The {@code job.*} keys of {@code workload.kind: training}, read into jobs once by the reader.
 *
 * @param jobs the jobs, one per entry of {@code job.model}; empty for other workloads
 * @param placement how jobs get servers ({@code job.placement})
 * @param simulateIdeal also run the jobs on a non-blocking fabric ({@code job.ideal: simulate})
 */
public record TrainingSection(List<JobSpec> jobs, String placement, boolean simulateIdeal) {
  /** Not a training workload. */
  public static final TrainingSection NONE = new TrainingSection(List.of(), "packed", false);

  public TrainingSection {
    jobs = List.copyOf(jobs);
  }

  /** The same jobs without the non-blocking rerun. */
  TrainingSection withoutIdeal() {
    return new TrainingSection(jobs, placement, false);
  }
}
