package org.lbsim.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one cold memory access costs on this machine, by working-set size: a pointer chase
 * through {@code kib} KiB in random order, one cache line per step, each load depending on the
 * one before (so nothing overlaps, as when a simulation reaches a packet, then its flow, then
 * the flow's parts). Reports nanoseconds per load.
 *
 * <p>Why it is here: the simulation's cost is dominated by first touches of packets, ports and
 * per-flow state, and whether a working set of a given size is served by the caches or by
 * memory (and whether huge pages spare the TLB misses) decides what a layout change can gain.
 * Run it with and without {@code -jvmArgsAppend -XX:+UseTransparentHugePages}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class MemoryLatencyBench {
  static final int STEPS = 1 << 16;
  static final int INTS_PER_LINE = 16; // 64-byte cache lines

  @Param({"256", "1024", "4096", "8192", "16384", "65536"})
  int kib;

  private int[] chain;
  private int at;

  @Setup
  public void setUp() {
    chain = chain(kib * 1024 / 64, 1);
    at = 0;
  }

  /**
   * One random cycle through {@code lines} cache lines: {@code chain[i]} is the index of the next
   * line's first int, so following it from 0 visits every line once before returning to 0.
   */
  static int[] chain(int lines, long seed) {
    if (lines < 2) {
      throw new IllegalArgumentException("a chase needs at least 2 cache lines, got " + lines);
    }
    int[] order = new int[lines];
    for (int i = 0; i < lines; i++) {
      order[i] = i;
    }
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = lines - 1; i > 1; i--) { // keep line 0 first: the chase starts there
      int j = 1 + r.nextInt(i);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    int[] chain = new int[lines * INTS_PER_LINE];
    for (int i = 0; i < lines; i++) {
      chain[order[i] * INTS_PER_LINE] = order[(i + 1) % lines] * INTS_PER_LINE;
    }
    return chain;
  }

  @Benchmark
  @OperationsPerInvocation(STEPS)
  public int chase() {
    int p = at;
    int[] c = chain;
    for (int s = 0; s < STEPS; s++) {
      p = c[p];
    }
    at = p; // the next invocation goes on where this one stopped
    return p;
  }
}
