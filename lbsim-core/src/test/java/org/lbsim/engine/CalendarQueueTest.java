package org.lbsim.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The calendar queue must replay exactly the (time, insertion sequence) order of the binary heap:
 * both queues run the same self-scheduling workload and their dispatch logs must be equal.
 */
class CalendarQueueTest {
  /** Logs every dispatch and schedules follow-ups whose delays exercise every part of the calendar. */
  private static final class Churn implements EventTarget {
    final Simulator sim;
    final SplittableRandom rnd;
    final long width;
    final long window;
    final List<long[]> log = new ArrayList<>();
    long budget;

    Churn(Simulator sim, long seed, long width, long window, long budget) {
      this.sim = sim;
      this.rnd = new SplittableRandom(seed);
      this.width = width;
      this.window = window;
      this.budget = budget;
    }

    long delay() {
      switch (rnd.nextInt(8)) {
        case 0:
          return 0; // now: into the current heap
        case 1:
          return rnd.nextLong(width); // the current or next bucket
        case 2:
          return width * rnd.nextLong(4); // exact bucket boundaries, many equal times
        case 3:
          return window - width + rnd.nextLong(2 * width); // around the window's end
        case 4:
          return window * (1 + rnd.nextLong(5)) + rnd.nextLong(3); // the coarse ring, ties there too
        case 5:
          return window * (1 + rnd.nextLong(40)) + width * rnd.nextLong(8); // coarse ring or beyond it: overflow
        default:
          return rnd.nextLong(window); // inside the ring
      }
    }

    @Override
    public void onEvent(int kind, long arg) {
      log.add(new long[] {sim.now(), kind, arg});
      int children = budget <= 0 ? 0 : rnd.nextInt(3); // the queue grows, shrinks and drains
      for (int c = 0; c < children && budget > 0; c++, budget--) {
        long at = sim.now() + delay();
        if (rnd.nextInt(4) == 0) {
          sim.scheduleFirst(at, this, kind + 1, arg * 3 + c); // the early band at its time
        } else {
          sim.schedule(at, this, kind + 1, arg * 3 + c);
        }
      }
    }
  }

  private static List<long[]> run(EventQueue q, long seed, long width, long window) {
    Simulator sim = new Simulator(1, q);
    Churn churn = new Churn(sim, seed, width, window, 200_000);
    for (int i = 0; i < 2_000; i++) {
      sim.schedule(churn.delay(), churn, 0, i);
    }
    // stop at limits now and then: the calendar has peeked ahead when events are added at "now"
    long limit = 0;
    while (!sim.run(limit)) {
      limit += window / 3 + 1;
      sim.scheduleIn(0, churn, -1, limit);
    }
    return churn.log;
  }

  @Test
  void replaysTheBinaryHeapsOrderExactly() {
    for (long seed = 1; seed <= 3; seed++) {
      int shift = 4;
      int buckets = 64;
      long width = 1L << shift;
      long window = width * buckets;
      List<long[]> heap = run(new BinaryHeapQueue(16), seed, width, window);
      List<long[]> calendar = run(new CalendarQueue(shift, buckets, 16), seed, width, window);
      assertThat(heap).hasSizeGreaterThan(100_000);
      assertSameDispatches(calendar, heap);
    }
  }

  @Test
  void theDefaultCalendarReplaysTheHeapOnNanosecondDelays() {
    long width = 1L << Simulator.BUCKET_SHIFT;
    long window = width * Simulator.BUCKETS;
    List<long[]> heap = run(new BinaryHeapQueue(16), 9, width, window);
    List<long[]> calendar = run(new CalendarQueue(Simulator.BUCKET_SHIFT, Simulator.BUCKETS, 16), 9, width, window);
    assertSameDispatches(calendar, heap);
  }

  private static void assertSameDispatches(List<long[]> actual, List<long[]> expected) {
    assertThat(actual).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      if (!java.util.Arrays.equals(actual.get(i), expected.get(i))) {
        assertThat(actual.get(i)).as("dispatch %d (time, kind, arg)", i).containsExactly(expected.get(i));
      }
    }
  }

  @Test
  void jumpsOverLongIdleGapsAndCountsItsEvents() {
    CalendarQueue q = new CalendarQueue(4, 64, 16);
    Simulator sim = new Simulator(1, q);
    List<Long> times = new ArrayList<>();
    EventTarget rec = (k, a) -> times.add(sim.now());
    sim.schedule(5_000_000_000L, rec, 0, 0); // far beyond the 1 ns window: overflow only
    sim.schedule(7, rec, 0, 0);
    sim.schedule(5_000_000_000L, rec, 0, 0);
    sim.schedule(3_000, rec, 0, 0);
    assertThat(q.size()).isEqualTo(4);
    assertThat(sim.run(Long.MAX_VALUE)).isTrue();
    assertThat(times).containsExactly(7L, 3_000L, 5_000_000_000L, 5_000_000_000L);
    assertThat(q.isEmpty()).isTrue();
  }

  /** Logs both its prefetch (which must not change anything) and its event. */
  private record Named(String name, List<String> log) implements EventTarget {
    @Override
    public void onEvent(int kind, long arg) {
      log.add("run " + name);
    }

    @Override
    public long prefetch() {
      log.add("prefetch " + name);
      return 0;
    }
  }

  @Test
  void prefetchesTheEventThatRunsNextWhenItIsNear() {
    CalendarQueue q = new CalendarQueue(4, 64, 16); // 16 ps buckets, a 1 ns fine window
    Simulator sim = new Simulator(1, q);
    List<String> log = new ArrayList<>();
    sim.schedule(3, new Named("c", log), 0, 0); // a, b, c: the same bucket, out of order
    sim.schedule(1, new Named("a", log), 0, 0);
    sim.schedule(2, new Named("b", log), 0, 0);
    sim.schedule(100, new Named("d", log), 0, 0); // a later bucket of the fine ring
    sim.schedule(5_000, new Named("e", log), 0, 0); // beyond the fine window: not looked for
    assertThat(sim.run(Long.MAX_VALUE)).isTrue();
    assertThat(log).containsExactly("prefetch b", "run a", "prefetch c", "run b", "prefetch d", "run c", "run d",
        "run e");
  }

  @Test
  void badGeometryIsRefused() {
    assertThatThrownBy(() -> new CalendarQueue(8, 100, 16)).hasMessageContaining("power of two");
    assertThatThrownBy(() -> new CalendarQueue(-1, 64, 16)).hasMessageContaining("bucket width");
    CalendarQueue used = new CalendarQueue(8, 64, 16);
    used.add(1, (k, a) -> {}, 0, 0);
    assertThatThrownBy(() -> new Simulator(1, used)).hasMessageContaining("must start empty");
  }
}
