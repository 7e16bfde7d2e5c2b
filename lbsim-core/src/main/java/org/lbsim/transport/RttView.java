package org.lbsim.transport;

/**
 * What a loss recovery reads of its flow's round-trip estimate: the smoothed RTT and the
 * retransmission timeout, in picoseconds. A flow's {@link Sender} keeps the estimate in its own
 * fields and is its recoveries' view; {@link RttEstimator} is a stand-alone one.
 */
public interface RttView {
  /** Smoothed RTT; 0 before the first sample. */
  long srttPs();

  /** Retransmission timeout: the initial one before the first sample. */
  long rtoPs();
}
