package org.lbsim.transport;

/**
 * Smoothed RTT and retransmission timeout in integer picoseconds (Jacobson / RFC 6298 gains:
 * srtt += (d - srtt)/8, mdev += (|d - srtt| - mdev)/4, rto = max(srtt + 4 mdev, floor)).
 *
 * <p>A flow's {@link Sender} extends it, so that the estimate is part of the sender's own state:
 * every ACK samples it and the loss recoveries read it, so it must not cost a further dependent
 * memory access per ACK (docs/architecture.md, "Memory layout rules"). The
 * floor is the subclass's to give (the sender reads the run's setting rather than keep a copy);
 * {@link #of} makes a stand-alone estimator.
 */
public abstract class RttEstimator {
  private long srtt;
  private long mdev;
  private long rto;
  private boolean sampled;

  protected RttEstimator(long initialRtoPs) {
    this.rto = initialRtoPs;
  }

  /** A stand-alone estimator with a fixed floor. */
  public static RttEstimator of(long initialRtoPs, long minRtoPs) {
    return new RttEstimator(initialRtoPs) {
      @Override
      protected long minRtoPs() {
        return minRtoPs;
      }
    };
  }

  /** The floor of the retransmission timeout. */
  protected abstract long minRtoPs();

  public final void sample(long d) {
    if (!sampled) {
      srtt = d;
      mdev = d / 2;
      sampled = true;
    } else {
      mdev = 3 * mdev / 4 + Math.abs(d - srtt) / 4;
      srtt = 7 * srtt / 8 + d / 8;
    }
    rto = Math.max(srtt + 4 * mdev, minRtoPs());
  }

  public final boolean hasSample() {
    return sampled;
  }

  public final long srttPs() {
    return srtt;
  }

  public final long rtoPs() {
    return rto;
  }
}
