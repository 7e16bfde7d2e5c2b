package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * The sizes of a benchmark, as nccl-tests steps them: from {@code min} while at most {@code max},
 * each one {@code factor} times the last, or {@code step} bytes more when a step is given.
 *
 * @param step bytes added per size; 0 = multiply by {@code factor}
 */
public record SizeRange(long min, long max, long factor, long step) {
  /** Most sizes one benchmark runs; each is a simulation per design. */
  public static final int MAX_SIZES = 64;

  public SizeRange {
    if (min <= 0 || max < min) {
      throw new IllegalArgumentException("sizes need 0 < min <= max, got " + min + ":" + max);
    }
    if (step < 0 || (step == 0 && factor < 2)) {
      throw new IllegalArgumentException("sizes need a factor >= 2 or a step > 0, got factor " + factor + ", step " + step);
    }
  }

  /** The sizes in order; more than {@link #MAX_SIZES} is refused. */
  public List<Long> sizes() {
    List<Long> out = new ArrayList<>();
    for (long s = min; s <= max; s = step > 0 ? s + step : s * factor) {
      if (out.size() == MAX_SIZES) {
        throw new IllegalArgumentException(min + ":" + max + " gives more than " + MAX_SIZES + " sizes");
      }
      out.add(s);
      if (s > Long.MAX_VALUE / Math.max(factor, 2) - step) {
        break;
      }
    }
    return out;
  }
}
