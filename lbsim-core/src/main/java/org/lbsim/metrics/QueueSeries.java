package org.lbsim.metrics;

import java.util.List;

/**
 * Queue occupancy over time of a run's hottest ports, sampled at a fixed interval from time 0.
 *
 * @param intervalPs time between two samples
 * @param ports port names, hottest (largest sampled queue) first
 * @param bytes {@code bytes.get(i)[j]}: the queue of {@code ports.get(i)} at {@code j * intervalPs}
 */
public record QueueSeries(long intervalPs, List<String> ports, List<long[]> bytes) {
  /** Nothing sampled (sampling off). */
  public static final QueueSeries NONE = new QueueSeries(0, List.of(), List.of());

  public QueueSeries {
    ports = List.copyOf(ports);
    bytes = List.copyOf(bytes);
  }

  public boolean isEmpty() {
    return ports.isEmpty();
  }
}
