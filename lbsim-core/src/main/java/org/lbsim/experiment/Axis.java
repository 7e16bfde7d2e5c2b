package org.lbsim.experiment;

import java.util.List;

/** One swept scenario key and its values. */
public record Axis(String key, List<String> values) {
  public Axis {
    values = List.copyOf(values);
    if (values.isEmpty()) {
      throw new IllegalArgumentException("axis " + key + " has no values");
    }
  }

  public static Axis of(String key, String... values) {
    return new Axis(key, List.of(values));
  }
}
