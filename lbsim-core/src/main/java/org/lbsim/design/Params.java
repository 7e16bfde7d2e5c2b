package org.lbsim.design;

import java.util.Map;
import java.util.TreeMap;

/**
 * Resolved parameter values of one algorithm, defaults filled in, each a double: a number as it
 * is, a choice ({@link Param#choice}) as its index in {@link Param#choices()}, {@code auto}
 * ({@link Param#integerOrAuto}, {@link Param#numberOrAuto}) as NaN.
 */
public final class Params {
  private final Map<String, Double> values;

  public Params(Map<String, Double> values) {
    this.values = new TreeMap<>(values);
  }

  public static Params defaults(Iterable<Param> params) {
    Map<String, Double> m = new TreeMap<>();
    for (Param p : params) {
      m.put(p.name(), p.defaultHeld());
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

  /** A whole number that may be {@code auto}: {@code ifAuto} when it is. */
  public long integerOr(String name, long ifAuto) {
    double v = number(name);
    return Double.isNaN(v) ? ifAuto : (long) v;
  }

  /** Whether {@code name} is {@code auto}. */
  public boolean isAuto(String name) {
    return Double.isNaN(number(name));
  }

  /** A choice's word: {@code choices} are its parameter's ({@link Param#choices()}). */
  public String word(String name, java.util.List<String> choices) {
    return choices.get(integer(name));
  }

  /** Whether it holds a value for {@code name} (a refused value is absent while a scenario is read). */
  public boolean has(String name) {
    return values.containsKey(name);
  }

  public Params with(String name, double value) {
    Map<String, Double> m = new TreeMap<>(values);
    m.put(name, value);
    return new Params(m);
  }
}
