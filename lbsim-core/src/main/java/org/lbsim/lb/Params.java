package org.lbsim.lb;

import java.util.Map;
import java.util.TreeMap;

/** Resolved parameter values of one algorithm, defaults filled in. */
public final class Params {
  private final Map<String, Double> values;

  public Params(Map<String, Double> values) {
    this.values = new TreeMap<>(values);
  }

  public static Params defaults(Iterable<Param> params) {
    Map<String, Double> m = new TreeMap<>();
    for (Param p : params) {
      m.put(p.name(), p.defaultValue());
    }
    return new Params(m);
  }

  public double number(String name) {
    Double v = values.get(name);
    if (v == null) {
      throw new IllegalArgumentException("no parameter '" + name + "' (have " + values.keySet() + ")");
    }
    return v;
  }

  public int integer(String name) {
    return (int) number(name);
  }

  public Params with(String name, double value) {
    Map<String, Double> m = new TreeMap<>(values);
    m.put(name, value);
    return new Params(m);
  }
}
