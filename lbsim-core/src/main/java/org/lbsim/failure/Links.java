package org.lbsim.failure;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.lbsim.topo.Topology;

/**
 * The failable links of a fabric and their names, as its {@link Topology} names its switches and
 * wires them. A link is a cable between two switch tiers, both directions; it is addressed by its
 * lower switch and that switch's up port j: link tier 1 joins switch tiers 0 and 1 (a fat tree's
 * ToRs and aggregation switches, a leaf-spine's leaves and spines), link tier 2 switch tiers 1
 * and 2 (aggregation and core). Within its tier a link's index is {@code lower·ups + j}
 * ({@code tier1:i}, {@code tier2:i}), and its name is its two switches', e.g.
 * {@code tor<t>-agg<a>} (a in t's pod), {@code agg<a>-core<c>} (c = (a mod k/2) + j·k/2, so
 * {@code tier2:i} is the reference simulator's failure index i: agg i div k/2, uplink i mod k/2)
 * or {@code leaf<l>-spine<s>}.
 * Either form is accepted: {@code agg0-core4} and {@code tier2:1} are the same link at k = 8.
 * On P planes ({@code topology.planes}) every name takes its plane as a prefix, as the fabric
 * names its switches: {@code p1.agg0-core4}, {@code p1.tier2:1}; the ids of plane q follow those
 * of plane q − 1 (plane-major), each plane's in the order above.
 */
public final class Links {
  private static final Pattern NAMED = Pattern.compile("([a-z]+)(\\d+)-([a-z]+)(\\d+)");
  private static final Pattern INDEXED = Pattern.compile("tier(\\d):(\\d+)");
  private static final Pattern SWITCH = Pattern.compile("([a-z]+)(\\d{1,6})");
  private static final Pattern PLANE = Pattern.compile("p(\\d{1,2})\\.(.+)");

  final Topology topology;
  final int hosts;
  final int hostsPerTor;
  final int planes;
  /** Per link tier (1 ..), the id of its first link in a plane and its number of links. */
  private final int[] first;
  private final int[] count;

  public Links(Topology t) {
    topology = t;
    hosts = t.hosts();
    planes = t.planes();
    hostsPerTor = t.hostsPerTor();
    first = new int[t.tiers()];
    count = new int[t.tiers()];
    for (int tier = 1; tier < t.tiers(); tier++) {
      count[tier] = t.switches(tier - 1) * t.upPorts(tier - 1);
      first[tier] = tier == 1 ? 0 : first[tier - 1] + count[tier - 1];
    }
  }

  /** Tier-1 links of one plane. */
  public int tier1Count() {
    return count[1];
  }

  /** Tier-2 links of one plane. */
  public int tier2Count() {
    return count.length > 2 ? count[2] : 0;
  }

  /** Links of one plane. */
  public int perPlane() {
    return first[count.length - 1] + count[count.length - 1];
  }

  /** The id of a link of plane 0: tier-1 links first, then tier-2. */
  public int id(int tier, int index) {
    return first[tier] + index;
  }

  /** The id in its plane of the first link of link tier {@code tier}. */
  int first(int tier) {
    return first[tier];
  }

  /** Links of link tier {@code tier} in one plane. */
  int count(int tier) {
    return count[tier];
  }

  /** The link tier of link {@code id}. */
  int tier(int id) {
    int local = id % perPlane();
    int tier = count.length - 1;
    while (local < first[tier]) {
      tier--;
    }
    return tier;
  }

  /** The lower switch of link {@code id}: its index in switch tier {@code tier(id) - 1}. */
  int lower(int id) {
    int tier = tier(id);
    return (id % perPlane() - first[tier]) / topology.upPorts(tier - 1);
  }

  /** The id in plane 0 of the link from up port {@code port} of switch {@code index} of switch tier {@code tier}. */
  int up(int tier, int index, int port) {
    return id(tier + 1, index * topology.upPorts(tier) + port);
  }

  /** The id in plane 0 of the link from down port {@code port} of switch {@code index} of tier {@code tier} ≥ 1. */
  int down(int tier, int index, int port) {
    return up(tier - 1, topology.downNeighbour(tier, index, port), topology.downNeighbourUpPort(tier, index, port));
  }

  /**
   * Every shortest path from ToR {@code s} to ToR {@code t} (s ≠ t) of one plane, ordered by the
   * up port taken at the ToR, then at tier 1. With c their lowest common tier, writes the
   * {@code upPaths(c)} paths of 2c links each into {@code into}, one after another: per path the
   * ids in plane 0 of the links it climbs from {@code s}, from link tier 1 up, then of those it
   * comes down to {@code t}, from the top.
   */
  void paths(int s, int t, int[] into) {
    int dst = t * hostsPerTor;
    int top = topology.lowestCommonTier(s * hostsPerTor, dst);
    int n = topology.upPaths(top);
    int length = 2 * top;
    for (int p = 0; p < n; p++) {
      int at = p * length;
      int sw = s;
      int ways = n; // ways up from this tier on
      for (int tier = 0; tier < top; tier++) {
        int ups = topology.upPorts(tier);
        ways /= ups;
        int j = p / ways % ups;
        into[at + tier] = up(tier, sw, j);
        sw = topology.upNeighbour(tier, sw, j);
      }
      for (int d = top; d > 0; d--) {
        int port = topology.downPortTowards(d, sw, dst);
        into[at + length - d] = down(d, sw, port);
        sw = topology.downNeighbour(d, sw, port);
      }
    }
  }

  /** How links are named, for messages: e.g. "leaf<l>-spine<s>, tier1:<i> (0..127)". */
  String namesHint() {
    StringBuilder b = new StringBuilder();
    for (int tier = 1; tier < count.length; tier++) {
      b.append(topology.cableNames(tier - 1)).append(", ");
    }
    for (int tier = 1; tier < count.length; tier++) {
      b.append(tier > 1 ? ", " : "").append("tier").append(tier).append(":<i> (0..").append(count[tier] - 1)
          .append(')');
    }
    return b.toString();
  }

  /** The switches that have links of their own, for messages: e.g. "agg0 .. agg31, core0 .. core15". */
  String switchesHint(String prefix) {
    StringBuilder b = new StringBuilder();
    for (int tier = 1; tier < count.length; tier++) {
      String kind = prefix + topology.switchKind(tier);
      b.append(tier > 1 ? ", " : "").append(kind).append("0 .. ").append(kind).append(topology.switches(tier) - 1);
    }
    return b.toString();
  }

  /** Links of every plane. */
  public int count() {
    return perPlane() * planes;
  }

  /** The plane of link {@code id}. */
  public int plane(int id) {
    return id / perPlane();
  }

  /** Whether link {@code id} is a tier-1 link (of its plane). */
  public boolean tier1(int id) {
    return id % perPlane() < tier1Count();
  }

  /** The prefix of plane {@code q}'s names: none on one plane. */
  private String prefix(int q) {
    return planes == 1 ? "" : "p" + q + ".";
  }

  /** Parses one link name; null if it names no link of this fabric. */
  public Integer parse(String name) {
    if (planes == 1) {
      return parseInPlane(name);
    }
    Matcher pm = PLANE.matcher(name);
    if (!pm.matches() || Integer.parseInt(pm.group(1)) >= planes) {
      return null;
    }
    Integer local = parseInPlane(pm.group(2));
    return local == null ? null : Integer.parseInt(pm.group(1)) * perPlane() + local;
  }

  /** Parses a link name without its plane prefix: the id in its plane. */
  private Integer parseInPlane(String name) {
    Matcher m = INDEXED.matcher(name);
    if (m.matches()) {
      int tier = Integer.parseInt(m.group(1));
      long i = Long.parseLong(m.group(2));
      return tier >= 1 && tier < count.length && i < count[tier] ? id(tier, (int) i) : null;
    }
    m = NAMED.matcher(name);
    if (!m.matches() || m.group(2).length() > 6 || m.group(4).length() > 6) {
      return null;
    }
    int a = Integer.parseInt(m.group(2));
    int b = Integer.parseInt(m.group(4));
    for (int tier = 1; tier < count.length; tier++) {
      Topology t = topology;
      if (m.group(1).equals(t.switchKind(tier - 1)) && m.group(3).equals(t.switchKind(tier))
          && a < t.switches(tier - 1) && b < t.switches(tier)) {
        int ups = t.upPorts(tier - 1);
        for (int j = 0; j < ups; j++) {
          if (t.upNeighbour(tier - 1, a, j) == b) {
            return id(tier, a * ups + j);
          }
        }
      }
    }
    return null;
  }

  /** The name of link {@code id}, e.g. {@code agg0-core4} (on planes {@code p1.agg0-core4}). */
  public String name(int id) {
    return planes == 1 ? nameInPlane(id) : prefix(plane(id)) + nameInPlane(id % perPlane());
  }

  private String nameInPlane(int id) {
    int tier = count.length - 1;
    while (id < first[tier]) {
      tier--;
    }
    int ups = topology.upPorts(tier - 1);
    int lower = (id - first[tier]) / ups;
    int upper = topology.upNeighbour(tier - 1, lower, (id - first[tier]) % ups);
    return topology.switchKind(tier - 1) + lower + "-" + topology.switchKind(tier) + upper;
  }

  /** The two egress-port names of link {@code id} (up direction first), as the fabric names its ports. */
  String[] portNames(int id) {
    String[] ends = nameInPlane(id % perPlane()).split("-");
    String p = prefix(plane(id));
    return new String[] {p + ends[0] + ">" + p + ends[1], p + ends[1] + ">" + p + ends[0]};
  }

  /**
   * Every link of switch {@code name}, a switch above the ToRs (e.g. an aggregation, core or spine
   * switch); null if it is none.
   */
  public List<Integer> ofSwitch(String name) {
    if (planes == 1) {
      return ofSwitchInPlane(name);
    }
    Matcher pm = PLANE.matcher(name);
    if (!pm.matches() || Integer.parseInt(pm.group(1)) >= planes) {
      return null;
    }
    List<Integer> local = ofSwitchInPlane(pm.group(2));
    if (local == null) {
      return null;
    }
    int base = Integer.parseInt(pm.group(1)) * perPlane();
    return local.stream().map(i -> base + i).toList();
  }

  /** Every link of a plane's switch named without its plane prefix, as ids in the plane: down links, then up ones. */
  private List<Integer> ofSwitchInPlane(String name) {
    Matcher m = SWITCH.matcher(name);
    if (!m.matches()) {
      return null;
    }
    int x = Integer.parseInt(m.group(2));
    Topology t = topology;
    for (int tier = 1; tier < count.length; tier++) {
      if (m.group(1).equals(t.switchKind(tier)) && x < t.switches(tier)) {
        List<Integer> out = new ArrayList<>();
        int ups = t.upPorts(tier - 1);
        for (int lower = 0; lower < t.switches(tier - 1); lower++) {
          for (int j = 0; j < ups; j++) {
            if (t.upNeighbour(tier - 1, lower, j) == x) {
              out.add(id(tier, lower * ups + j));
            }
          }
        }
        for (int j = 0; tier + 1 < count.length && j < t.upPorts(tier); j++) {
          out.add(id(tier + 1, x * t.upPorts(tier) + j));
        }
        return out;
      }
    }
    return null;
  }
}
