package org.lbsim.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.lbsim.design.Param;
import org.lbsim.lb.LbDesign;
import org.lbsim.topo.TopologyKind;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.cc.CcDesign;

/**
 * When a scenario key has an effect. A key the user sets (in the file, by {@code --set}, a grid
 * axis or a preset) must apply to the scenario it ends up in, whatever its value: a key that
 * does not apply is an error naming the key and what it needs, because the run would ignore it
 * while its results echo it. A key written with a trailing {@code ?} ({@code reps.x?=4}, or
 * {@code x?: 4} under {@code reps:}) is set only where it applies and dropped elsewhere; grids
 * and presets that vary the design use it for one design's parameters. Keys without a rule
 * always apply.
 *
 * <p>The rules follow how each key is read: a workload kind's keys in its {@code WorkloadKind}, a
 * fabric shape's in its {@code TopologyKind}, the failure kinds in {@code FailurePlan} and
 * {@code FailureSetup}, a loss recovery's keys in its {@code LrDesign}, a design's parameters
 * in its {@code LbDesign} / {@code CcDesign}, each from the registries of one {@link Catalog}
 * (its {@link ScenarioSchema}'s). The static methods answer for the built-in catalog.
 */
public final class Applicability {
  /**
   * One rule.
   *
   * @param governing the keys the rule looks at
   * @param applies whether the key applies, given every setting's value
   * @param when the condition for people, e.g. "workload.kind is incast"
   */
  public record Rule(List<String> governing, Predicate<Map<String, String>> applies, String when) {}

  private final Map<String, Rule> rules;
  private final ScenarioSchema schema;

  Applicability(Catalog catalog, ScenarioSchema schema) {
    this.rules = build(catalog);
    this.schema = schema;
  }

  private static Map<String, Rule> build(Catalog catalog) {
    List<WorkloadKind> workloads = catalog.workloads().all();
    List<TopologyKind> topologies = catalog.topologies().all();
    Map<String, Rule> m = new LinkedHashMap<>();
    Rule sized = is("workload.kind", false, names(workloads, w -> !w.sized(), WorkloadKind::name));
    m.put("workload.size", new Rule(sized.governing(), sized.applies(),
        sized.when() + " (a cm file, the training jobs and a Chakra trace give every flow's size)"));
    m.put("workload.start_jitter",
        is("workload.kind", false, names(workloads, w -> !w.jittered(), WorkloadKind::name)));
    for (WorkloadKind w : workloads) {
      for (String k : w.keys()) {
        m.put(k, is("workload.kind", true, names(workloads, x -> x.keys().contains(k), WorkloadKind::name)));
      }
    }
    Rule jobs = m.get("job.bucket"); // also needs DDP's gradient buckets
    m.put("job.bucket", new Rule(List.of("workload.kind", "job.sharding"),
        v -> jobs.applies().test(v) && v.get("job.sharding").equals("ddp"), jobs.when() + " and job.sharding is ddp"));
    for (TopologyKind t : topologies) {
      for (String k : t.keys()) {
        m.put(k, is("topology.kind", true, names(topologies, x -> x.keys().contains(k), TopologyKind::name)));
      }
    }
    m.put("buffer.bytes", new Rule(List.of("buffer.packets"), v -> v.get("buffer.packets").isEmpty(),
        "buffer.packets is not set (buffer.packets gives the buffer in packets instead)"));
    for (String k : List.of("buffer.red_kmin", "buffer.red_kmax", "buffer.red_pmax")) {
      m.put(k, is("buffer.red", true, "on"));
    }
    for (String k : List.of("buffer.pfc_xoff_packets", "buffer.pfc_xon_packets")) {
      m.put(k, is("buffer.pfc", true, "on"));
    }
    for (String k : List.of("buffer.trim_victim", "buffer.trim_return")) {
      m.put(k, is("buffer.trimming", false, "off"));
    }
    for (String k : List.of("loss.burst_us", "loss.period_us")) {
      m.put(k, new Rule(List.of("loss.flaky_links"), v -> !v.get("loss.flaky_links").trim().matches("0+"),
          "loss.flaky_links is at least 1"));
    }
    m.put("packet.ack", is("profile", true, "default"));
    m.put("transport.rtt_from", is("profile", true, "default")); // the reference NIC never makes a sender wait
    m.put("transport.ack_coalesce_bytes", is("lr", true, "sack")); // a cumulative ack and a SACK bitmap cover the packets an ACK skips
    for (Setting s : failureKeys()) {
      if (!s.key().equals("failures.kind")) {
        m.put(s.key(), is("failures.kind", false, "none"));
      }
    }
    m.put("failures.switches", is("failures.kind", true, "drop", "hold"));
    m.put("failures.capacity", is("failures.kind", true, "degraded"));
    m.put("failures.burst_us", is("failures.kind", true, "flaky"));
    m.put("failures.period_us", is("failures.kind", true, "flaky"));
    for (LrDesign d : catalog.lr().all()) {
      for (Param p : d.params()) {
        String key = d.name() + "." + p.name();
        Rule design = is("lr", true, d.name());
        Param.Condition c = p.onlyWhen();
        if (c == null) {
          m.put(key, design);
        } else { // also needs its own condition on another parameter of the design
          String other = d.name() + "." + c.param();
          Rule also = is(other, true, c.values().toArray(String[]::new));
          m.put(key, new Rule(List.of("lr", other), v -> design.applies().test(v) && also.applies().test(v),
              design.when() + " and " + also.when()));
        }
      }
    }
    for (LbDesign d : catalog.lb().all()) {
      for (Param p : d.params()) {
        m.put(d.name() + "." + p.name(), is("lb", true, d.name()));
      }
    }
    for (CcDesign d : catalog.cc().all()) {
      for (Param p : d.params()) {
        m.put(d.name() + "." + p.name(), is("cc", true, d.name()));
      }
    }
    return m;
  }

  private static List<Setting> failureKeys() {
    List<Setting> s = new java.util.ArrayList<>();
    FailureKeys.addTo(s);
    return s;
  }

  /** The names of the entries of a registry that {@code which} picks, in its order. */
  private static <T> String[] names(List<T> all, Predicate<T> which, java.util.function.Function<T, String> name) {
    return all.stream().filter(which).map(name).toArray(String[]::new);
  }

  /** A rule on one choice key: it applies when the key is ({@code among}) or is not one of {@code values}. */
  private static Rule is(String key, boolean among, String... values) {
    List<String> vs = List.of(values);
    String list = vs.size() == 1 ? vs.get(0) : String.join(", ", vs.subList(0, vs.size() - 1)) + " or " + vs.get(vs.size() - 1);
    return new Rule(List.of(key), v -> vs.contains(v.get(key)) == among, key + (among ? " is " : " is not ") + list);
  }

  /** The built-in catalog's rule of {@code key}; null when it always applies. */
  public static Rule of(String key) {
    return ScenarioSchema.of(Catalog.builtIn()).applicability().rule(key);
  }

  /** The rule of {@code key}; null when it always applies. */
  public Rule rule(String key) {
    return rules.get(key);
  }

  /** "reps.x" for "reps.x?" (set only where it applies), else the key itself. */
  public static String unconditional(String key) {
    return key.endsWith("?") ? key.substring(0, key.length() - 1) : key;
  }

  /**
   * Why {@code key} does not apply with these settings (every key's value, defaults included),
   * e.g. "workload.kind is cm"; null when it applies, or when a key the rule looks at holds an
   * invalid choice (that choice is reported on its own).
   */
  public static String whyNot(String key, Map<String, String> values) {
    return ScenarioSchema.of(Catalog.builtIn()).applicability().reason(key, values);
  }

  /** As {@link #whyNot}, under this catalog's designs. */
  public String reason(String key, Map<String, String> values) {
    Rule r = rules.get(key);
    if (r == null) {
      return null;
    }
    StringBuilder now = new StringBuilder();
    for (String g : r.governing()) {
      Setting s = schema.setting(g);
      String v = values.get(g);
      if (s.type() == Setting.Type.CHOICE && !s.choices().contains(v)) {
        return null;
      }
      now.append(now.length() == 0 ? "" : " and ").append(g).append(v.isEmpty() ? " is not set" : " is " + v);
    }
    return r.applies().test(values) ? null : now.toString();
  }
}
