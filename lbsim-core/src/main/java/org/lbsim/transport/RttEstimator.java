package org.lbsim.transport;

/**
 * Smoothed RTT and retransmission timeout in integer picoseconds (Jacobson / RFC 6298 gains:
 * srtt += (d - srtt)/8, mdev += (|d - srtt| - mdev)/4, rto = max(srtt + 4 mdev, floor)).
 *
 * <p>The rules are static helpers, so that an estimate can live in the fields of the object that
 * samples it: a flow's {@link Sender} keeps its own (every ACK samples it and the loss recoveries
 * read it, so it must not cost a further object per flow). An instance is a stand-alone
 * estimator with a fixed floor.
 */
public final class RttEstimator implements RttView {
  private final long minRtoPs;
  private long srtt;
  private long mdev;
  private long rto;
  private boolean sampled;

  private RttEstimator(long initialRtoPs, long minRtoPs) {
    this.rto = initialRtoPs;
    this.minRtoPs = minRtoPs;
  }

  /** A stand-alone estimator with a fixed floor. */
  public static RttEstimator of(long initialRtoPs, long minRtoPs) {
    return new RttEstimator(initialRtoPs, minRtoPs);
  }

  /** Takes one RTT sample {@code d}. */
  public void sample(long d) {
    if (!sampled) {
      srtt = d;
      mdev = firstMdev(d);
      sampled = true;
    } else {
      mdev = nextMdev(srtt, mdev, d);
      srtt = nextSrtt(srtt, d);
    }
    rto = rto(srtt, mdev, minRtoPs);
  }

  /** The mean deviation after the first sample {@code d}. */
  static long firstMdev(long d) {
    return d / 2;
  }

  /** The mean deviation after sample {@code d}, from the estimate before it. */
  static long nextMdev(long srtt, long mdev, long d) {
    return 3 * mdev / 4 + Math.abs(d - srtt) / 4;
  }

  /** The smoothed RTT after sample {@code d}. */
  static long nextSrtt(long srtt, long d) {
    return 7 * srtt / 8 + d / 8;
  }

  /** The retransmission timeout of an estimate, never below {@code minRtoPs}. */
  static long rto(long srtt, long mdev, long minRtoPs) {
    return Math.max(srtt + 4 * mdev, minRtoPs);
  }

  @Override
  public long srttPs() {
    return srtt;
  }

  @Override
  public long rtoPs() {
    return rto;
  }
}
