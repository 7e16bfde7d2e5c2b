package org.lbsim.experiment;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** A number as a CSV cell: plain notation, rounded to 6 decimals, no trailing zeros; empty when not a number. */
public final class CsvNumber {
  private CsvNumber() {}

  public static String of(double x) {
    return Double.isNaN(x) || Double.isInfinite(x) ? ""
        : BigDecimal.valueOf(x).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
  }
}
