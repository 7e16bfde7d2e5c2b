package org.lbsim.scenario;

import java.util.Map;
import org.lbsim.engine.Simulator;

/**
 * The {@code metrics.*} keys.
 *
 * @param queueSamplePs interval of the queue sampler; {@link #AUTO} = 200 samples over the lower
 *     bound (1 us when the workload has none); 0 = off
 */
public record MetricsSection(long queueSamplePs) {
  /** {@code metrics.queue_sample_us: auto}. */
  public static final long AUTO = -1;

  /** Reads the section from the scenario's settings {@code v}; problems go to {@code r}. */
  static MetricsSection read(ValueReader r, Map<String, String> v) {
    String text = v.get("metrics.queue_sample_us").trim();
    if (text.equals("auto")) {
      return new MetricsSection(AUTO);
    }
    double us;
    try {
      us = Double.parseDouble(text);
    } catch (NumberFormatException e) {
      us = Double.NaN;
    }
    if (!(us >= 0 && us < 1e9 && (us == 0 || us * Simulator.PS_PER_US >= 1))) {
      r.bad("metrics.queue_sample_us", text, "auto, 0 (off) or an interval in microseconds from 1e-6 to below 1e9");
      return new MetricsSection(0);
    }
    return new MetricsSection(Math.round(us * Simulator.PS_PER_US));
  }
}
