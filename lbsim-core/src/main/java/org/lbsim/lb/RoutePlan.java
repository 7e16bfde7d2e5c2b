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
 * and flows of different stages not to meet. Tier by
 * tier the choice is an equitable bipartite edge coloring ({@link EdgeColoring}): in a fat tree,
 * first the aggregation position j of each flow that leaves its ToR (an edge from the source
 * ToR to the destination ToR, k/2 colors: ToR uplink j, and agg j of the destination pod brings
 * it down), then, for flows that leave their pod, the core behind agg j (an edge from the
 * source pod's agg j to the destination pod's agg j, k/2 colors: that agg's uplink). In a
 * leaf-spine the one choice is the spine. For a permutation on a non-oversubscribed fabric
 * every directed link then carries at most one flow — Clos networks are rearrangeably
 * non-blocking — and for an all-to-all each link carries its exact fair share. Other matrices
 * are equitable per tier given the choice below, not a min-max optimum over both tiers.
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
      if (topology.tiers() == 3) {
        planThreeTiers(topology, stage, reverse, routes);
      } else {
        planTwoTiers(topology, stage, reverse, routes);
      }
    }
    return routes;
  }

  private static void planThreeTiers(Topology t, List<FlowSpec> stage, boolean reverse, int[] routes) {
    int half = t.uplinksPerTor();
    int perPod = t.hostsPerPod();
    Colored tor = colorAcrossGroups(stage, reverse, t.hostsPerTor(), t.tors(), half);
    List<Integer> leaving = new ArrayList<>();
    for (int i = 0; i < tor.flows().size(); i++) {
      FlowSpec f = tor.flows().get(i);
      routes[f.id()] = Packet.routeWith(Packet.NO_ROUTE, 0, tor.color()[i]);
      if (src(f, reverse) / perPod != dst(f, reverse) / perPod) {
        leaving.add(i);
      }
    }
    int m = leaving.size();
    int[] srcAgg = new int[m];
    int[] dstAgg = new int[m];
    for (int i = 0; i < m; i++) {
      int idx = leaving.get(i);
      FlowSpec f = tor.flows().get(idx);
      srcAgg[i] = src(f, reverse) / perPod * half + tor.color()[idx];
      dstAgg[i] = dst(f, reverse) / perPod * half + tor.color()[idx];
    }
    int[] uplink = EdgeColoring.equitable(srcAgg, dstAgg, t.aggs(), t.aggs(), half);
    for (int i = 0; i < m; i++) {
      int idx = leaving.get(i);
      routes[tor.flows().get(idx).id()] = DrPaths.coreRoute(tor.color()[idx] + uplink[i] * half, half);
    }
  }

  private static void planTwoTiers(Topology t, List<FlowSpec> stage, boolean reverse, int[] routes) {
    Colored leaf = colorAcrossGroups(stage, reverse, t.hostsPerTor(), t.tors(), t.uplinksPerTor());
    for (int i = 0; i < leaf.flows().size(); i++) {
      routes[leaf.flows().get(i).id()] = Packet.routeWith(Packet.NO_ROUTE, 0, leaf.color()[i]);
    }
  }

  /** The flows of a stage that leave their group of {@code perGroup} hosts, and the up port each takes. */
  private record Colored(List<FlowSpec> flows, int[] color) {}

  private static Colored colorAcrossGroups(List<FlowSpec> stage, boolean reverse, int perGroup, int groups,
      int ports) {
    List<FlowSpec> crossing = new ArrayList<>();
    for (FlowSpec f : stage) {
      if (src(f, reverse) / perGroup != dst(f, reverse) / perGroup) {
        crossing.add(f);
      }
    }
    int n = crossing.size();
    int[] left = new int[n];
    int[] right = new int[n];
    for (int i = 0; i < n; i++) {
      left[i] = src(crossing.get(i), reverse) / perGroup;
      right[i] = dst(crossing.get(i), reverse) / perGroup;
    }
    return new Colored(crossing, EdgeColoring.equitable(left, right, groups, groups, ports));
  }

  private static int src(FlowSpec f, boolean reverse) {
    return reverse ? f.dst() : f.src();
  }

  private static int dst(FlowSpec f, boolean reverse) {
    return reverse ? f.src() : f.dst();
  }
}
