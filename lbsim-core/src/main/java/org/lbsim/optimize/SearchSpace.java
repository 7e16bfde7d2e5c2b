package org.lbsim.optimize;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.lbsim.design.Design;
import org.lbsim.design.Param;
import org.lbsim.design.Registry;
import org.lbsim.lb.LbDesign;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioSchema;

/**
 * The designs the search may choose: every combination of the load balancers, congestion
 * controls and loss recoveries asked for, each with the numeric parameters of its three designs
 * as knobs (registry range and default; choices, {@code auto} values and parameters that apply
 * only under another parameter's value are left at their defaults). Designs that no hardware
 * runs are left out unless asked for. The network's timeouts and ECN threshold ({@link
 * #NETWORK_KNOBS}), which every design shares, are knobs of every combination when {@code --range}
 * names them.
 *
 * @param combos in axis order: load balancer, then congestion control, then loss recovery
 * @param excluded one line per design left out because no hardware runs it
 */
public record SearchSpace(List<DesignCombo> combos, List<String> excluded) {
  public static final List<String> AXES = List.of("lb", "cc", "lr");

  /**
   * A scenario key that is not a design's but that a deployment sets on every NIC or switch port,
   * its allowed range, and the value the search starts from (NaN: the schema's default).
   */
  record NetworkKnob(String key, double min, double max, double start) {
    /** The value the search starts from. */
    double startValue() {
      return Double.isNaN(start) ? Double.parseDouble(ScenarioSchema.get(key).defaultValue()) : start;
    }
  }

  /**
   * The network knobs, searched only when asked for with a range. The ECN threshold's default is
   * {@code auto} (the design's own: 0.5 of the buffer, REPS 0.1); its search starts at 0.5.
   */
  static final List<NetworkKnob> NETWORK_KNOBS = List.of(
      new NetworkKnob("transport.initial_rto_us", 1.0, 1_000_000.0, Double.NaN),
      new NetworkKnob("transport.min_rto_us", 0.01, 1_000_000.0, Double.NaN),
      new NetworkKnob("buffer.ecn_fraction", 0.0, 1.0, 0.5));

  public SearchSpace {
    combos = List.copyOf(combos);
    excluded = List.copyOf(excluded);
  }

  /**
   * The space {@code request} describes in {@code catalog}.
   *
   * @throws ScenarioException naming every unknown design, unknown parameter or range outside the
   *     registry's, or when nothing is left to search
   */
  public static SearchSpace of(Catalog catalog, SpaceRequest request) {
    List<String> problems = new ArrayList<>();
    for (String axis : request.axes().keySet()) {
      if (!AXES.contains(axis)) {
        problems.add("--vary " + axis + ": not a design axis (allowed: " + String.join(", ", AXES) + ")");
      }
    }
    List<String> excluded = new ArrayList<>();
    List<LbDesign> lbs = pick(catalog.lb(), "lb", request, problems, excluded);
    List<? extends Design> ccs = pick(catalog.cc(), "cc", request, problems, excluded);
    List<? extends Design> lrs = pick(catalog.lr(), "lr", request, problems, excluded);
    Set<String> knownKnobs = new LinkedHashSet<>();
    List<DesignCombo> combos = new ArrayList<>();
    for (LbDesign lb : lbs) {
      for (Design cc : ccs) {
        for (Design lr : lrs) {
          List<Knob> knobs = new ArrayList<>();
          for (Design d : List.of(lb, cc, lr)) {
            for (Param p : d.params()) {
              if (searchable(p)) {
                Knob k = Knob.around(d.name(), p);
                knownKnobs.add(k.key());
                double[] r = request.ranges().get(k.key());
                Knob searched = r == null ? k : k.within(r[0], r[1]);
                if (!request.fixed().contains(k.key()) && searched.high() > searched.low()) {
                  knobs.add(searched); // an interval of one value leaves nothing to search
                }
              }
            }
          }
          for (Knob k : networkKnobs(request)) {
            knownKnobs.add(k.key());
            if (!request.fixed().contains(k.key()) && k.high() > k.low()) {
              knobs.add(k);
            }
          }
          combos.add(new DesignCombo(lb.name(), cc.name(), lr.name(), knobs,
              List.of(lb, cc, lr).stream().map(SearchSpace::undeployable).filter(w -> w != null).toList()));
        }
      }
    }
    checkRanges(catalog, request, knownKnobs, problems);
    if (problems.isEmpty() && combos.isEmpty()) {
      problems.add("nothing left to search: every design asked for on some axis is one no hardware runs ("
          + String.join("; ", excluded) + "); add --include-ideal to search it");
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems);
    }
    return new SearchSpace(combos, excluded);
  }

  /** The network knobs {@code request} gives a range for, each over that range. */
  private static List<Knob> networkKnobs(SpaceRequest request) {
    List<Knob> out = new ArrayList<>();
    for (NetworkKnob n : NETWORK_KNOBS) {
      double[] r = request.ranges().get(n.key());
      if (r != null) {
        out.add(new Knob(n.key(), r[0], r[1], n.startValue(), false, n.min(), n.max()));
      }
    }
    return out;
  }

  /** The network knob {@code key}, or null when it is not one. */
  private static NetworkKnob network(String key) {
    return NETWORK_KNOBS.stream().filter(n -> n.key().equals(key)).findFirst().orElse(null);
  }

  /** Whether the search sets {@code p}: a number with a numeric default that always applies under its design. */
  static boolean searchable(Param p) {
    return !p.isChoice() && p.defaultWord() == null && p.onlyWhen() == null && Double.isFinite(p.min())
        && Double.isFinite(p.max()) && p.max() > p.min();
  }

  /** Why no hardware runs {@code d}, or null when some does. */
  static String undeployable(Design d) {
    if (d instanceof LbDesign lb && lb.oracle()) {
      return "lb " + d.name() + ": an oracle that must know every flow in advance";
    }
    if (d.axis() == org.lbsim.design.Axis.CC && d.name().equals("ideal")) {
      return "cc ideal: the study's ideal constant rate, which no NIC implements";
    }
    if (d.axis() == org.lbsim.design.Axis.LR && d.name().equals("erasure")) {
      return "lr erasure: ideal rateless erasure coding, which no NIC implements";
    }
    return null;
  }

  private static <D extends Design> List<D> pick(Registry<D> registry, String axis, SpaceRequest request,
      List<String> problems, List<String> excluded) {
    List<String> names = request.axes().get(axis);
    List<D> out = new ArrayList<>();
    if (names == null) {
      names = registry.names();
    }
    for (String n : names) {
      D d = registry.find(n);
      if (d == null) {
        problems.add("--vary " + axis + "=" + String.join(",", names) + ": unknown design '" + n + "' (allowed: "
            + String.join(", ", registry.names()) + ")");
        continue;
      }
      String why = undeployable(d);
      if (why != null && !request.includeUndeployable()) {
        excluded.add(why);
      } else {
        out.add(d);
      }
    }
    return out;
  }

  private static void checkRanges(Catalog catalog, SpaceRequest request, Set<String> knownKnobs,
      List<String> problems) {
    for (Map.Entry<String, double[]> e : request.ranges().entrySet()) {
      String key = e.getKey();
      double[] r = e.getValue();
      String shown = "--range " + key + "=" + Knob.plain(r[0]) + ":" + Knob.plain(r[1]);
      Param p = param(catalog, key);
      NetworkKnob network = network(key);
      if (network != null) {
        if (request.fixed().contains(key)) {
          problems.add(shown + ": " + key + " is fixed by --set; drop one of the two");
        } else if (!(r[0] <= r[1])) {
          problems.add(shown + ": the low end is above the high end (allowed: LOW:HIGH with LOW <= HIGH)");
        } else if (r[0] < network.min() || r[1] > network.max()) {
          problems.add(shown + ": outside the range the network takes (allowed: " + Knob.plain(network.min()) + " to "
              + Knob.plain(network.max()) + ")");
        }
      } else if (p == null || !knownKnobs.contains(key)) {
        problems.add(shown + ": unknown parameter '" + key + "' (allowed: a numeric parameter of a design searched: "
            + String.join(", ", knownKnobs) + ", or a network setting: " + String.join(", ",
            NETWORK_KNOBS.stream().map(NetworkKnob::key).toList()) + ")");
      } else if (request.fixed().contains(key)) {
        problems.add(shown + ": " + key + " is fixed by --set; drop one of the two");
      } else if (!(r[0] <= r[1])) {
        problems.add(shown + ": the low end is above the high end (allowed: LOW:HIGH with LOW <= HIGH)");
      } else if (r[0] < p.min() || r[1] > p.max() || (p.integer() && (r[0] != Math.rint(r[0]) || r[1] != Math.rint(r[1])))) {
        problems.add(shown + ": outside the registry's range (allowed: " + p.range() + ")");
      }
    }
  }

  /** The parameter {@code <design>.<param>} of a load balancer, congestion control or loss recovery, or null. */
  private static Param param(Catalog catalog, String key) {
    int dot = key.indexOf('.');
    if (dot <= 0) {
      return null;
    }
    for (Registry<? extends Design> r : List.of(catalog.lb(), catalog.cc(), catalog.lr())) {
      Design d = r.find(key.substring(0, dot));
      if (d != null) {
        for (Param p : d.params()) {
          if (p.name().equals(key.substring(dot + 1)) && searchable(p)) {
            return p;
          }
        }
      }
    }
    return null;
  }

  /** The knob keys of every combination, each once, in order. */
  public List<String> knobKeys() {
    Map<String, Boolean> keys = new LinkedHashMap<>();
    combos.forEach(c -> c.knobs().forEach(k -> keys.put(k.key(), true)));
    return List.copyOf(keys.keySet());
  }
}
