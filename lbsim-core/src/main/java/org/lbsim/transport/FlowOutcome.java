package org.lbsim.transport;

/**
 * What happened to one flow. Built field by field, by name, with {@link #builder}: a field left
 * unset is a time that never came (-1) or a count of nothing (0).
 *
 * @param startPs when its sender started (the origin of its FCT); -1 if it never started
 * @param finishPs when the ACK that completed it reached the sender; -1 if unfinished
 * @param receivedPs when the receiver held everything it needed; -1 if never
 * @param packetsSent data packets sent, repairs included
 * @param packetsLost packets the sender declared lost
 * @param meanRttPs mean RTT sample over its ACKs
 * @param retransmissions data packets sent again (a sequence sent before)
 * @param spuriousRetransmissions packets the receiver got twice: retransmissions whose original had arrived
 * @param timeouts retransmission timeouts that expired
 */
public record FlowOutcome(int id, int src, int dst, long bytes, long startPs, long finishPs, long receivedPs,
    long packetsSent, long packetsLost, long meanRttPs, long retransmissions, long spuriousRetransmissions,
    long timeouts) {

  public boolean finished() {
    return finishPs >= 0;
  }

  /** Flow completion time, or -1 if unfinished. */
  public long fctPs() {
    return finishPs < 0 ? -1 : finishPs - startPs;
  }

  /** A flow that never started: every time -1, every count 0. */
  public static Builder builder() {
    return new Builder();
  }

  /** This outcome's fields, to change some of them. */
  public Builder toBuilder() {
    return builder().id(id).src(src).dst(dst).bytes(bytes).startPs(startPs).finishPs(finishPs).receivedPs(receivedPs)
        .packetsSent(packetsSent).packetsLost(packetsLost).meanRttPs(meanRttPs).retransmissions(retransmissions)
        .spuriousRetransmissions(spuriousRetransmissions).timeouts(timeouts);
  }

  /** Names each field of a {@link FlowOutcome}; see the record's components for their meaning. */
  public static final class Builder {
    private int id;
    private int src;
    private int dst;
    private long bytes;
    private long startPs = -1;
    private long finishPs = -1;
    private long receivedPs = -1;
    private long packetsSent;
    private long packetsLost;
    private long meanRttPs;
    private long retransmissions;
    private long spuriousRetransmissions;
    private long timeouts;

    private Builder() {}

    public Builder id(int v) {
      id = v;
      return this;
    }

    public Builder src(int v) {
      src = v;
      return this;
    }

    public Builder dst(int v) {
      dst = v;
      return this;
    }

    public Builder bytes(long v) {
      bytes = v;
      return this;
    }

    public Builder startPs(long v) {
      startPs = v;
      return this;
    }

    public Builder finishPs(long v) {
      finishPs = v;
      return this;
    }

    public Builder receivedPs(long v) {
      receivedPs = v;
      return this;
    }

    public Builder packetsSent(long v) {
      packetsSent = v;
      return this;
    }

    public Builder packetsLost(long v) {
      packetsLost = v;
      return this;
    }

    public Builder meanRttPs(long v) {
      meanRttPs = v;
      return this;
    }

    public Builder retransmissions(long v) {
      retransmissions = v;
      return this;
    }

    public Builder spuriousRetransmissions(long v) {
      spuriousRetransmissions = v;
      return this;
    }

    public Builder timeouts(long v) {
      timeouts = v;
      return this;
    }

    public FlowOutcome build() {
      return new FlowOutcome(id, src, dst, bytes, startPs, finishPs, receivedPs, packetsSent, packetsLost, meanRttPs,
          retransmissions, spuriousRetransmissions, timeouts);
    }
  }
}
