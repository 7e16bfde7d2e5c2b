package org.lbsim.optimize;

import java.math.BigDecimal;
import java.math.MathContext;
import org.lbsim.design.Param;

/**
 * A numeric design parameter the search may set, as its scenario key ({@code plb.window}) with the
 * interval it searches. The optimizer works on a position u in [0, 1]: on a log scale when the
 * interval's ends are both positive and a decade or more apart, linearly otherwise; integers are
 * rounded.
 *
 * @param key the scenario key, {@code <design>.<param>}
 * @param low smallest value searched (within the registry's range)
 * @param high largest value searched (within the registry's range)
 * @param defaultValue the registry's default
 * @param integer whether only whole numbers are allowed
 * @param registryMin the registry's smallest allowed value
 * @param registryMax the registry's largest allowed value
 */
public record Knob(String key, double low, double high, double defaultValue, boolean integer, double registryMin,
    double registryMax) {
  /** A default is searched from a tenth to ten times itself, within the registry's range. */
  static final double SPAN = 10;

  /** The knob of {@code param} of design {@code design}, searched around its default. */
  static Knob around(String design, Param param) {
    double def = param.defaultValue();
    double lo = param.min();
    double hi = param.max();
    if (def > 0) {
      lo = Math.max(lo, def / SPAN);
      hi = Math.min(hi, def * SPAN);
    }
    if (param.integer()) {
      lo = Math.ceil(lo);
      hi = Math.floor(hi);
    }
    return new Knob(design + "." + param.name(), lo, hi, def, param.integer(), param.min(), param.max());
  }

  /** This knob searched over {@code [lo, hi]} instead. */
  Knob within(double lo, double hi) {
    return new Knob(key, lo, hi, defaultValue, integer, registryMin, registryMax);
  }

  boolean logScale() {
    return low > 0 && high / low >= SPAN;
  }

  /** The value at position {@code u} (clamped to [0, 1]). */
  double value(double u) {
    double x = Math.min(1, Math.max(0, u));
    double v = logScale() ? Math.exp(Math.log(low) + x * (Math.log(high) - Math.log(low))) : low + x * (high - low);
    v = Math.min(high, Math.max(low, v));
    return integer ? Math.rint(v) : round(v);
  }

  /** The position of {@code v} (clamped into the interval). */
  double position(double v) {
    if (high <= low) {
      return 0;
    }
    double x = Math.min(high, Math.max(low, v));
    return logScale() ? (Math.log(x) - Math.log(low)) / (Math.log(high) - Math.log(low)) : (x - low) / (high - low);
  }

  /** {@code v} as a scenario writes it: a whole number, or a plain decimal of 6 significant digits. */
  String text(double v) {
    if (integer) {
      return Long.toString((long) v);
    }
    return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
  }

  private static double round(double v) {
    return new BigDecimal(v).round(new MathContext(6)).doubleValue();
  }

  /** {@code v} written without an exponent or trailing zeros. */
  static String plain(double v) {
    return Double.isFinite(v) ? new BigDecimal(v).round(new MathContext(12)).stripTrailingZeros().toPlainString()
        : Double.toString(v);
  }
}
