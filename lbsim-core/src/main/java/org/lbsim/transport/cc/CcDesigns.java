package org.lbsim.transport.cc;

import java.util.List;
import org.lbsim.design.Param;
import org.lbsim.design.Params;
import org.lbsim.transport.CcContext;
import org.lbsim.transport.ConstantRate;

/**
 * The registry of congestion controls, by name. Defaults are the papers' published values;
 * where those were set for another link speed or fabric, the value is scaled to the study's
 * (800 Gb/s, ~6 µs unloaded RTT) and the meaning says so (see docs/congestion-control.md).
 */
public final class CcDesigns {
  private static final double PS_PER_US = 1_000_000;

  private static final List<Param> SWIFT_PARAMS = List.of(
      Param.number("ai", 1.0, 0.001, 1000, "additive increase, packets per RTT"),
      Param.number("beta", 0.8, 0.001, 1, "multiplicative decrease gain"),
      Param.number("max_mdf", 0.5, 0.001, 0.999, "largest multiplicative decrease factor per RTT"),
      Param.number("base_target_us", 1.0, 0, 1000, "queueing delay allowed on top of the unloaded RTT, us (scaled to 800G)"),
      Param.number("hop_us", 0.1, 0, 100, "target added per switch hop, us (scaled to 800G)"),
      Param.number("fs_range_us", 5.0, 0, 1000, "flow scaling: most target added for tiny windows, us (5 x base target)"),
      Param.number("fs_min_cwnd", 0.1, 0.001, 1000, "flow scaling: window (packets) at which the full range applies"),
      Param.number("fs_max_cwnd", 100, 0.01, 1e6, "flow scaling: window (packets) above which none applies"),
      Param.number("min_cwnd", 0.001, 0.0001, 1, "smallest window, packets (below 1 the sender paces)"),
      Param.number("max_cwnd", 1000, 1, 1e7, "largest window, packets"),
      Param.integer("retx_reset", 5, 1, 1000, "consecutive timeouts that reset the window to min_cwnd"),
      Param.number("init_cwnd_bdp", 1.0, 0.001, 1000,
          "first window in unloaded-path BDPs (htsim's Swift driver: 15 packets, its -cwnd)"));

  private static final Param NSCC_INIT = Param.number("init_cwnd_bdp", 1.0, 0.01, 1.5,
      "first window in unloaded-path BDPs, at most the 1.5 BDP window cap (UEC's reference simulator: 1.5)");

  private static final List<CcDesign> ALL = List.of(
      new CcDesign("ideal", "Ideal constant rate: pace at rate_coef x the flow's fair share of its host link, ignore feedback",
          "the study's ideal CCA (arXiv 2507.21372 v2)", List.of(), false, false,
          (p, f) -> new ConstantRate(f.idealGapPs(), f.jitter())),
      new CcDesign("line-rate", "No congestion control: every flow offers a packet per line-rate slot; only the NIC and the buffers hold it back",
          "baseline", List.of(), false, false, (p, f) -> new LineRate(f.lineSlotPs())),
      new CcDesign("dctcp", "DCTCP: ECN fraction alpha per window, cwnd x (1 - alpha/2) once per window of marks",
          "Alizadeh et al., SIGCOMM 2010; RFC 8257", List.of(
              Param.number("g", 1.0 / 16, 0.0001, 1, "alpha gain g"),
              Param.number("init_alpha", 1.0, 0, 1, "alpha before the first window (RFC 8257 / Linux: 1)"),
              Param.number("init_cwnd_bdp", 1.0, 0.01, 100,
                  "first window in unloaded-path BDPs (htsim's DCTCP driver: 15 packets, its -cwnd)")), false, false,
          (p, f) -> new Dctcp(p.number("g"), Math.max(1, p.number("init_cwnd_bdp") * f.bdpPackets()), p.number("init_alpha"),
              f.lineSlotPs())),
      new CcDesign("swift", "Swift: delay-based AIMD with a target scaled by hops and by flow count, pacing below one packet",
          "Kumar et al., SIGCOMM 2020", SWIFT_PARAMS, false, false, (p, f) -> new Swift(swiftConfig(p, f))),
      new CcDesign("mswift", "MSwift: Swift on the median of recent delay samples, duplicate-ACK losses not taken as congestion; robust to spraying",
          "Gerstein, Silberstein, Keslassy, arXiv 2509.07907 (2025)", concat(SWIFT_PARAMS,
              Param.integer("samples", 0, 0, MSwift.MAX_SAMPLES, "delay samples in the median; 0 = one window's worth (3 to 64)")),
          false, false, (p, f) -> new MSwift(swiftConfig(p, f), p.integer("samples"))),
      new CcDesign("dcqcn", "DCQCN: RoCE rate control on CNPs (alpha, fast recovery, additive and hyper increase, timer and byte counter)",
          "Zhu et al., SIGCOMM 2015", List.of(
              Param.number("g", 1.0 / 256, 0.00001, 1, "alpha gain g"),
              Param.number("alpha_us", 55, 0.01, 1e6, "alpha decays by (1 - g) per this period without CNP, us"),
              Param.number("timer_us", 55, 0.01, 1e6, "rate increase timer T, us"),
              Param.number("byte_counter", 10_485_760, 1, 1e12, "rate increase byte counter B, bytes"),
              Param.integer("fast_recovery", 5, 0, 1000, "fast recovery stages F"),
              Param.number("ai_mbps", 40, 0, 1e6, "additive increase R_AI, Mb/s"),
              Param.number("hai_mbps", 400, 0, 1e6, "hyper increase R_HAI, Mb/s (10 x R_AI)"),
              Param.number("min_rate_mbps", 100, 0.001, 1e6, "lowest rate, Mb/s"),
              Param.number("cnp_interval_us", 50, 0, 1e6, "receiver: at most one CNP per flow per this interval, us")),
          false, true, CcDesigns::dcqcn),
      new CcDesign("hpcc", "HPCC: window from per-hop INT (queue, tx bytes, rate), target utilization eta, additive step W_AI",
          "Li et al., SIGCOMM 2019", List.of(
              Param.number("eta", 0.95, 0.01, 1, "target utilization eta"),
              Param.integer("max_stage", 5, 0, 1000, "additive steps before a multiplicative update"),
              Param.number("ai_flows", 100, 1, 1e6, "W_AI = BDP x (1 - eta) / this (the expected concurrent flows)"),
              Param.numberOrAuto("t_us", 0, 1e6, "T, the base RTT that scales utilization and pacing, us; auto = "
                  + "the flow's unloaded RTT (htsim's HPCC: 12 us)"),
              Param.number("init_cwnd_bdp", 1.0, 0.01, 100, "first window in line rate x T (the paper's W_init = "
                  + "B x T; htsim's HPCC likewise)")),
          true, false, CcDesigns::hpcc),
      new CcDesign("timely", "TIMELY: RTT-gradient rate control with T_low / T_high and hyperactive increase",
          "Mittal et al., SIGCOMM 2015", List.of(
              Param.number("alpha", 0.875, 0.0001, 1, "EWMA gain of the RTT difference"),
              Param.number("beta", 0.8, 0.0001, 1, "multiplicative decrease gain"),
              Param.number("delta_mbps", 800, 0, 1e6, "additive step delta, Mb/s (the paper's 10 Mb/s at 10G, x 80)"),
              Param.number("t_low_us", 7.5, 0, 1e6, "below this RTT always increase, us (scaled to the 800G fabric)"),
              Param.number("t_high_us", 12, 0, 1e6, "above this RTT always decrease, us (scaled to the 800G fabric)"),
              Param.integer("segment_packets", 16, 1, 100_000, "ACKs per completion event (64 KB segments)"),
              Param.integer("hai_events", 5, 1, 1000, "negative-gradient events in a row before 5 x delta (HAI)"),
              Param.number("min_rate_mbps", 100, 0.001, 1e6, "lowest rate, Mb/s")),
          false, false, CcDesigns::timely),
      new CcDesign("nscc", "UEC NSCC: delay x ECN quadrants (proportional / fair increase, no-op, multiplicative decrease), quick adapt",
          "Ultra Ethernet Consortium, UEC 1.0 specification (2025)", List.of(
              Param.number("target_fraction", 0.75, 0.01, 100, "target queueing delay as a fraction of the unloaded RTT"),
              Param.number("gamma", 0.8, 0.01, 1, "multiplicative decrease gain"),
              Param.integer("qa_gate", 3, 0, 20, "quick adapt only when the bytes acked in a period < maxwnd >> this"),
              NSCC_INIT),
          false, false, CcDesigns::nscc),
      new CcDesign("mnscc", "MNSCC: UEC NSCC on the median of recent delay samples (the MSwift principle); robust to spraying",
          "Gerstein, Silberstein, Keslassy, arXiv 2509.07907 v2 (2026)", List.of(
              Param.number("target_fraction", 0.75, 0.01, 100, "target queueing delay as a fraction of the unloaded RTT"),
              Param.number("gamma", 0.8, 0.01, 1, "multiplicative decrease gain"),
              Param.integer("qa_gate", 3, 0, 20, "quick adapt only when the bytes acked in a period < maxwnd >> this"),
              Param.integer("samples", 0, 0, MedianWindow.MAX_SAMPLES, "delay samples in the median; 0 = one window's worth (3 to 64)"),
              NSCC_INIT),
          false, false, (p, f) -> new MNscc(nsccConfig(p, f), p.integer("samples"))),
      new CcDesign("eqds", "EQDS receiver credit: unsolicited first window, then one packet per pull; each receiver paces pulls at its link rate over its senders",
          "Olteanu et al., NSDI 2022 (UEC RCCC follows it)", List.of(
              Param.number("init_window_bdp", 1.0, 0, 100, "speculative (unsolicited) window at the start, in unloaded-path BDPs"),
              Param.integerOrAuto("init_window_packets", 0, 1_000_000,
                  "the same window in data packets, for every flow whatever its path; auto = init_window_bdp x the path's BDP"),
              Param.number("pull_rate", 0.99, 0.01, 1, "receiver pulls at this fraction of its link rate (just below line rate)")),
          false, false, CcDesigns::eqds));

  private CcDesigns() {}

  public static List<CcDesign> all() {
    return ALL;
  }

  /** The design called {@code name}, or null. */
  public static CcDesign find(String name) {
    for (CcDesign d : ALL) {
      if (d.name().equals(name)) {
        return d;
      }
    }
    return null;
  }

  private static List<Param> concat(List<Param> base, Param extra) {
    java.util.ArrayList<Param> all = new java.util.ArrayList<>(base);
    all.add(extra);
    return List.copyOf(all);
  }

  private static long us(Params p, String name) {
    return Math.round(p.number(name) * PS_PER_US);
  }

  static Swift.Config swiftConfig(Params p, CcContext f) {
    return new Swift.Config(p.number("ai"), p.number("beta"), p.number("max_mdf"), f.baseRttPs(), us(p, "base_target_us"),
        us(p, "hop_us"), f.hops(), us(p, "fs_range_us"), p.number("fs_min_cwnd"), p.number("fs_max_cwnd"),
        p.number("min_cwnd"), p.number("max_cwnd"), p.number("init_cwnd_bdp") * f.bdpPackets(), p.integer("retx_reset"),
        f.lineSlotPs());
  }

  private static Dcqcn dcqcn(Params p, CcContext f) {
    return new Dcqcn(new Dcqcn.Config(p.number("g"), us(p, "alpha_us"), us(p, "timer_us"), (long) p.number("byte_counter"),
        p.integer("fast_recovery"), p.number("ai_mbps") * 1e6, p.number("hai_mbps") * 1e6,
        Math.min(f.hostBitsPerSecond(), p.number("min_rate_mbps") * 1e6), f.hostBitsPerSecond(), f.lineSlotPs()));
  }

  private static Hpcc hpcc(Params p, CcContext f) {
    double eta = p.number("eta");
    long t = p.isAuto("t_us") ? f.baseRttPs() : Math.max(1, us(p, "t_us"));
    double winit = f.hostBytesPerPs() * t;
    return new Hpcc(new Hpcc.Config(eta, p.integer("max_stage"), winit * (1 - eta) / p.number("ai_flows"), t,
        f.dataBytes(), winit, p.number("init_cwnd_bdp") * winit, f.lineSlotPs()));
  }

  private static Timely timely(Params p, CcContext f) {
    return new Timely(new Timely.Config(p.number("alpha"), p.number("beta"), p.number("delta_mbps") * 1e6,
        us(p, "t_low_us"), us(p, "t_high_us"), f.baseRttPs(), p.integer("segment_packets"), p.integer("hai_events"),
        Math.min(f.hostBitsPerSecond(), p.number("min_rate_mbps") * 1e6), f.hostBitsPerSecond(), f.lineSlotPs()));
  }

  private static Eqds eqds(Params p, CcContext f) {
    long window = p.isAuto("init_window_packets") ? (long) Math.ceil(p.number("init_window_bdp") * f.bdpPackets())
        : p.integerOr("init_window_packets", 0);
    return new Eqds(new Eqds.Config(window, p.number("pull_rate"), f.baseRttPs(), f.lineSlotPs()));
  }

  private static Nscc nscc(Params p, CcContext f) {
    return new Nscc(nsccConfig(p, f));
  }

  private static Nscc.Config nsccConfig(Params p, CcContext f) {
    long target = Math.max(1, Math.round(p.number("target_fraction") * f.baseRttPs()));
    return new Nscc.Config(f.baseRttPs(), target, p.number("gamma"), p.integer("qa_gate"),
        f.hostBytesPerPs() * f.baseRttPs(), p.number("init_cwnd_bdp"), f.dataBytes(), f.lineSlotPs());
  }
}
