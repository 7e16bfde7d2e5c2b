package org.lbsim.transport;

import org.lbsim.net.PacketFormat;

/**
 * How every sender and receiver of a run behaves.
 *
 * @param format packet sizes
 * @param rateCoef pacing rate as a fraction of the flow's fair share of its host link
 * @param extraPackets erasure-coding overhead k: packets sent beyond the message's own
 * @param ackEchoesCe ACKs copy the data packet's CE bit (false in the reference profile, where a
 *     sender only sees marks the ACK itself picked up)
 * @param referencePacing jittered start in [0, gap) from which FCT is measured, and gaps with a
 *     positive jitter in [0, gap/100), as in the study's simulator
 * @param referenceErasure the study simulator's erasure sender (pause one SRTT, then one packet
 *     per slot) instead of per-packet loss timeouts
 * @param initialRtoPs retransmission timeout before the first RTT sample
 * @param minRtoPs floor of the retransmission timeout
 * @param nicBackpressure a sender does not post a data packet while its host NIC still holds a
 *     full data packet waiting: the host cannot push faster than its link drains, so the ACKs it
 *     returns slow its own data instead of piling it up in an ever-growing NIC queue (off in the
 *     reference profile, whose NIC queue is unbounded and never pushes back)
 * @param recovery the loss recovery and its parameters
 * @param cc creates each flow's congestion control; null = the ideal constant rate
 * @param cnpIntervalPs receivers answer CE-marked data with a CNP at most this often per flow
 *     (DCQCN's notification point); negative = no CNPs
 */
public record TransportSettings(PacketFormat format, double rateCoef, int extraPackets, boolean ackEchoesCe,
    boolean referencePacing, boolean referenceErasure, long initialRtoPs, long minRtoPs, RecoveryParams recovery,
    boolean nicBackpressure, CcFactory cc, long cnpIntervalPs) {

  /** The ideal constant-rate congestion control, no CNPs. */
  public TransportSettings(PacketFormat format, double rateCoef, int extraPackets, boolean ackEchoesCe,
      boolean referencePacing, boolean referenceErasure, long initialRtoPs, long minRtoPs, RecoveryParams recovery,
      boolean nicBackpressure) {
    this(format, rateCoef, extraPackets, ackEchoesCe, referencePacing, referenceErasure, initialRtoPs, minRtoPs,
        recovery, nicBackpressure, null, -1);
  }

  public TransportSettings {
    if (!(rateCoef > 0)) {
      throw new IllegalArgumentException("rate_coef must be > 0, got " + rateCoef);
    }
    if (extraPackets < 0) {
      throw new IllegalArgumentException("extra packets must be >= 0, got " + extraPackets);
    }
  }
}
