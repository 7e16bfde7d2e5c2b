package org.lbsim.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
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
 * Reports nanoseconds per event (pop + dispatch + push).
 *
 * <p>Delays come from a precomputed table so that the RNG is not what we measure. A batch of
 * events per invocation amortizes JMH's own per-call cost and runs the real {@code run} loop.
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

  @Param({"1000", "100000"})
  int pending;

  private Simulator sim;
  private Hold hold;

  @Setup(Level.Trial)
  public void setUp() {
    SplittableRandom rnd = new SplittableRandom(42);
    long[] delays = new long[DELAYS];
    for (int i = 0; i < DELAYS; i++) {
      // Exponential delays as in the textbook hold model; +1 keeps every delay positive.
      delays[i] = 1 + (long) (-Math.log(1.0 - rnd.nextDouble()) * MEAN_DELAY_PS);
    }
    sim = new Simulator(1);
    hold = new Hold(sim, delays);
    for (int i = 0; i < pending; i++) {
      sim.schedule(hold.nextDelay(), hold, 0, 0);
    }
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
