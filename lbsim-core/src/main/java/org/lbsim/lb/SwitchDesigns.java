package org.lbsim.lb;

import java.util.List;
import java.util.function.BiFunction;
import org.lbsim.design.Param;
import org.lbsim.lb.LbDesign.PlaneChoice;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Switch;
import org.lbsim.topo.Topology;

/** Designs whose decisions are made in the switches (the hosts keep one entropy per flow). */
final class SwitchDesigns {
  private static final double ECN_DEFAULT = 0.5;
  private static final double PS_PER_US = 1e6;

  private SwitchDesigns() {}

  static List<LbDesign> all() {
    return List.of(
        design("switch-spray",
            "Switch round-robin spraying: one rotation per switch over its up ports, re-permuted every reshuffle_wraps rotations",
            "the study's Switch Pkt (reference simulator's rr strategy)",
            List.of(Param.integer("reshuffle_wraps", 5, 1, 1_000_000,
                "full rotations over the up ports between two random re-permutations")),
            (sw, ctx) -> new SwitchSpray(sw, ctx.params().integer("reshuffle_wraps")), PlaneChoice.ROTATION),
        design("simple-rr",
            "Simple switch round-robin: one rotation per switch in a random order from a random start, never re-permuted",
            "the study's Simple RR (Table 3)", List.of(), (sw, ctx) -> new SimpleRr(sw), PlaneChoice.ROTATION),
        design("jsq",
            "Join the shortest queue: the up port with the fewest queued bytes (exact), ties at random",
            "the study's JSQ (Table 3)", List.of(), (sw, ctx) -> new Jsq(sw), PlaneChoice.ROTATION),
        design("rsq",
            "Random next hop: a uniformly random up port per packet, chosen by the switch",
            "the study's RSQ (Table 3)", List.of(), (sw, ctx) -> new Rsq(), PlaneChoice.ROTATION),
        design("switch-ar",
            "Switch adaptive routing: a random up port among those with the lowest quantized queue level (4 levels, cached)",
            "Spectrum-X-style AR; the study's Switch Pkt AR (reference simulator's pkt_ar)",
            List.of(Param.number("refresh_us", 0.1, 0, 1000, "a port's cached level is recomputed on a query older than this, microseconds"),
                Param.number("bucket1_pct", 5, 0, 100, "level 0 below this % of the port buffer"),
                Param.number("bucket2_pct", 10, 0, 100, "level 1 below this % of the port buffer"),
                Param.number("bucket3_pct", 20, 0, 100, "level 2 below this % of the port buffer, level 3 above")),
            (sw, ctx) -> new SwitchAr(sw, ctx.clock(), ps(ctx.params().number("refresh_us")), ctx.bufferBytes(),
                ctx.params().number("bucket1_pct"), ctx.params().number("bucket2_pct"), ctx.params().number("bucket3_pct")),
            PlaneChoice.ROTATION),
        design("ofan",
            "Switch destination rotation: IWRR pointers per destination ToR (at ToRs) or pod (at aggs), data and ACKs apart",
            "Ofan, the study's switch-side DR (arXiv 2507.21372 §6; reference simulator's llss)", List.of(),
            (sw, ctx) -> new Ofan(sw, ctx.topology().hosts(), scheduleGroupHosts(ctx.topology())), PlaneChoice.ROTATION),
        design("letflow",
            "Flowlet switching: a flow silent for more than gap_us starts a new flowlet on a uniformly random up port",
            "LetFlow (Vanini et al., NSDI 2017)",
            List.of(Param.number("gap_us", 10, 0, 1_000_000, "flowlet inactivity gap, microseconds"),
                Param.integer("table_bits", 12, 4, 24, "flowlet table of 2^table_bits entries per switch")),
            (sw, ctx) -> new LetFlow(ctx.clock(), ps(ctx.params().number("gap_us")), ctx.params().integer("table_bits")),
            PlaneChoice.ENTROPY),
        design("drill",
            "Per-packet power of choices: the least-queued of d random up ports and the m best remembered from the last decision",
            "DRILL (Ghorbani et al., SIGCOMM 2017)",
            List.of(Param.integer("d", 2, 1, 64, "up ports sampled at random per packet"),
                Param.integer("m", 1, 0, 16, "least-loaded ports remembered from the previous decision")),
            (sw, ctx) -> new Drill(sw, ctx.params().integer("d"), ctx.params().integer("m")), PlaneChoice.ROTATION),
        design("conga",
            "Leaf-to-leaf congestion feedback: each flowlet takes the path minimizing max(local uplink, remote path) utilization",
            "CONGA (Alizadeh et al., SIGCOMM 2014)",
            List.of(Param.number("gap_us", 10, 0, 1_000_000, "flowlet inactivity gap, microseconds"),
                Param.integer("table_bits", 12, 4, 24, "flowlet table of 2^table_bits entries per leaf"),
                Param.number("dre_period_us", 1, 0.001, 1000, "utilization estimator decay period T_dre, microseconds"),
                Param.number("dre_alpha", 0.1, 0.001, 1, "decay factor per period; the estimator's time constant is T_dre / alpha"),
                Param.integer("q_bits", 3, 1, 8, "bits of the quantized congestion metric")),
            (sw, ctx) -> {
              return new Conga(sw, ctx.clock(), ctx.topology(), ps(ctx.params().number("gap_us")),
                  ctx.params().integer("table_bits"), Math.max(1, ps(ctx.params().number("dre_period_us"))),
                  ctx.params().number("dre_alpha"), ctx.params().integer("q_bits"));
            }, PlaneChoice.ENTROPY));
  }

  /**
   * A switch-side design. Hosts keep one entropy per flow and ACKs echo it: every in-plane choice
   * is the switches'. On several planes the NIC rotates the packets of designs that choose per
   * packet over the planes, and hashes the flow of flowlet designs onto one ({@code planes}).
   */
  private static LbDesign design(String name, String summary, String source, List<Param> params,
      BiFunction<Switch, LbContext, PortSelector> switches, PlaneChoice planes) {
    return new LbDesign(name, summary, source, params, ECN_DEFAULT, ctx -> (flow, rnd) -> new FlowPath(0), null, switches,
        false, planes);
  }

  /** Ofan's schedules are per destination pod in a fat tree, per destination leaf in a leaf-spine. */
  private static int scheduleGroupHosts(Topology t) {
    return t.hostsPerPod();
  }

  private static long ps(double us) {
    return Math.round(us * PS_PER_US);
  }
}
