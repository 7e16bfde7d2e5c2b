package org.lbsim.transport;

import java.util.List;
import org.lbsim.design.Param;
import org.lbsim.design.Param.Reading;
import org.lbsim.design.Params;
import org.lbsim.lb.PathPolicy;
import org.lbsim.workload.FlowSpec;

/** The registry of loss recoveries, by name, in the order {@code lbsim list} and the schema show them. */
public final class LrDesigns {
  /** IRN's timeouts: auto, or microseconds above 0 and up to 1e9. */
  /** A timeout in microseconds: positive, at most 1e9, and at least the clock's 1 ps step. */
  private static final Reading TIMEOUT = timeout().orAuto();

  private static final List<LrDesign> ALL = List.of(
      new LrDesign("erasure",
          "Ideal rateless erasure coding: any m + transport.extra_packets coded packets complete the message",
          "the study's ideal loss recovery (arXiv 2507.21372 v2)", List.of(),
          (t, f, target, rtt) -> ErasureCoding.create(target, payload(t), referenceErasure(t, rtt), rtt),
          (t, i, ack, target) -> new CodedReceiver(t, i, ack, target * payload(t))),
      LrDesign.withSettings("sack",
          "Selective ACKs: a hole is lost once a SACK is sack.threshold beyond it (or the study's duplicate-ACK sender)",
          "the study's realistic loss recovery; RFC 6675",
          List.of(Param.integer("threshold", 3, 0, Integer.MAX_VALUE,
                  "a hole is lost once the highest SACKed sequence is more than this many packets beyond it (x)")
                  .reading(Reading.whole(0, Integer.MAX_VALUE)),
              Param.choice("trigger", SackSettings.TRIGGERS, "beyond",
                  "what declares a hole lost; beyond = a SACK more than x beyond it; dupacks = the study simulator's "
                      + "-sack x -dup d: on the d-th duplicate ACK resend every hole below a SACK more than x beyond "
                      + "the first, go-back-N on timeout; newreno = its -dup d without -sack: resend the first hole "
                      + "(docs/algorithms.md)"),
              Param.integerOrAuto("dupacks", 1, Integer.MAX_VALUE,
                  "duplicate ACKs d that start fast recovery; auto = sack.threshold").onlyWhen("trigger", "dupacks",
                  "newreno").reading(Reading.whole(1, Integer.MAX_VALUE).orAuto()),
              Param.integer("fast_retransmit", 1, 0, 1,
                  "1 = declare holes lost from SACKs; 0 = only timeouts and NACKs recover (the study's -nofr)")
                  .reading(Reading.whole(0, Integer.MAX_VALUE).atMost(1, "0 or 1")),
              Param.choice("timer", SackSettings.TIMERS, "progress",
                  "the retransmission timer; progress = one RTO after the last new cumulative ack, doubled per "
                      + "expiry, resending every unSACKed packet from the cumulative ack (RFC 6298, RFC 6675); "
                      + "per-packet = each outstanding packet times out one RTO after it was last sent, and only "
                      + "those packets are resent (uet-htsim's UEC and EQDS senders)").onlyWhen("trigger", "beyond")),
          SackSettings::bind, LrDesigns::sack, LrDesigns::sackReceiver, LrDesigns::checkSack),
      new LrDesign("gbn",
          "RoCE go-back-N: the receiver takes only the expected packet and NACKs a hole; the sender resends from it",
          "InfiniBand / RoCEv2 reliable connection", List.of(),
          (t, f, target, rtt) -> new GoBackN(target, rtt),
          (t, i, ack, target) -> new GbnReceiver(t, i, ack, target, payload(t))),
      LrDesign.withSettings("irn",
          "IRN selective repeat: NACKs with SACK bitmaps, in-flight cap at the path's BDP, two fixed timeouts",
          "Mittal et al., SIGCOMM 2018",
          List.of(Param.integerOrAuto("bdp_cap", 1, Long.MAX_VALUE,
                  "most packets in flight; auto = the unloaded path's bandwidth-delay product in packets")
                  .reading(Reading.whole(1, Long.MAX_VALUE).alsoRefusedWith(
                      "auto or a number of packets from 1 to " + Long.MAX_VALUE).orAuto()),
              Param.numberOrAuto("rto_low_us", 0, 1e9, "timeout while few packets are in flight (RTO_low), "
                  + "microseconds; auto = the paper's 100 us scaled by this fabric's base RTT over the paper's "
                  + "(docs/algorithms.md)").reading(TIMEOUT),
              Param.numberOrAuto("rto_high_us", 0, 1e9, "timeout otherwise (RTO_high), microseconds; auto = the "
                  + "paper's 320 us scaled by this fabric's base RTT over the paper's").reading(TIMEOUT),
              Param.integer("low_packets", 3, 0, Integer.MAX_VALUE,
                  "RTO_low applies with at most this many packets in flight (N)")
                  .reading(Reading.whole(0, Integer.MAX_VALUE))),
          IrnSettings::bind, LrDesigns::irn,
          (t, i, ack, target) -> new SackReceiver(t, i, ack, target, payload(t), true),
          LrDesigns::checkIrn));

  private LrDesigns() {}

  private static Reading timeout() {
    Reading positive = Reading.positive(1e9, "auto or a positive number of microseconds up to 1e9");
    return (text, bad) -> {
      Double us = positive.read(text, bad);
      if (us != null && IrnSettings.timeoutPs(us) == 0) {
        bad.refuse(text.trim(), "auto or a number of microseconds from 0.000001 (1 ps, the clock's step) up to 1e9");
        return null;
      }
      return us;
    };
  }

  public static List<LrDesign> all() {
    return ALL;
  }

  /** The design called {@code name}, or null. */
  public static LrDesign find(String name) {
    for (LrDesign d : ALL) {
      if (d.name().equals(name)) {
        return d;
      }
    }
    return null;
  }

  /** The names, in order. */
  public static List<String> names() {
    return ALL.stream().map(LrDesign::name).toList();
  }

  /**
   * The study simulator's erasure sender (loss = overtaken packets, one final pause) is its
   * constant-rate sender's: it never waits on a window. Under any other control a packet lost at
   * the tail would stay in flight and close the window for good, so the reference profile, too,
   * pairs it with per-packet loss timeouts there.
   */
  private static boolean referenceErasure(Transport t, RttView sender) {
    return t.settings().referenceErasure() && sender instanceof Sender s
        && s.congestionControl() instanceof ConstantRate;
  }

  private static int payload(Transport t) {
    return t.settings().format().payloadBytes();
  }

  /** SACK's sender: the threshold rule ({@code sack.trigger: beyond}) or the study's duplicate-ACK sender. */
  private static LossRecovery sack(SackSettings r, Transport t, FlowSpec f, long target, RttView rtt) {
    return r.dupAckTrigger()
        ? new DupAckRecovery(target, rtt, r.dupAckThreshold(), r.trigger().equals("dupacks") ? r.threshold() : -1,
            r.fastRetransmit(), t.settings().studySackBitmap())
        : SelectiveRepeat.sack(target, rtt, r.threshold(), r.fastRetransmit(), r.perPacketTimer());
  }

  /** SACK's receiver: the study simulator's for its duplicate-ACK sender where the profile says so. */
  private static Receiver sackReceiver(SackSettings r, Transport t, int flow, PathPolicy ackPath, long target) {
    return r.dupAckTrigger() && t.settings().studySackBitmap()
        ? SackReceiver.study(t, flow, ackPath, target, payload(t))
        : new SackReceiver(t, flow, ackPath, target, payload(t), false);
  }

  /** IRN's sender: in-flight cap (auto: the flow's unloaded-path BDP) and timeouts (auto: scaled by the base RTT). */
  private static LossRecovery irn(IrnSettings r, Transport t, FlowSpec f, long target, RttView rtt) {
    return SelectiveRepeat.irn(target, rtt, r.bdpCap() > 0 ? r.bdpCap() : t.bdpPackets(f.src(), f.dst()),
        r.rtoLowPs(t.baseRttPs()), r.rtoHighPs(t.baseRttPs()), r.lowPackets());
  }

  /** A duplicate-ACK trigger with {@code sack.dupacks} auto counts {@code sack.threshold} duplicates: at least 1. */
  private static void checkSack(Params read, LrDesign.Keys keys) {
    if (read.has("threshold") && read.has("trigger") && read.has("dupacks") && keys.applies("dupacks")
        && read.isAuto("dupacks") && read.integer("threshold") == 0) {
      keys.refuse("threshold", "at least 1 with sack.trigger " + read.word("trigger", SackSettings.TRIGGERS)
          + " and sack.dupacks auto (a duplicate-ACK count)");
    }
  }

  /** RTO_high, when both timeouts are set, is at least RTO_low. */
  private static void checkIrn(Params read, LrDesign.Keys keys) {
    if (read.has("rto_low_us") && read.has("rto_high_us")) {
      long low = IrnSettings.timeoutPs(read.number("rto_low_us"));
      long high = IrnSettings.timeoutPs(read.number("rto_high_us"));
      if (low > 0 && high > 0 && high < low) {
        keys.refuse("rto_high_us", "at least irn.rto_low_us (" + keys.text("rto_low_us").trim() + ")");
      }
    }
  }
}
