package org.lbsim.lb;

/**
 * A numeric parameter of an algorithm, set in a scenario as {@code <algorithm>.<name>}.
 *
 * @param integer whether only whole numbers are allowed
 * @param min smallest allowed value (inclusive)
 * @param max largest allowed value (inclusive)
 */
public record Param(String name, double defaultValue, boolean integer, double min, double max, String meaning) {

  public static Param integer(String name, int def, int min, int max, String meaning) {
    return new Param(name, def, true, min, max, meaning);
  }

  public static Param number(String name, double def, double min, double max, String meaning) {
    return new Param(name, def, false, min, max, meaning);
  }

  /** Default as a scenario file would write it. */
  public String defaultText() {
    return integer ? Long.toString((long) defaultValue) : trim(defaultValue);
  }

  /** Allowed range for error messages. */
  public String range() {
    String kind = integer ? "an integer" : "a number";
    return kind + " from " + (integer ? Long.toString((long) min) : trim(min)) + " to "
        + (integer ? Long.toString((long) max) : trim(max));
  }

  private static String trim(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }
}
