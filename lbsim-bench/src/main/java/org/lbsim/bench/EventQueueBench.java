package org.lbsim.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.lbsim.engine.BinaryHeapQueue;
import org.lbsim.engine.EventTarget;
import org.lbsim.engine.Simulator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * The classic hold model on {@link Simulator}: {@code pending} events are queued; every fired
 * event schedules one new event at now + a random delay, so the queue size stays constant.
 * Reports nanoseconds per event (pop + dispatch + push), for each event queue.
 *
 * <p>Delays come from a precomputed table so that the RNG is not what we measure. A batch of
 * events per invocation amortizes JMH's own per-call cost and runs the real {@code run} loop.
 *
 * <p>{@code delays}: {@code exponential-1us} is the textbook hold model (mean 1 us);
 * {@code fabric} is the mix measured in the bar scenario (all-to-all, 128 hosts, 100 Gb/s, 1 us
 * links; log2 histogram of schedule-ahead times): 46 % one ACK serialization (5.12 ns), 47 % one
 * data packet serialization (332.8 ns: transmitter free, next delivery of a busy link), 2 % in
 * between, 0.65 % serialization plus link latency, 4.35 % one pacing gap of a flow sharing its
 * host with 126 others (127 x 332.8 ns). Held at 17,000 pending events, most of the queue is then
 * pacing slots, as in the bar scenario (16,256 flows).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class EventQueueBench {
  static final int BATCH = 1024;
  private static final int DELAYS = 1 << 16; // power of two: index with a mask
  private static final long MEAN_DELAY_PS = Simulator.PS_PER_US;
  private static final long ACK_PS = 5_120; // 64 B at 100 Gb/s
  private static final long DATA_PS = 332_800; // 4,160 B at 100 Gb/s

  @Param({"1000", "17000", "100000"})
  int pending;

  @Param({"binary-heap", "calendar"})
  String queue;

  @Param({"exponential-1us", "fabric"})
  String delays;

  private Simulator sim;
  private Hold hold;

  @Setup(Level.Trial)
  public void setUp() {
    SplittableRandom rnd = new SplittableRandom(42);
    long[] table = new long[DELAYS];
    for (int i = 0; i < DELAYS; i++) {
      table[i] = delay(rnd);
    }
    sim = queue.equals("binary-heap") ? new Simulator(1, new BinaryHeapQueue(1 << 12)) : new Simulator(1);
    hold = new Hold(sim, table);
    for (int i = 0; i < pending; i++) {
      sim.schedule(hold.nextDelay(), hold, 0, 0);
    }
  }

  private long delay(SplittableRandom rnd) {
    if (delays.equals("exponential-1us")) {
      // Exponential delays as in the textbook hold model; +1 keeps every delay positive.
      return 1 + (long) (-Math.log(1.0 - rnd.nextDouble()) * MEAN_DELAY_PS);
    }
    if (!delays.equals("fabric")) {
      throw new IllegalArgumentException("delays must be exponential-1us or fabric, got " + delays);
    }
    double u = rnd.nextDouble();
    if (u < 0.46) {
      return ACK_PS;
    } else if (u < 0.93) {
      return DATA_PS;
    } else if (u < 0.95) {
      return ACK_PS + rnd.nextLong(DATA_PS - ACK_PS);
    } else if (u < 0.9565) {
      return DATA_PS + Simulator.PS_PER_US;
    }
    return 127 * DATA_PS;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long holdEvent() {
    hold.remaining = BATCH;
    sim.run(Long.MAX_VALUE);
    return sim.now();
  }

  /** The one target of every event: reschedules itself and stops the loop after a batch. */
  static final class Hold implements EventTarget {
    private final Simulator sim;
    private final long[] delays;
    private int next;
    int remaining;

    Hold(Simulator sim, long[] delays) {
      this.sim = sim;
      this.delays = delays;
    }

    long nextDelay() {
      return delays[next++ & (DELAYS - 1)];
    }

    @Override
    public void onEvent(int kind, long arg) {
      sim.scheduleIn(nextDelay(), this, kind, arg);
      if (--remaining == 0) {
        sim.stop();
      }
    }
  }
}
