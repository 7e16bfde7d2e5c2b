package org.lbsim.scenario;

import org.lbsim.design.Params;
import org.lbsim.lb.LbDesign;
import org.lbsim.lb.StudyForm;
import org.lbsim.net.PacketFormat;
import org.lbsim.transport.TransportProfile;

/**
 * Modelling profile. {@code DEFAULT} is physically correct; {@code REFERENCE} switches on the
 * study simulator's choices that change results, for one-to-one comparison with it. Each method
 * names one such choice.
 */
public enum Profile implements TransportProfile {
  DEFAULT(false),
  REFERENCE(true);

  private final boolean study;

  Profile(boolean study) {
    this.study = study;
  }

  static Profile parse(String s) {
    return s.equals("reference") ? REFERENCE : DEFAULT;
  }

  /**
   * The packet sizes as the wire sees them. The reference profile puts only the payload on the
   * wire for data packets, sends header + gap sized ACKs, has no gap on the wire, and paces by
   * the full MTU (payload + header + gap).
   */
  public PacketFormat wireFormat(PacketSection p) {
    if (study) {
      int mtu = p.payloadBytes() + p.headerBytes() + p.gapBytes();
      return new PacketFormat(p.payloadBytes(), 0, p.headerBytes() + p.gapBytes(), 0, mtu);
    }
    return PacketFormat.of(p.payloadBytes(), p.headerBytes(), p.ackBytes(), p.gapBytes());
  }

  /**
   * Bytes one packet of {@code buffer.packets} stands for: payload + header; the reference
   * profile sizes buffers in MTUs of payload + header + gap (4178 B).
   */
  public long bufferPacketBytes(PacketSection p) {
    long unit = (long) p.payloadBytes() + p.headerBytes();
    return study ? unit + p.gapBytes() : unit;
  }

  /** Bytes of a trimmed packet (its header): the header; in the reference profile header + gap, its ACK size. */
  public int trimmedBytes(PacketSection p) {
    return study ? p.headerBytes() + p.gapBytes() : p.headerBytes();
  }

  /**
   * Whether {@code buffer.trim_victim: auto} tosses a coin between the arriving and the newest
   * queued packet (NDP, the study simulator) rather than trimming the arriving one.
   */
  public boolean coinTrimVictim() {
    return study;
  }

  /**
   * Whether the CCT runs from the collective's first start to the last completion; otherwise
   * (reference) it is the largest FCT, each measured from its own jittered start, as the study's
   * flow logs give it.
   */
  public boolean cctFromFirstStart() {
    return !study;
  }

  /**
   * Whether aggregation switches build each destination's forwarding entry when its first packet
   * passes, from the links failed then, and keep it until routes converge (the reference's lazy
   * tables, stale across a failure; failure/LazyTables); otherwise every switch follows the
   * converged view.
   */
  public boolean lazyForwardingTables() {
    return study;
  }

  /**
   * Whether a degraded link ({@code failures.kind: degraded}) slows only its downward direction
   * (core to aggregation, aggregation to ToR), as the study's simulator builds one (a slower
   * queue on the core switch's port only); otherwise both directions.
   */
  public boolean degradesDownOnly() {
    return study;
  }

  /**
   * The form of {@code lb} this profile runs: under the reference profile the study simulator's
   * ({@link LbDesign#studyForm()}: e.g. {@code subflow} as independent connections, {@code host-spray}
   * numbering path ids), otherwise null, the design's own (the default profile's subflows are
   * paths of one flow with one shared target, "coded subflows").
   */
  public StudyForm form(LbDesign lb) {
    return study ? lb.studyForm() : null;
  }

  /** The connections each flow of {@code lb} runs as under this profile (1: the flow itself). */
  public int connectionsPerFlow(LbDesign lb, Params lbParams) {
    StudyForm form = form(lb);
    return form == null ? 1 : form.connections().applyAsInt(lbParams);
  }

  @Override
  public boolean ackEchoesCe() {
    return !study;
  }

  @Override
  public boolean referencePacing() {
    return study;
  }

  @Override
  public boolean referenceErasure() {
    return study;
  }

  @Override
  public boolean nicBackpressure() {
    return !study;
  }

  @Override
  public boolean roundRobinNic() {
    return study;
  }

  @Override
  public boolean studySackBitmap() {
    return study;
  }
}
