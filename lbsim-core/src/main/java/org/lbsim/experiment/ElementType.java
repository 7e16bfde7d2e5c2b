package org.lbsim.experiment;

import java.util.Arrays;
import java.util.List;

/** nccl-tests' data types ({@code -d}): the name its tables print and the bytes of one element. */
public enum ElementType {
  INT8("int8", 1), UINT8("uint8", 1), INT32("int32", 4), UINT32("uint32", 4), INT64("int64", 8),
  UINT64("uint64", 8), HALF("half", 2), FLOAT("float", 4), DOUBLE("double", 8), BFLOAT16("bfloat16", 2);

  private final String label;
  private final int bytes;

  ElementType(String label, int bytes) {
    this.label = label;
    this.bytes = bytes;
  }

  public String label() {
    return label;
  }

  public int bytes() {
    return bytes;
  }

  /** The type called {@code label}, or null. */
  public static ElementType find(String label) {
    return Arrays.stream(values()).filter(t -> t.label.equals(label)).findFirst().orElse(null);
  }

  public static List<String> labels() {
    return Arrays.stream(values()).map(ElementType::label).toList();
  }
}
