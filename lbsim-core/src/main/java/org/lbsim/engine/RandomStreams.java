package org.lbsim.engine;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Independent, named random streams derived from one scenario seed.
 *
 * <p>Each component asks for its own stream by name (e.g. "switch-salt", "flow-17/path"), so
 * adding a random draw in one component never shifts the draws of another: results stay
 * comparable across code changes and configurations.
 */
public final class RandomStreams {
  private final long seed;

  public RandomStreams(long seed) {
    this.seed = seed;
  }

  public long seed() {
    return seed;
  }

  public SplittableRandom stream(String name) {
    return new SplittableRandom(mix(seed, name));
  }

  public SplittableRandom stream(String name, long index) {
    return new SplittableRandom(seedOf(name, index));
  }

  /** The same stream as {@link #stream(String, long)}, as a {@link SplitMix}. */
  public SplitMix splitMix(String name, long index) {
    return new SplitMix(seedOf(name, index));
  }

  private long seedOf(String name, long index) {
    return mix64(mix(seed, name) ^ mix64(index + 0x632BE59BD9B4E019L));
  }

  static long mix(long seed, String name) {
    long h = 0xcbf29ce484222325L; // FNV-1a over UTF-8 bytes, then a strong 64-bit finalizer
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    return mix64(seed * 0x9E3779B97F4A7C15L ^ h);
  }

  static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
