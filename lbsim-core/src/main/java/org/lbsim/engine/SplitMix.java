package org.lbsim.engine;

/**
 * A SplitMix64 random stream (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014): the algorithm of {@link java.util.SplittableRandom}, drawing exactly
 * the same numbers from the same seed, splits included, so swapping one for the other changes no
 * result.
 *
 * <p>Why not {@code SplittableRandom} itself: in JDK 17 each instance also allocates a 16-byte
 * proxy object, and its state cannot be read or set. A flow holds two streams that its every
 * pacing slot draws from (the spray entropy and the pacing jitter); in an all-to-all of 16,256
 * flows the proxies alone are 520 KB spread between the flows' hot fields
 * (docs/performance.md, "Memory-layout rules"). This class is one 32-byte object.
 *
 * <p>The state is a 64-bit seed advanced by an odd gamma; a draw mixes the advanced seed. A
 * split draws the child's seed and gamma from the parent, as {@code SplittableRandom.split()}
 * does. Bounded draws reject over-represented values as {@code RandomGenerator}'s defaults do.
 *
 * <p>Components that draw on every packet (the spray policy, the pacing jitter) continue a stream
 * they were given: they copy its {@link #seed()} and {@link #gamma()} into two fields of their own
 * and draw with the static helpers ({@link #nextSeed}, {@link #mix32}, {@link #mix64},
 * {@link #boundedInt}, {@link #boundedLong}), which are the arithmetic this object's draws use. The
 * stream's state is then part of their own object, one object and one dependent memory access
 * fewer per pacing slot.
 */
public class SplitMix {
  private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

  private long seed;
  private final long gamma;

  /** The stream {@code new SplittableRandom(seed)} draws. */
  public SplitMix(long seed) {
    this(seed, GOLDEN_GAMMA);
  }

  private SplitMix(long seed, long gamma) {
    this.seed = seed;
    this.gamma = gamma;
  }

  /**
   * The current seed: with {@link #gamma()}, the state a component copies to continue this stream,
   * drawing what this object would have drawn next. This object must not be drawn from afterwards
   * (its draws would repeat the component's).
   */
  public final long seed() {
    return seed;
  }

  /** The odd step the seed advances by (see {@link #seed()}). */
  public final long gamma() {
    return gamma;
  }

  /** A new, independent stream; advances this one by two steps, as {@code SplittableRandom.split()} does. */
  public final SplitMix split() {
    long childSeed = nextLong();
    return new SplitMix(childSeed, mixGamma(advance()));
  }

  public final long nextLong() {
    return mix64(advance());
  }

  public final int nextInt() {
    return mix32(advance());
  }

  /** Uniform in [0, bound). */
  public final int nextInt(int bound) {
    checkBound(bound);
    int r;
    while ((r = boundedInt(nextInt(), bound)) < 0) {
      // rejected: draw again
    }
    return r;
  }

  /** Uniform in [0, bound). */
  public final long nextLong(long bound) {
    checkBound(bound);
    long r;
    while ((r = boundedLong(nextLong(), bound)) < 0) {
      // rejected: draw again
    }
    return r;
  }

  /** Uniform in [0, 1), in steps of 2^-53. */
  public final double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }

  public final boolean nextBoolean() {
    return nextInt() < 0;
  }

  private long advance() {
    return seed = nextSeed(seed, gamma);
  }

  private static void checkBound(long bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be positive, got " + bound);
    }
  }

  /** The seed after one step; a draw mixes it ({@link #mix32} or {@link #mix64}). */
  public static long nextSeed(long seed, long gamma) {
    return seed + gamma;
  }

  /**
   * {@code r}, a uniform 32-bit draw, made uniform in [0, bound) ({@code bound > 0}); -1 when
   * {@code r} falls in the top partial block of 31-bit values, which would favour small results:
   * the caller then draws a new {@code r} and calls again.
   */
  public static int boundedInt(int r, int bound) {
    int m = bound - 1;
    if ((bound & m) == 0) {
      return r & m; // a power of two: the low bits are uniform
    }
    int u = r >>> 1;
    return u + m - (r = u % bound) < 0 ? -1 : r;
  }

  /** {@link #boundedInt} for a uniform 64-bit draw and a {@code long} bound. */
  public static long boundedLong(long r, long bound) {
    long m = bound - 1;
    if ((bound & m) == 0) {
      return r & m;
    }
    long u = r >>> 1;
    return u + m - (r = u % bound) < 0 ? -1 : r;
  }

  /** A uniform 64-bit draw from an advanced seed: Stafford's variant 13 of the MurmurHash3 finalizer. */
  public static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** A uniform 32-bit draw from an advanced seed: the high 32 bits of Stafford's variant 4. */
  public static int mix32(long z) {
    z = (z ^ (z >>> 33)) * 0x62a9d9ed799705f5L;
    return (int) (((z ^ (z >>> 28)) * 0xcb24d0a5c88c35b3L) >>> 32);
  }

  // MurmurHash3's finalizer, made odd and with enough bit transitions to be a good gamma
  private static long mixGamma(long z) {
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    z = (z ^ (z >>> 33)) | 1L;
    return Long.bitCount(z ^ (z >>> 1)) < 24 ? z ^ 0xaaaaaaaaaaaaaaaaL : z;
  }
}
