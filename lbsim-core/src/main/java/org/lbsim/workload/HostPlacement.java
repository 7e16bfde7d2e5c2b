package org.lbsim.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.lbsim.topo.Topology;

/**
 * Which fabric host each node of a connection matrix runs on ({@code workload.placement}). A
 * matrix of N nodes fits a fabric of at least N hosts; hosts no node is placed on stay idle.
 *
 * <ul>
 *   <li>{@code identity}: node i on host i.
 *   <li>{@code spread}: nodes dealt round-robin over the ToRs (leaf-spine: leaves), node i on the
 *       (i div T)-th host of ToR i mod T, where T is the fabric's ToR count.
 *   <li>{@code random}: a seeded shuffle of the fabric's hosts; node i on its i-th host.
 *   <li>{@code hosts}: node i on the i-th host of an explicit list ({@code workload.placement_hosts}),
 *       one distinct host per node.
 * </ul>
 */
public final class HostPlacement {
  public static final List<String> POLICIES = List.of("identity", "spread", "random", "hosts");

  private HostPlacement() {}

  /**
   * The host of each node.
   *
   * @param listed the explicit hosts of policy {@code hosts}, ignored by the others
   * @param rng the run's placement stream, drawn from only by {@code random}
   * @throws IllegalArgumentException when the nodes do not fit, naming the numbers
   */
  public static int[] place(String policy, int nodes, Topology topology, int[] listed, SplittableRandom rng) {
    int hosts = topology.hosts();
    if (nodes > hosts) {
      throw new IllegalArgumentException("the matrix's " + nodes + " nodes need " + nodes + " hosts but the fabric has "
          + hosts);
    }
    int[] hostOf = new int[nodes];
    switch (policy) {
      case "identity" -> Arrays.setAll(hostOf, i -> i);
      case "spread" -> {
        int perTor = topology.hostsPerTor();
        int tors = hosts / perTor;
        Arrays.setAll(hostOf, i -> (i % tors) * perTor + i / tors);
      }
      case "random" -> {
        int[] order = new int[hosts];
        Arrays.setAll(order, i -> i);
        for (int i = hosts - 1; i > 0; i--) {
          int k = rng.nextInt(i + 1);
          int t = order[i];
          order[i] = order[k];
          order[k] = t;
        }
        System.arraycopy(order, 0, hostOf, 0, nodes);
      }
      case "hosts" -> {
        checkListed(listed, nodes, hosts);
        System.arraycopy(listed, 0, hostOf, 0, nodes);
      }
      default -> throw new IllegalArgumentException("unknown placement " + policy + " (allowed: " + POLICIES + ")");
    }
    return hostOf;
  }

  /** Whether {@code hostOf} puts node i on host i for every host of a fabric of {@code hosts}. */
  public static boolean isIdentity(int[] hostOf, int hosts) {
    if (hostOf.length != hosts) {
      return false;
    }
    for (int i = 0; i < hostOf.length; i++) {
      if (hostOf[i] != i) {
        return false;
      }
    }
    return true;
  }

  /** The flows with each node replaced by its host; ids, sizes, starts and dependencies unchanged. */
  public static List<FlowSpec> onHosts(List<FlowSpec> flows, int[] hostOf) {
    List<FlowSpec> out = new ArrayList<>(flows.size());
    for (FlowSpec f : flows) {
      out.add(new FlowSpec(f.id(), hostOf[f.src()], hostOf[f.dst()], f.bytes(), f.startPs(), f.deps(), f.stage(),
          f.sentDeps(), f.triggers()));
    }
    return List.copyOf(out);
  }

  /**
   * Reads an explicit host list: host numbers and ranges {@code a-b} (both ends included),
   * separated by commas or blanks, e.g. {@code 0-7, 64-71}.
   *
   * @throws IllegalArgumentException naming the bad item, or for a list without a host number
   */
  public static int[] parseHosts(String text) {
    List<Integer> out = new ArrayList<>();
    for (String item : text.trim().split("[,\\s]+")) {
      if (item.isEmpty()) {
        continue;
      }
      int dash = item.indexOf('-', 1);
      int from = number(item, dash < 0 ? item : item.substring(0, dash));
      int to = dash < 0 ? from : number(item, item.substring(dash + 1));
      if (to < from) {
        throw new IllegalArgumentException("the range '" + item + "' ends before it starts");
      }
      if ((long) out.size() + to - from + 1 > MAX_LISTED) {
        throw new IllegalArgumentException("more than " + MAX_LISTED + " hosts");
      }
      for (int h = from; h <= to; h++) {
        out.add(h);
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no host number in it");
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Most hosts a list may name. */
  private static final int MAX_LISTED = 1 << 22;

  private static int number(String item, String text) {
    try {
      int h = Integer.parseInt(text);
      if (h >= 0) {
        return h;
      }
    } catch (NumberFormatException e) {
      // the error below
    }
    throw new IllegalArgumentException("'" + item + "' is not a host number or a range a-b of them");
  }

  private static void checkListed(int[] listed, int nodes, int hosts) {
    if (listed == null || listed.length != nodes) {
      throw new IllegalArgumentException("the list names " + (listed == null ? 0 : listed.length) + " hosts for the "
          + "matrix's " + nodes + " nodes; it needs one host per node");
    }
    int[] nodeOn = new int[hosts];
    Arrays.fill(nodeOn, -1);
    for (int i = 0; i < listed.length; i++) {
      int h = listed[i];
      if (h >= hosts) {
        throw new IllegalArgumentException("host " + h + " (for node " + i + ") is out of range: the fabric has hosts 0.."
            + (hosts - 1));
      }
      if (nodeOn[h] >= 0) {
        throw new IllegalArgumentException("host " + h + " is listed twice (for nodes " + nodeOn[h] + " and " + i + ")");
      }
      nodeOn[h] = i;
    }
  }

}
