package org.lbsim.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {
  private static final class Recorder implements EventTarget {
    final Simulator sim;
    final List<long[]> seen = new ArrayList<>();

    Recorder(Simulator sim) {
      this.sim = sim;
    }

    @Override
    public void onEvent(int kind, long arg) {
      seen.add(new long[] {sim.now(), kind, arg});
    }
  }

  @Test
  void equalTimesRunInInsertionOrder() {
    Simulator sim = new Simulator(1);
    Recorder r = new Recorder(sim);
    for (int i = 0; i < 100; i++) {
      sim.schedule(5, r, i, -i);
    }
    sim.run(Long.MAX_VALUE);
    assertThat(r.seen).hasSize(100);
    for (int i = 0; i < 100; i++) {
      assertThat(r.seen.get(i)).containsExactly(5, i, -i);
    }
  }

  @Test
  void scheduleFirstRunsBeforeOrdinaryEventsOfTheSamePicosecondOnBothQueues() {
    for (EventQueue q : new EventQueue[] {new BinaryHeapQueue(4), new CalendarQueue(4, 64, 4)}) {
      Simulator sim = new Simulator(1, q);
      List<Long> order = new ArrayList<>();
      EventTarget rec = (k, a) -> order.add(a);
      sim.schedule(100, rec, 0, 1);
      sim.schedule(100, rec, 0, 2);
      sim.scheduleFirst(100, rec, 0, 3);
      sim.schedule(99, rec, 0, 4);
      sim.scheduleFirst(100, rec, 0, 5);
      sim.scheduleFirst(101, rec, 0, 6);
      sim.run(Long.MAX_VALUE);
      assertThat(order).as(q.getClass().getSimpleName()).containsExactly(4L, 3L, 5L, 1L, 2L, 6L);
    }
  }

  /** A target of a given rank that records its name when it runs. */
  private static EventTarget ranked(int rank, List<String> order, String name) {
    return new EventTarget() {
      @Override
      public void onEvent(int kind, long arg) {
        order.add(name + arg);
      }

      @Override
      public int tieRank() {
        return rank;
      }
    };
  }

  @Test
  void equalTimesRunByBandThenRankThenSchedulingOrderOnBothQueues() {
    for (EventQueue q : new EventQueue[] {new BinaryHeapQueue(4), new CalendarQueue(4, 64, 4)}) {
      Simulator sim = new Simulator(1, q);
      List<String> order = new ArrayList<>();
      EventTarget a = ranked(7, order, "a");
      EventTarget b = ranked(2, order, "b");
      EventTarget c = ranked(EventQueue.MAX_RANK - 1, order, "c");
      sim.schedule(100, c, 0, 1);
      sim.schedule(100, a, 0, 1);
      sim.schedule(100, b, 0, 1);
      sim.schedule(100, a, 0, 2);
      sim.scheduleFirst(100, a, 0, 3);
      sim.scheduleFirst(100, b, 0, 3);
      sim.schedule(100, b, 0, 2);
      sim.run(Long.MAX_VALUE);
      assertThat(order).as(q.getClass().getSimpleName()).containsExactly("b3", "a3", "b1", "b2", "a1", "a2", "c1");
    }
  }

  @Test
  void anEventOfALowerRankScheduledForNowRunsBeforeTheHigherRanksStillWaiting() {
    Simulator sim = new Simulator(1);
    List<String> order = new ArrayList<>();
    EventTarget low = ranked(1, order, "low");
    EventTarget high = ranked(9, order, "high");
    EventTarget mid = new EventTarget() {
      @Override
      public void onEvent(int kind, long arg) {
        order.add("mid");
        sim.schedule(sim.now(), low, 0, 0); // rank 1, scheduled while rank 5 and 9 wait at this picosecond
      }

      @Override
      public int tieRank() {
        return 5;
      }
    };
    sim.schedule(10, mid, 0, 0);
    sim.schedule(10, high, 0, 0);
    sim.run(Long.MAX_VALUE);
    assertThat(order).containsExactly("mid", "low0", "high0");
  }

  @Test
  void aRankOutsideTheRangeIsRefused() {
    Simulator sim = new Simulator(1);
    List<String> order = new ArrayList<>();
    EventTarget outside = ranked(EventQueue.MAX_RANK, order, "x");
    assertThatThrownBy(() -> sim.schedule(1, outside, 0, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("event rank 4194304 outside 0..4194303");
  }

  @Test
  void randomScheduleComesOutSortedByTimeThenInsertion() {
    Simulator sim = new Simulator(1);
    Recorder r = new Recorder(sim);
    SplittableRandom rnd = new SplittableRandom(42);
    int n = 50_000;
    for (int i = 0; i < n; i++) {
      sim.schedule(rnd.nextLong(1000), r, i, 0);
    }
    sim.run(Long.MAX_VALUE);
    assertThat(r.seen).hasSize(n);
    for (int i = 1; i < n; i++) {
      long[] a = r.seen.get(i - 1);
      long[] b = r.seen.get(i);
      assertThat(a[0] < b[0] || (a[0] == b[0] && a[1] < b[1])).as("event %d after %d", b[1], a[1]).isTrue();
    }
    assertThat(sim.eventsRun()).isEqualTo(n);
  }

  @Test
  void handlersMayScheduleWhileRunningAndRunStopsAtTheLimit() {
    Simulator sim = new Simulator(1);
    long[] count = {0};
    EventTarget ticker = new EventTarget() {
      @Override
      public void onEvent(int kind, long arg) {
        count[0]++;
        sim.scheduleIn(10, this, 0, 0);
      }
    };
    sim.schedule(0, ticker, 0, 0);
    boolean drained = sim.run(95);
    assertThat(drained).isFalse();
    assertThat(count[0]).isEqualTo(10); // t = 0, 10, ..., 90
    assertThat(sim.now()).isEqualTo(95);
  }

  @Test
  void schedulingInThePastIsRefused() {
    Simulator sim = new Simulator(1);
    sim.schedule(10, (k, a) -> sim.schedule(5, (k2, a2) -> {}, 0, 0), 0, 0);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> sim.run(100))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("in the past");
  }

  @Test
  void namedStreamsAreReproducibleAndIndependent() {
    RandomStreams a = new RandomStreams(7);
    RandomStreams b = new RandomStreams(7);
    assertThat(a.stream("x").nextLong()).isEqualTo(b.stream("x").nextLong());
    assertThat(a.stream("x").nextLong()).isNotEqualTo(a.stream("y").nextLong());
    assertThat(a.stream("flow", 1).nextLong()).isNotEqualTo(a.stream("flow", 2).nextLong());
    assertThat(new RandomStreams(8).stream("x").nextLong()).isNotEqualTo(a.stream("x").nextLong());
  }
}
