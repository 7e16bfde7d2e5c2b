package org.lbsim.transport;

/**
 * Smoothed RTT and retransmission timeout in integer picoseconds (Jacobson / RFC 6298 gains:
 * srtt += (d - srtt)/8, mdev += (|d - srtt| - mdev)/4, rto = max(srtt + 4 mdev, floor)).
 */
public final class RttEstimator {
  private final long minRtoPs;
  private long srtt;
  private long mdev;
  private long rto;
  private boolean sampled;

  public RttEstimator(long initialRtoPs, long minRtoPs) {
    this.rto = initialRtoPs;
    this.minRtoPs = minRtoPs;
  }

  public void sample(long d) {
    if (!sampled) {
      srtt = d;
      mdev = d / 2;
      sampled = true;
    } else {
      mdev = 3 * mdev / 4 + Math.abs(d - srtt) / 4;
      srtt = 7 * srtt / 8 + d / 8;
    }
    rto = Math.max(srtt + 4 * mdev, minRtoPs);
  }

  public boolean hasSample() {
    return sampled;
  }

  public long srttPs() {
    return srtt;
  }

  public long rtoPs() {
    return rto;
  }
}
