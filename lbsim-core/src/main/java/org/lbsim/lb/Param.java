package org.lbsim.lb;

import java.util.List;

/**
 * A parameter of a design, set in a scenario as {@code <design>.<name>}: a number in a range, a
 * number or a word standing for a value derived at run time ({@code auto}), or one of a few
 * words.
 *
 * @param defaultValue the default of a number; NaN when the default is {@code defaultWord}
 * @param integer whether only whole numbers are allowed
 * @param min smallest allowed number (inclusive)
 * @param max largest allowed number (inclusive)
 * @param choices the words allowed instead of a number; empty for a number
 * @param defaultWord the default when it is a word ({@code auto}, or one of {@code choices}); null
 *     for a number's default
 * @param onlyWhen a further condition for it to apply, beyond its design being chosen; null when none
 */
public record Param(String name, double defaultValue, boolean integer, double min, double max, String meaning,
    List<String> choices, String defaultWord, Condition onlyWhen) {

  /** It applies only when its design's parameter {@code param} is one of {@code values}. */
  public record Condition(String param, List<String> values) {
    public Condition {
      values = List.copyOf(values);
    }
  }

  public Param {
    choices = List.copyOf(choices);
  }

  /** A number from {@code min} to {@code max}. */
  public Param(String name, double defaultValue, boolean integer, double min, double max, String meaning) {
    this(name, defaultValue, integer, min, max, meaning, List.of(), null, null);
  }

  /** This parameter, applying only when its design's parameter {@code param} is one of {@code values}. */
  public Param onlyWhen(String param, String... values) {
    return new Param(name, defaultValue, integer, min, max, meaning, choices, defaultWord,
        new Condition(param, List.of(values)));
  }

  public static Param integer(String name, int def, int min, int max, String meaning) {
    return new Param(name, def, true, min, max, meaning);
  }

  public static Param number(String name, double def, double min, double max, String meaning) {
    return new Param(name, def, false, min, max, meaning);
  }

  /** One of {@code choices}, {@code def} by default. */
  public static Param choice(String name, List<String> choices, String def, String meaning) {
    return new Param(name, Double.NaN, false, Double.NaN, Double.NaN, meaning, choices, def, null);
  }

  /** An integer, or {@code auto} (the default) for a value the run derives. */
  public static Param integerOrAuto(String name, long min, long max, String meaning) {
    return new Param(name, Double.NaN, true, min, max, meaning, List.of(), "auto", null);
  }

  /** A number, or {@code auto} (the default) for a value the run derives. */
  public static Param numberOrAuto(String name, double min, double max, String meaning) {
    return new Param(name, Double.NaN, false, min, max, meaning, List.of(), "auto", null);
  }

  /** Whether it is one of {@link #choices} rather than a number. */
  public boolean isChoice() {
    return !choices.isEmpty();
  }

  /** Whether it is a number in its range, with a number as its default (no word allowed). */
  public boolean isPlainNumber() {
    return choices.isEmpty() && defaultWord == null;
  }

  /** Default as a scenario file would write it. */
  public String defaultText() {
    if (defaultWord != null) {
      return defaultWord;
    }
    return integer ? Long.toString((long) defaultValue) : trim(defaultValue);
  }

  /** Allowed values for error messages. */
  public String range() {
    if (isChoice()) {
      return String.join(", ", choices);
    }
    String kind = integer ? "an integer" : "a number";
    return (defaultWord == null ? "" : defaultWord + " or ") + kind + " from "
        + (integer ? Long.toString((long) min) : trim(min)) + " to " + (integer ? Long.toString((long) max) : trim(max));
  }

  private static String trim(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }
}
