package org.lbsim.failure;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.lbsim.topo.Topology;

/**
 * The failable links of a fabric and their names. A link is a cable between two switch tiers,
 * both directions; it is addressed by its lower switch and that switch's up-port index:
 * <ul>
 *   <li>tier 1 (fat tree ToR–aggregation, leaf-spine leaf–spine): index {@code lower·ups + j},
 *       named {@code tor<t>-agg<a>} (a in t's pod, j = a mod k/2) or {@code leaf<l>-spine<s>};
 *   <li>tier 2 (fat tree aggregation–core): index {@code a·k/2 + l}, named {@code agg<a>-core<c>}
 *       with c = (a mod k/2) + l·k/2, so {@code tier2:i} is the reference simulator's failure
 *       index i (agg i div k/2, uplink i mod k/2).
 * </ul>
 * Either form is accepted: {@code agg0-core4} and {@code tier2:1} are the same link at k = 8.
 * On P planes ({@code topology.planes}) every name takes its plane as a prefix, as the fabric
 * names its switches: {@code p1.agg0-core4}, {@code p1.tier2:1}; the ids of plane q follow those
 * of plane q − 1 (plane-major), each plane's in the order above.
 */
public final class Links {
  private static final Pattern NAMED = Pattern.compile("(tor|agg|leaf)(\\d+)-(agg|core|spine)(\\d+)");
  private static final Pattern INDEXED = Pattern.compile("tier([12]):(\\d+)");
  private static final Pattern PLANE = Pattern.compile("p(\\d{1,2})\\.(.+)");

  final boolean fatTree;
  final int half; // fat tree: k/2
  final int lowers1; // ToRs or leaves
  final int ups1; // up ports of a tier-1 lower switch
  final int aggs;
  final int cores;
  final int spines;
  final int hosts;
  final int hostsPerTor;
  final int planes;

  public Links(Topology t) {
    hosts = t.hosts();
    planes = t.planes();
    fatTree = t.tiers() == 3;
    half = fatTree ? t.uplinksPerTor() : 0;
    lowers1 = t.tors();
    ups1 = t.uplinksPerTor();
    aggs = t.aggs();
    cores = fatTree ? t.topSwitches() : 0;
    spines = fatTree ? 0 : t.topSwitches();
    hostsPerTor = t.hostsPerTor();
  }

  /** Tier-1 links of one plane. */
  public int tier1Count() {
    return lowers1 * ups1;
  }

  /** Tier-2 links of one plane. */
  public int tier2Count() {
    return fatTree ? aggs * half : 0;
  }

  /** Links of one plane. */
  public int perPlane() {
    return tier1Count() + tier2Count();
  }

  /** The id of a link of plane 0: tier-1 links first, then tier-2. */
  public int id(int tier, int index) {
    return tier == 1 ? index : tier1Count() + index;
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
      long max = tier == 1 ? tier1Count() : tier2Count();
      return i < max ? id(tier, (int) i) : null;
    }
    m = NAMED.matcher(name);
    if (!m.matches() || m.group(2).length() > 6 || m.group(4).length() > 6) {
      return null;
    }
    String lo = m.group(1);
    String hi = m.group(3);
    int a = Integer.parseInt(m.group(2));
    int b = Integer.parseInt(m.group(4));
    if (fatTree && lo.equals("tor") && hi.equals("agg") && a < lowers1 && b < aggs && a / half == b / half) {
      return id(1, a * half + b % half);
    }
    if (fatTree && lo.equals("agg") && hi.equals("core") && a < aggs && b < cores && b % half == a % half) {
      return id(2, a * half + b / half);
    }
    if (!fatTree && lo.equals("leaf") && hi.equals("spine") && a < lowers1 && b < spines) {
      return id(1, a * ups1 + b);
    }
    return null;
  }

  /** The name of link {@code id}, e.g. {@code agg0-core4} (on planes {@code p1.agg0-core4}). */
  public String name(int id) {
    return planes == 1 ? nameInPlane(id) : prefix(plane(id)) + nameInPlane(id % perPlane());
  }

  private String nameInPlane(int id) {
    if (id < tier1Count()) {
      int lower = id / ups1;
      int j = id % ups1;
      return fatTree ? "tor" + lower + "-agg" + ((lower / half) * half + j) : "leaf" + lower + "-spine" + j;
    }
    int i = id - tier1Count();
    int a = i / half;
    return "agg" + a + "-core" + (a % half + half * (i % half));
  }

  /** The two egress-port names of link {@code id} (up direction first), as the fabric names its ports. */
  String[] portNames(int id) {
    String[] ends = nameInPlane(id % perPlane()).split("-");
    String p = prefix(plane(id));
    return new String[] {p + ends[0] + ">" + p + ends[1], p + ends[1] + ">" + p + ends[0]};
  }

  /** Every link of switch {@code name} (an aggregation, core or spine switch); null if it is none of those. */
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

  /** Every link of a plane's switch named without its plane prefix, as ids in the plane. */
  private List<Integer> ofSwitchInPlane(String name) {
    Matcher m = Pattern.compile("(agg|core|spine)(\\d{1,6})").matcher(name);
    if (!m.matches()) {
      return null;
    }
    int x = Integer.parseInt(m.group(2));
    List<Integer> out = new ArrayList<>();
    if (fatTree && m.group(1).equals("agg") && x < aggs) {
      int pod = x / half;
      for (int t = pod * half; t < (pod + 1) * half; t++) {
        out.add(id(1, t * half + x % half));
      }
      for (int l = 0; l < half; l++) {
        out.add(id(2, x * half + l));
      }
    } else if (fatTree && m.group(1).equals("core") && x < cores) {
      for (int pod = 0; pod < aggs / half; pod++) {
        out.add(id(2, (pod * half + x % half) * half + x / half));
      }
    } else if (!fatTree && m.group(1).equals("spine") && x < spines) {
      for (int l = 0; l < lowers1; l++) {
        out.add(id(1, l * ups1 + x));
      }
    } else {
      return null;
    }
    return out;
  }
}
