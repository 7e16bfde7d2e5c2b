package org.lbsim.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lbsim.design.Param;
import org.lbsim.design.Params;
import org.lbsim.lb.LbDesign;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.cc.CcDesign;

/**
 * The "design.param" keys of every design of the load-balancing, congestion-control and
 * loss-recovery axes. Every design's keys are checked against their ranges, so that grids may set
 * them all; the chosen design's values become its {@link Params}.
 */
final class DesignParams {
  private final ValueReader r;
  private final ScenarioSchema schema;

  DesignParams(ValueReader r, ScenarioSchema schema) {
    this.r = r;
    this.schema = schema;
  }

  /** The chosen design's parameters. */
  Params lb(Map<String, String> v, LbDesign chosen) {
    Map<String, List<Param>> all = new LinkedHashMap<>();
    for (LbDesign d : schema.catalog().lb().all()) {
      all.put(d.name(), d.params());
    }
    return designParams(v, all, chosen == null ? null : chosen.name());
  }

  /** The chosen congestion control's parameters. */
  Params cc(Map<String, String> v, CcDesign chosen) {
    Map<String, List<Param>> all = new LinkedHashMap<>();
    for (CcDesign d : schema.catalog().cc().all()) {
      all.put(d.name(), d.params());
    }
    return designParams(v, all, chosen == null ? null : chosen.name());
  }

  /**
   * The chosen loss recovery's parameters. Every recovery's keys are read and its rules between
   * them ({@link LrDesign#check}) applied.
   */
  Params lr(Map<String, String> v, LrDesign chosen) {
    Params out = null;
    for (LrDesign d : schema.catalog().lr().all()) {
      Params read = designValues(v, d.name(), d.params());
      d.check().check(read, new LrDesign.Keys() {
        @Override
        public String text(String param) {
          return v.get(d.name() + "." + param);
        }

        @Override
        public boolean applies(String param) {
          return schema.applicability().reason(d.name() + "." + param, v) == null;
        }

        @Override
        public void refuse(String param, String allowed) {
          r.bad(d.name() + "." + param, text(param), allowed);
        }
      });
      if (d.name().equals(chosen.name())) {
        out = read;
      }
    }
    return out;
  }

  /**
   * Checks {@code value} of {@code key} if it is a load-balancing or congestion-control design's
   * parameter, on its own; false if the key is no such parameter.
   */
  boolean checkAlone(String key, String value) {
    Applicability.Rule rule = schema.applicability().rule(key);
    if (rule == null || !(rule.governing().equals(List.of("lb")) || rule.governing().equals(List.of("cc")))) {
      return false;
    }
    String design = key.substring(0, key.indexOf('.'));
    List<Param> params = rule.governing().get(0).equals("lb") ? schema.catalog().lb().find(design).params()
        : schema.catalog().cc().find(design).params();
    for (Param p : params) {
      if (key.equals(design + "." + p.name())) {
        designParams(Map.of(key, value), Map.of(design, List.of(p)), null);
      }
    }
    return true;
  }

  /**
   * Checks every design's "design.param" keys against their ranges and returns the values of the
   * chosen design's (by name) as its parameters.
   */
  private Params designParams(Map<String, String> v, Map<String, List<Param>> designs, String chosen) {
    Params out = new Params(Map.of());
    for (Map.Entry<String, List<Param>> d : designs.entrySet()) {
      Params read = designValues(v, d.getKey(), d.getValue());
      if (d.getKey().equals(chosen)) {
        out = read;
      }
    }
    return out;
  }

  /**
   * The values of {@code design}'s parameters as {@link Params} holds them, each read from its
   * "design.param" key: by the parameter's own reading or as a choice ({@link Param#read}), else
   * as a decimal number in its range ({@code auto} as NaN where it is the default word). A refused
   * value is reported and left out.
   */
  private Params designValues(Map<String, String> v, String design, List<Param> params) {
    Map<String, Double> out = new LinkedHashMap<>();
    for (Param p : params) {
      String key = design + "." + p.name();
      String text = v.get(key);
      Double x;
      if (p.reading() != null || p.isChoice()) {
        x = p.read(text, (shown, allowed) -> r.bad(key, shown, allowed));
      } else if (p.defaultWord() != null && text.trim().equals(p.defaultWord())) {
        x = Double.NaN;
      } else {
        double n = r.number(v, key);
        x = Double.isNaN(n) ? null : n;
        if (x != null && (n < p.min() || n > p.max() || (p.integer() && n != Math.rint(n)))) {
          r.bad(key, text, p.range());
          x = null;
        }
      }
      if (x != null) {
        out.put(p.name(), x);
      }
    }
    return new Params(out);
  }
}
