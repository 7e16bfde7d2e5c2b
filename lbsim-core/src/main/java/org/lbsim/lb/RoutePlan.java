package org.lbsim.lb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.lbsim.net.Packet;
import org.lbsim.topo.Topology;
import org.lbsim.workload.FlowSpec;

/**
 * A central controller's source routes for a known set of flows: each flow gets one path,
 * spread over the links tier by tier.
 *
 * <p>Each dependency stage is planned on its own: flows of one stage are taken to run together
 * (an approximation when starts within a stage are staggered, e.g. jitter or .cm start times),
 * and flows of different stages not to meet. Tier by tier, from the ToRs up, the choice is an
 * equitable bipartite edge coloring ({@link EdgeColoring}) of the flows that climb above that
 * tier: an edge from the switch the flow climbs through to the switch of the same tier it comes
 * down through, colored with that tier's up ports. The switch it comes down through is the one
 * the destination's ToR reaches by the up ports chosen below (a fat tree's and a leaf-spine's
 * paths come down the way they would go up). In a fat tree that is first the aggregation
 * position j of each flow that leaves its ToR (an edge from the source ToR to the destination
 * ToR, k/2 colors: ToR uplink j, and agg j of the destination pod brings it down), then, for
 * flows that leave their pod, the core behind agg j (an edge from the source pod's agg j to the
 * destination pod's agg j, k/2 colors: that agg's uplink). In a leaf-spine the one choice is the
 * spine. For a permutation on a non-oversubscribed fabric every directed link then carries at
 * most one flow — Clos networks are rearrangeably non-blocking — and for an all-to-all each link
 * carries its exact fair share. Other matrices are equitable per tier given the choice below,
 * not a min-max optimum over both tiers.
 *
 * <p>{@code reverse} plans the ACK streams instead (destination to source of each flow); they
 * share links with the data, but data and ACKs are each at most one stream per link.
 */
final class RoutePlan {
  private RoutePlan() {}

  /** The source route of every flow, indexed by flow id ({@link Packet#NO_ROUTE} inside one ToR). */
  static int[] routes(Topology topology, List<FlowSpec> flows, boolean reverse) {
    int[] routes = new int[flows.size()];
    Arrays.fill(routes, Packet.NO_ROUTE);
    Map<Integer, List<FlowSpec>> stages = new TreeMap<>();
    for (FlowSpec f : flows) {
      stages.computeIfAbsent(f.stage(), s -> new ArrayList<>()).add(f);
    }
    for (List<FlowSpec> stage : stages.values()) {
      plan(topology, stage, reverse, routes);
    }
    return routes;
  }

  /** Colors, tier by tier, the flows of one stage that climb above the tier. */
  private static void plan(Topology t, List<FlowSpec> stage, boolean reverse, int[] routes) {
    List<FlowSpec> climbing = new ArrayList<>();
    for (FlowSpec f : stage) {
      if (t.lowestCommonTier(src(f, reverse), dst(f, reverse)) > 0) {
        climbing.add(f);
      }
    }
    int n = climbing.size();
    int[] up = new int[n]; // the switch of this tier each flow climbs through
    int[] down = new int[n]; // and the one it comes down through
    for (int i = 0; i < n; i++) {
      up[i] = t.torOf(src(climbing.get(i), reverse));
      down[i] = t.torOf(dst(climbing.get(i), reverse));
    }
    for (int tier = 0; tier + 1 < t.tiers(); tier++) {
      int switches = t.switches(tier);
      int[] color = EdgeColoring.equitable(up, down, switches, switches, t.upPorts(tier));
      List<FlowSpec> above = new ArrayList<>();
      List<Integer> kept = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        FlowSpec f = climbing.get(i);
        routes[f.id()] = Packet.routeWith(routes[f.id()], tier, color[i]);
        if (t.lowestCommonTier(src(f, reverse), dst(f, reverse)) > tier + 1) {
          above.add(f);
          kept.add(i);
        }
      }
      int m = above.size();
      int[] nextUp = new int[m];
      int[] nextDown = new int[m];
      for (int i = 0; i < m; i++) {
        int k = kept.get(i);
        nextUp[i] = t.upNeighbour(tier, up[k], color[k]);
        nextDown[i] = t.upNeighbour(tier, down[k], color[k]);
      }
      climbing = above;
      n = m;
      up = nextUp;
      down = nextDown;
    }
  }

  private static int src(FlowSpec f, boolean reverse) {
    return reverse ? f.dst() : f.src();
  }

  private static int dst(FlowSpec f, boolean reverse) {
    return reverse ? f.src() : f.dst();
  }
}
