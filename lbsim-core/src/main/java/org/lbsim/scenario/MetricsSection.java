package org.lbsim.scenario;

/**
 * The {@code metrics.*} keys.
 *
 * @param queueSamplePs interval of the queue sampler; {@link #AUTO} = 200 samples over the lower
 *     bound (1 us when the workload has none); 0 = off
 */
public record MetricsSection(long queueSamplePs) {
  /** {@code metrics.queue_sample_us: auto}. */
  public static final long AUTO = -1;
}
