package org.lbsim.scenario;

import java.util.List;
import org.lbsim.training.JobSpec;
import org.lbsim.training.chakra.ChakraJob;

/**
 * The {@code job.*} keys of {@code workload.kind: training} (or of a Chakra trace's job), read
 * once by the reader.
 *
 * @param jobs the jobs, one per entry of {@code job.model}; empty for other workloads
 * @param placement how jobs get servers ({@code job.placement})
 * @param simulateIdeal also run the jobs on a non-blocking fabric ({@code job.ideal: simulate})
 * @param trace the Chakra trace of {@code workload.kind: chakra}; null otherwise
 */
public record TrainingSection(List<JobSpec> jobs, String placement, boolean simulateIdeal, ChakraJob trace) {
  /** Not a training workload. */
  public static final TrainingSection NONE = new TrainingSection(List.of(), "packed", false);

  public TrainingSection {
    jobs = List.copyOf(jobs);
  }

  public TrainingSection(List<JobSpec> jobs, String placement, boolean simulateIdeal) {
    this(jobs, placement, simulateIdeal, null);
  }

  /** The same jobs without the non-blocking rerun. */
  TrainingSection withoutIdeal() {
    return new TrainingSection(jobs, placement, false, trace);
  }
}
