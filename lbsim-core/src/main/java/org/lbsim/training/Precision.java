package org.lbsim.training;

import java.util.List;

/** Bytes per weight, gradient and activation element on the wire. */
public enum Precision {
  FP8(1), BF16(2), FP32(4);

  public static final List<String> NAMES = List.of("fp8", "bf16", "fp32");

  private final int bytes;

  Precision(int bytes) {
    this.bytes = bytes;
  }

  public int bytes() {
    return bytes;
  }

  /** The precision called {@code name} (fp8, bf16, fp32), or null. */
  public static Precision find(String name) {
    return switch (name) {
      case "fp8" -> FP8;
      case "bf16" -> BF16;
      case "fp32" -> FP32;
      default -> null;
    };
  }
}
