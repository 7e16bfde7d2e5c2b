package org.lbsim.transport;

import java.util.function.Function;
import org.lbsim.net.PacketFormat;

/**
 * How every sender and receiver of a run behaves. The profile's choices ({@link
 * TransportProfile}) are read once, here, into plain fields; the ACK's CE mark comes from the
 * scenario, which follows the profile unless it says otherwise.
 */
public final class TransportSettings {
  private final PacketFormat format;
  private final double rateCoef;
  private final int extraPackets;
  private final boolean ackEchoesCe;
  private final boolean referencePacing;
  private final boolean referenceErasure;
  private final boolean nicBackpressure;
  private final boolean roundRobinNic;
  private final boolean studySackBitmap;
  private final long initialRtoPs;
  private final long minRtoPs;
  private final LrDesign recovery;
  private final CcFactory cc;
  private final long cnpIntervalPs;
  private final Function<CcContext, CcReceiver> ccReceivers;
  private final boolean rttFromSlot;
  private final int ackCoalesceBytes;

  /**
   * @param format packet sizes
   * @param rateCoef pacing rate as a fraction of the flow's fair share of its host link
   * @param extraPackets erasure-coding overhead k: packets sent beyond the message's own
   * @param profile what the modelling profile changes in senders and receivers
   * @param ackEchoesCe whether an ACK carries the CE mark of the data packet it answers (the
   *     sender's congestion signal) rather than only the mark it picks up on its way back; the
   *     scenario's {@code packet.ack_ce}, by default the profile's {@link TransportProfile#ackEchoesCe()}
   * @param initialRtoPs retransmission timeout before the first RTT sample
   * @param minRtoPs floor of the retransmission timeout
   * @param recovery the loss recovery, its parameters bound for this run ({@link LrDesign#bind})
   * @param cc creates each flow's congestion control; null = the ideal constant rate
   * @param cnpIntervalPs receivers answer CE-marked data with a CNP at most this often per flow
   *     (DCQCN's notification point); negative = no CNPs
   * @param ccReceivers creates each flow's receiver part of the congestion control, from the
   *     flow's context ({@link CcReceiver}); null = the control has none
   * @param rttFromSlot whether a data packet's RTT samples start when its sender's slot came rather
   *     than when it entered the host NIC, so the time it waited for room there counts as delay
   *     ({@code transport.rtt_from: slot}; only a NIC with back-pressure makes a packet wait)
   * @param ackCoalesceBytes a receiver ACKs once this many data bytes have arrived since its last
   *     ACK, or at once when a packet calls for it (see {@link AckCoalescing}); 0 = every
   *     packet ({@code transport.ack_coalesce_bytes})
   */
  public TransportSettings(PacketFormat format, double rateCoef, int extraPackets, TransportProfile profile,
      boolean ackEchoesCe, long initialRtoPs, long minRtoPs, LrDesign recovery, CcFactory cc, long cnpIntervalPs,
      Function<CcContext, CcReceiver> ccReceivers, boolean rttFromSlot, int ackCoalesceBytes) {
    if (!(rateCoef > 0)) {
      throw new IllegalArgumentException("rate_coef must be > 0, got " + rateCoef);
    }
    if (extraPackets < 0) {
      throw new IllegalArgumentException("extra packets must be >= 0, got " + extraPackets);
    }
    this.format = format;
    this.rateCoef = rateCoef;
    this.extraPackets = extraPackets;
    this.ackEchoesCe = ackEchoesCe;
    this.referencePacing = profile.referencePacing();
    this.referenceErasure = profile.referenceErasure();
    this.nicBackpressure = profile.nicBackpressure();
    this.roundRobinNic = profile.roundRobinNic();
    this.studySackBitmap = profile.studySackBitmap();
    this.initialRtoPs = initialRtoPs;
    this.minRtoPs = minRtoPs;
    this.recovery = recovery;
    this.cc = cc;
    this.cnpIntervalPs = cnpIntervalPs;
    this.ccReceivers = ccReceivers;
    this.rttFromSlot = rttFromSlot;
    this.ackCoalesceBytes = ackCoalesceBytes;
  }

  /** See the constructor's {@code ackCoalesceBytes}. */
  public int ackCoalesceBytes() {
    return ackCoalesceBytes;
  }

  /** See the constructor's {@code rttFromSlot}. */
  public boolean rttFromSlot() {
    return rttFromSlot;
  }

  public PacketFormat format() {
    return format;
  }

  public double rateCoef() {
    return rateCoef;
  }

  public int extraPackets() {
    return extraPackets;
  }

  /**
   * Whether an ACK carries the CE mark of the data packet it answers, rather than only the mark it
   * picks up on its way back.
   */
  public boolean ackEchoesCe() {
    return ackEchoesCe;
  }

  /** See {@link TransportProfile#referencePacing()}. */
  public boolean referencePacing() {
    return referencePacing;
  }

  /** See {@link TransportProfile#referenceErasure()}. */
  public boolean referenceErasure() {
    return referenceErasure;
  }

  /** See {@link TransportProfile#nicBackpressure()}. */
  public boolean nicBackpressure() {
    return nicBackpressure;
  }

  /** See {@link TransportProfile#roundRobinNic()}. */
  public boolean roundRobinNic() {
    return roundRobinNic;
  }

  /** See {@link TransportProfile#studySackBitmap()}. */
  public boolean studySackBitmap() {
    return studySackBitmap;
  }

  public long initialRtoPs() {
    return initialRtoPs;
  }

  public long minRtoPs() {
    return minRtoPs;
  }

  /** The loss recovery, its parameters bound for this run: it makes each flow's two ends. */
  public LrDesign recovery() {
    return recovery;
  }

  /** Creates each flow's congestion control; null = the ideal constant rate. */
  public CcFactory cc() {
    return cc;
  }

  public long cnpIntervalPs() {
    return cnpIntervalPs;
  }

  /** Creates each flow's receiver part of the congestion control ({@link CcReceiver}); null = none. */
  public Function<CcContext, CcReceiver> ccReceivers() {
    return ccReceivers;
  }
}
