package org.lbsim.lb;

import java.util.List;
import java.util.function.Function;
import org.lbsim.design.Param;

/** Designs whose decisions are made in the hosts (the switches hash with ECMP or follow source routes). */
final class HostDesigns {
  private static final double ECN_DEFAULT = 0.5;
  private static final long PS_PER_MS = 1_000_000_000L;

  private HostDesigns() {}

  static List<LbDesign> all() {
    return List.of(subflow(), plb(), reps(), bitmap(), hostDr(), centralTe());
  }

  private static LbDesign subflow() {
    return new LbDesign("subflow",
        "Subflows, switches hash (ECMP): coded subflows (N fixed random entropies per flow, packet i on subflow "
            + "i mod N, one shared erasure target); under profile: reference N independent connections, "
            + "the flow done with its slowest",
        "MPTCP (RFC 8684) subflows; the study's Subflow (4 subflows; its simulator's -subflows N, "
            + "gen_permutationsubflow.py)",
        List.of(Param.integer("count", 4, 1, 1024, "subflows per flow, each with its own entropy")), ECN_DEFAULT,
        ctx -> {
          int n = ctx.params().integer("count");
          return (flow, rnd) -> new Subflow(n, rnd);
        }, null, (sw, ctx) -> new Ecmp())
        // the study's -subflows N: N independent flows, each on its own ECMP path
        .withStudyForm(StudyForm.independentConnections(params -> params.integer("count")));
  }

  private static LbDesign plb() {
    return new LbDesign("plb",
        "Flowlet / PLB: one entropy per flow, a new random one when ECN marks persist (>= 40% of the last 10 ACKs "
            + "for 10-12 pacing gaps) or nothing is ACKed for an RTO; under profile: reference path ids 0, 1, 2, ... "
            + "(the next at each repath) as the study's simulator numbers them",
        "PLB (Qureshi et al., SIGCOMM 2022); the study's Flowlet",
        List.of(Param.integer("window", 10, 1, 1000, "ACKs whose ECN bits are kept"),
            Param.number("repath_fraction", 0.4, 0, 1, "repath when this fraction of the window is ECN-marked")),
        0.5,
        plbPaths(false), null, (sw, ctx) -> new Ecmp())
        // the study's senders start every flow at path id 0 and take the next at each repath
        .withStudyForm(StudyForm.hostPaths(plbPaths(true)));
  }

  private static Function<LbContext, PathPolicyFactory> plbPaths(boolean numbered) {
    return ctx -> {
      int window = ctx.params().integer("window");
      double fraction = ctx.params().number("repath_fraction");
      return (flow, rnd) -> new Plb(flow, rnd, window, fraction, numbered);
    };
  }

  private static LbDesign reps() {
    return new LbDesign("reps",
        "REPS: spray random entropies, recycle those whose ACK came back unmarked, explore when none is cached; "
            + "freeze onto cached ones after a timeout",
        "REPS (Bonato et al., 2024/2025), UEC htsim UecMpReps; the study's Host Pkt AR",
        List.of(Param.integer("evs", 16000, 1, 1 << 24, "entropy values sprayed over"),
            Param.integer("buffer", 8, 1, 1024, "ring of recycled entropies"),
            Param.integer("explore", 16, 0, 1_000_000, "random draws after a freeze ends"),
            Param.integer("freezing", 1, 0, 1, "1 = a timeout freezes the flow onto its cached entropies"),
            Param.number("freeze_ms", 10, 0, 1_000_000, "minimum length of a freeze, ms")),
        0.1,
        ctx -> {
          int evs = ctx.params().integer("evs");
          int buffer = ctx.params().integer("buffer");
          int explore = ctx.params().integer("explore");
          boolean freezing = ctx.params().integer("freezing") == 1;
          long freezePs = Math.round(ctx.params().number("freeze_ms") * PS_PER_MS);
          return (flow, rnd) -> new Reps(flow, rnd, evs, buffer, explore, freezing, freezePs);
        }, null, (sw, ctx) -> new Ecmp());
  }

  private static LbDesign bitmap() {
    return new LbDesign("bitmap",
        "UEC bitmap: shuffled round robin over a fixed set of entropies, skipping those with a penalty from recent "
            + "ECN marks, NACKs or timeouts until it ages out",
        "Ultra Ethernet 1.0 bitmap load balancing, UEC htsim UecMpBitmap",
        List.of(Param.integer("entropies", 256, 1, 1 << 16, "entropy values per flow"),
            Param.integer("max_penalty", 15, 1, 127, "penalty cap, and the penalty of a timeout"),
            Param.integer("ecn_penalty", 1, 0, 127, "penalty added by an ECN-marked ACK"),
            Param.integer("nack_penalty", 4, 0, 127, "penalty added by a NACK")),
        ECN_DEFAULT,
        ctx -> {
          int n = ctx.params().integer("entropies");
          int max = ctx.params().integer("max_penalty");
          int ecn = ctx.params().integer("ecn_penalty");
          int nack = ctx.params().integer("nack_penalty");
          return (flow, rnd) -> new Bitmap(rnd, n, max, ecn, nack);
        }, null, (sw, ctx) -> new Ecmp());
  }

  private static LbDesign hostDr() {
    return new LbDesign("host-dr",
        "Host DR (DRB): per destination, data and ACKs each rotate round robin over the top-tier switches "
            + "(cores, or the pod's aggs, or the spines), source-routed",
        "DRB (Cao et al., CoNEXT 2013); the study's Host DR",
        List.of(Param.choice("order", HostDr.ORDERS, "rotation",
            "rotation = every cycle over the top-tier switches in the same order (DRB, the study's); shuffled = each "
                + "cycle in a fresh random order, still every switch once per cycle")),
        ECN_DEFAULT,
        ctx -> {
          DrPaths paths = new DrPaths(ctx.topology());
          boolean shuffled = shuffled(ctx);
          return (flow, rnd) -> {
            int[] data = paths.candidates(flow.src(), flow.dst());
            int[] ack = paths.candidates(flow.dst(), flow.src());
            int d0 = HostDr.starts(ctx.random(), flow.flow(), data.length, ack.length)[0];
            return new HostDr(data, planePhase(d0 + 1, ctx, flow.flow())).following(ctx.routes(), flow.src(), flow.dst())
                .keepingSlotRoutes(true).shuffling(shuffled ? rnd : null);
          };
        },
        ctx -> {
          DrPaths paths = new DrPaths(ctx.topology());
          boolean shuffled = shuffled(ctx);
          return (flow, rnd) -> { // flow.src() is the receiver here, flow.dst() the data sender
            int[] ack = paths.candidates(flow.src(), flow.dst());
            int[] data = paths.candidates(flow.dst(), flow.src());
            int a0 = HostDr.starts(ctx.random(), flow.flow(), data.length, ack.length)[1];
            return new HostDr(ack, planePhase(a0, ctx, flow.flow())).following(ctx.routes(), flow.src(), flow.dst())
                .keepingSlotRoutes(false).shuffling(shuffled ? rnd : null);
          };
        },
        (sw, ctx) -> new FixedSourceRoutes());
  }

  /** Whether {@code host-dr.order} asks for a fresh random order per cycle. */
  private static boolean shuffled(LbContext ctx) {
    return ctx.params().word("order", HostDr.ORDERS).equals("shuffled");
  }

  /**
   * The first slot of a Host DR pointer on P planes ({@link DrPaths}: slot i on plane i mod P):
   * {@code slot} moved within its group of P so that the flow's first packet takes plane
   * flow mod P, as a rotating NIC would put it; flows numbered in a row then start on planes in
   * a row and keep a host's planes evenly loaded. With one plane, {@code slot} itself.
   */
  private static int planePhase(int slot, LbContext ctx, int flow) {
    int planes = ctx.topology().planes();
    return planes == 1 ? slot : slot - Math.floorMod(slot, planes) + flow % planes;
  }

  private static LbDesign centralTe() {
    return new LbDesign("central-te",
        "Central TE (oracle): a controller that knows every flow of a stage pins each to one source route, "
            + "spreading flows over the links tier by tier (equitable bipartite edge coloring; a permutation gets "
            + "link-disjoint paths); ACKs are planned the same way; under failures a flow detours only once routing "
            + "converges",
        "Centralized traffic engineering as in Gangidi et al., SIGCOMM 2024 (Meta's RoCE training fabric); "
            + "König's edge-coloring theorem. Not in the study: the oracle baseline",
        List.of(), ECN_DEFAULT, ctx -> plannedPaths(ctx, false), ctx -> plannedPaths(ctx, true),
        (sw, ctx) -> new Ecmp(), true, LbDesign.PlaneChoice.ROTATION);
  }

  /**
   * The planned routes of every flow (data, or the ACKs with {@code reverse}); a detour falls back
   * to Host DR's rotation from the slot Host DR would have drawn for the flow.
   */
  private static PathPolicyFactory plannedPaths(LbContext ctx, boolean reverse) {
    if (ctx.flows().isEmpty()) {
      throw new IllegalStateException("central-te needs the run's flows to plan (LbContext.flows is empty)");
    }
    int[] routes = RoutePlan.routes(ctx.topology(), ctx.flows(), reverse);
    DrPaths paths = new DrPaths(ctx.topology());
    return (flow, rnd) -> { // for ACKs, flow.src() is the receiver and flow.dst() the data sender
      int[] mine = paths.candidates(flow.src(), flow.dst());
      int[] other = paths.candidates(flow.dst(), flow.src());
      int start = reverse
          ? HostDr.starts(ctx.random(), flow.flow(), other.length, mine.length)[1]
          : HostDr.starts(ctx.random(), flow.flow(), mine.length, other.length)[0] + 1;
      if (flow.flow() >= routes.length) {
        throw new IllegalStateException("central-te was not given flow " + flow.flow() + " to plan; it knows "
            + routes.length + " flows");
      }
      return new PlannedPath(routes[flow.flow()], mine, start, ctx.routes(), flow.src(), flow.dst());
    };
  }
}
