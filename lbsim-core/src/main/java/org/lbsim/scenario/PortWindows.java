package org.lbsim.scenario;

import java.util.List;
import org.lbsim.net.EgressPort;
import org.lbsim.net.PortStatistics;

/**
 * Every port's queue and line over one window, [0, the collective's end]: the time the last
 * sender finished, or the time limit. Taken at that instant, before the run drains the
 * packets still in flight, so that what a port does afterwards (late ACKs, surplus coded
 * packets) counts in neither the mean queue nor the utilization, and both are measured over the
 * window they are divided by: the mean queue never exceeds the largest queue, and the
 * utilization never exceeds 1.
 */
final class PortWindows {
  private final long endPs;
  private final long[] queueArea;
  private final double[] lineBytes;
  private final double[] lineCapacity;

  private PortWindows(long endPs, long[] queueArea, double[] lineBytes, double[] lineCapacity) {
    this.endPs = endPs;
    this.queueArea = queueArea;
    this.lineBytes = lineBytes;
    this.lineCapacity = lineCapacity;
  }

  /** The window of every port, ending now ({@code endPs} is the simulator's current time). */
  static PortWindows take(List<EgressPort> ports, long endPs) {
    int n = ports.size();
    long[] area = new long[n];
    double[] line = new double[n];
    double[] capacity = new double[n];
    for (int i = 0; i < n; i++) {
      PortStatistics p = ports.get(i).statistics();
      area[i] = p.queueAreaUntilNow();
      line[i] = p.lineBytesUntilNow();
      capacity[i] = p.lineCapacityUntilNow();
    }
    return new PortWindows(endPs, area, line, capacity);
  }

  long endPs() {
    return endPs;
  }

  /** Time-averaged queued bytes of port {@code i} over the window. */
  double meanQueueBytes(int i) {
    return endPs <= 0 ? 0 : (double) queueArea[i] / endPs;
  }

  /**
   * The share of the window port {@code i}'s line was busy, gaps included, against what it could
   * carry at the rates it had (a degraded link's lower rate from its failure on).
   */
  double utilization(int i) {
    return lineCapacity[i] > 0 ? lineBytes[i] / lineCapacity[i] : 0;
  }
}
