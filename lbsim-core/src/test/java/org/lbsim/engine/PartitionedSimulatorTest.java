package org.lbsim.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A model with the network's shape, small enough to run in many splits: places in pairs that call
 * each other directly (as a switch calls its ports), each drawing from its own random stream,
 * scheduling events of its own at the same picosecond and later, and sending messages on cables
 * (one rank per cable, arrivals in time order, at least the lookahead after the send). Every
 * place keeps a digest of what it saw and when; the digests must be the same for every
 * partitioning and thread count, and the same as on one plain {@link Simulator}.
 */
class PartitionedSimulatorTest {
  private static final int PLACES = 24;
  private static final long LOOKAHEAD = 500;

  /** Where each place runs: a partition per pair of places. */
  private record Split(String name, int partitions, IntUnaryOperator partitionOfPair) {}

  private static final Split[] SPLITS = {
    new Split("one partition", 1, pair -> 0),
    new Split("two halves", 2, pair -> pair < PLACES / 4 ? 0 : 1),
    new Split("three round-robin", 3, pair -> pair % 3),
    new Split("five scattered", 5, pair -> (int) Math.floorMod(RandomStreams.mix64(pair * 31L + 7), 5L)),
    new Split("a partition per pair", PLACES / 2, pair -> pair),
  };

  private static final class Place implements EventTarget {
    final int id;
    final Model model;
    Place partner;
    Simulator sim;
    long digest;
    long seen;
    long budget;
    final long[] rng;
    final List<Cable> out = new ArrayList<>();

    Place(int id, Model model, long budget) {
      this.id = id;
      this.model = model;
      this.budget = budget;
      this.rng = new long[] {RandomStreams.mix64(id + 0x5EEDL)};
    }

    long draw(int bound) {
      rng[0] += 0x9E3779B97F4A7C15L;
      return Math.floorMod(RandomStreams.mix64(rng[0]), (long) bound);
    }

    void note(long now, long what) {
      digest = RandomStreams.mix64(digest ^ (now * 0x9E3779B97F4A7C15L) ^ what);
      seen++;
    }

    @Override
    public int tieRank() {
      return id;
    }

    @Override
    public void onEvent(int kind, long arg) {
      long now = sim.now();
      note(now, kind * 1_000_003L + arg);
      act(now, arg);
    }

    /** A message from a cable, handed over at its arrival. */
    void receive(long payload) {
      long now = sim.now();
      note(now, payload);
      act(now, payload);
    }

    /** A direct call from the partner place, at the same instant. */
    void poke(long value) {
      note(sim.now(), ~value);
      if (draw(3) == 0 && budget > 0) {
        budget--;
        sim.schedule(sim.now(), this, 2, value & 0xff); // ties with whatever else runs now
      }
    }

    private void act(long now, long x) {
      if (budget <= 0) {
        return;
      }
      budget--;
      long r = draw(8);
      if (r < 2) {
        sim.schedule(now, this, 0, r); // same picosecond, same rank
      } else if (r < 4) {
        sim.schedule(now + draw(700), this, 1, r);
      }
      if (draw(2) == 0) {
        partner.poke(digest);
      }
      out.get((int) draw(out.size())).send(now, digest ^ x);
      if (id == model.stopper && seen == model.stopAfter) {
        sim.stop();
      }
    }
  }

  /** A one-way cable: arrivals in time order, at least the lookahead after the send; its own rank. */
  private static final class Cable implements EventTarget {
    final int rank;
    final Place from;
    final Place to;
    PartitionedSimulator.Channel channel; // null: both ends in one partition
    long lastArrival = -1;

    Cable(int rank, Place from, Place to) {
      this.rank = rank;
      this.from = from;
      this.to = to;
    }

    void send(long now, long payload) {
      long at = Math.max(now + LOOKAHEAD + from.draw(300), lastArrival + 1);
      lastArrival = at;
      if (channel == null) {
        from.sim.schedule(at, this, 0, payload);
      } else {
        channel.post(at, this, 0, payload);
      }
    }

    @Override
    public int tieRank() {
      return rank;
    }

    @Override
    public void onEvent(int kind, long arg) {
      to.receive(arg);
    }
  }

  private static final class Model {
    final Place[] places = new Place[PLACES];
    final List<Cable> cables = new ArrayList<>();
    final int stopper;
    final long stopAfter;

    Model(long budget, int stopper, long stopAfter) {
      this.stopper = stopper;
      this.stopAfter = stopAfter;
      for (int i = 0; i < PLACES; i++) {
        places[i] = new Place(i, this, budget);
      }
      for (int i = 0; i < PLACES; i += 2) {
        places[i].partner = places[i + 1];
        places[i + 1].partner = places[i];
      }
      SplittableRandom wiring = new SplittableRandom(3);
      for (Place p : places) {
        for (int k = 0; k < 3; k++) {
          Place q = places[wiring.nextInt(PLACES)];
          Cable c = new Cable(PLACES + cables.size(), p, q);
          cables.add(c);
          p.out.add(c);
        }
      }
    }

    /** Places every pair and cable on its partition of {@code run}, and starts each place. */
    void place(PartitionedSimulator run, Split split) {
      for (Place p : places) {
        p.sim = run.partition(split.partitionOfPair().applyAsInt(p.id / 2));
      }
      for (Cable c : cables) {
        int from = split.partitionOfPair().applyAsInt(c.from.id / 2);
        int to = split.partitionOfPair().applyAsInt(c.to.id / 2);
        c.channel = from == to ? null : run.channel(from, to);
      }
      start();
    }

    void placeOn(Simulator sim) {
      for (Place p : places) {
        p.sim = sim;
      }
      start();
    }

    private void start() {
      for (Place p : places) {
        p.sim.schedule(p.id % 3, p, 3, p.id); // a few starts share a picosecond
      }
    }

    String outcome() {
      StringBuilder b = new StringBuilder();
      for (Place p : places) {
        b.append(p.id).append(':').append(Long.toHexString(p.digest)).append('/').append(p.seen).append(' ');
      }
      return b.toString();
    }
  }

  @Test
  void everySplitAndThreadCountGivesOnePlainSimulatorsResult() {
    Model plain = new Model(400, -1, -1);
    Simulator sim = new Simulator(9);
    plain.placeOn(sim);
    assertThat(sim.run(Long.MAX_VALUE)).isTrue();
    String expected = plain.outcome();
    assertThat(sim.eventsRun()).as("the model is busy enough to test something").isGreaterThan(10_000);
    for (Split split : SPLITS) {
      for (int threads = 1; threads <= 3; threads++) {
        Model m = new Model(400, -1, -1);
        PartitionedSimulator run = new PartitionedSimulator(9, split.partitions(), LOOKAHEAD);
        m.place(run, split);
        assertThat(run.run(Long.MAX_VALUE, threads)).isTrue();
        assertThat(m.outcome()).as("%s on %d threads", split.name(), threads).isEqualTo(expected);
        assertThat(run.eventsRun()).as("%s on %d threads", split.name(), threads).isEqualTo(sim.eventsRun());
      }
    }
  }

  @Test
  void aStopTakesEffectAtTheEndOfItsWindowInEverySplit() {
    String expected = null;
    long expectedEnd = -1;
    for (Split split : SPLITS) {
      for (int threads = 1; threads <= 3; threads++) {
        Model m = new Model(1_000_000, 5, 300);
        PartitionedSimulator run = new PartitionedSimulator(9, split.partitions(), LOOKAHEAD);
        m.place(run, split);
        assertThat(run.run(Long.MAX_VALUE, threads)).as("stopped, not drained").isFalse();
        if (expected == null) {
          expected = m.outcome();
          expectedEnd = run.windowEndPs();
        }
        assertThat(m.outcome()).as("%s on %d threads", split.name(), threads).isEqualTo(expected);
        assertThat(run.windowEndPs()).isEqualTo(expectedEnd);
        for (int p = 0; p < run.partitions(); p++) {
          assertThat(run.partition(p).now()).as("partition %d's clock", p).isEqualTo(expectedEnd);
        }
      }
    }
    assertThat(expectedEnd).isPositive();
  }

  @Test
  void anObserversEventsMoveNeitherTheWindowsNorTheStop() {
    Model quiet = new Model(1_000_000, 5, 300);
    PartitionedSimulator plain = new PartitionedSimulator(9, 3, LOOKAHEAD);
    quiet.place(plain, SPLITS[2]);
    plain.run(Long.MAX_VALUE, 2);
    Model watched = new Model(1_000_000, 5, 300);
    PartitionedSimulator observed = new PartitionedSimulator(9, 3, LOOKAHEAD);
    watched.place(observed, SPLITS[2]);
    Simulator where = observed.partition(1);
    EventTarget sampler = new EventTarget() {
      @Override
      public void onEvent(int kind, long arg) {
        where.schedule(where.now() + 137, this, 0, 0); // reads nothing, changes nothing
      }

      @Override
      public int tieRank() {
        return EventQueue.MAX_RANK - 1;
      }
    };
    where.schedule(3, sampler, 0, 0);
    observed.run(Long.MAX_VALUE, 2);
    assertThat(watched.outcome()).isEqualTo(quiet.outcome());
    assertThat(observed.windowEndPs()).isEqualTo(plain.windowEndPs());
    assertThat(observed.windowEndPs() % LOOKAHEAD).as("a window ends on the grid").isEqualTo(LOOKAHEAD - 1);
  }

  @Test
  void aRunStopsAtItsLimitAndResumesFromThere() {
    Model whole = new Model(400, -1, -1);
    PartitionedSimulator once = new PartitionedSimulator(9, 3, LOOKAHEAD);
    whole.place(once, SPLITS[2]);
    once.run(Long.MAX_VALUE, 2);
    Model halves = new Model(400, -1, -1);
    PartitionedSimulator twice = new PartitionedSimulator(9, 3, LOOKAHEAD);
    halves.place(twice, SPLITS[2]);
    long half = once.windowEndPs() / 2;
    assertThat(twice.run(half, 2)).isFalse();
    for (int p = 0; p < 3; p++) {
      assertThat(twice.partition(p).now()).isEqualTo(half);
    }
    assertThat(twice.run(Long.MAX_VALUE, 3)).isTrue();
    assertThat(halves.outcome()).isEqualTo(whole.outcome());
  }

  @Test
  void anEventPostedWithinTheLookaheadIsRefusedAndTheRunFailsWithIt() {
    PartitionedSimulator run = new PartitionedSimulator(1, 2, LOOKAHEAD);
    PartitionedSimulator.Channel c = run.channel(0, 1);
    EventTarget early = (k, a) -> c.post(run.partition(0).now() + LOOKAHEAD - 1, (kk, aa) -> { }, 0, 0);
    run.partition(0).schedule(10, early, 0, 0);
    run.partition(1).schedule(10, (k, a) -> { }, 0, 0);
    for (int threads = 1; threads <= 2; threads++) {
      int t = threads;
      assertThatThrownBy(() -> run.run(Long.MAX_VALUE, t)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("less than the lookahead (500 ps) after now");
      run.partition(0).schedule(run.partition(0).now() + 10, early, 0, 0);
    }
  }

  @Test
  void eventsNearTheEndOfTimeRunWithoutTheWindowOverflowing() {
    PartitionedSimulator run = new PartitionedSimulator(1, 2, LOOKAHEAD);
    List<Long> seen = new ArrayList<>();
    run.partition(1).schedule(Long.MAX_VALUE - 10, (k, a) -> seen.add(a), 0, 7);
    assertThat(run.run(Long.MAX_VALUE, 2)).isTrue();
    assertThat(seen).containsExactly(7L);
    assertThat(run.windowEndPs()).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void badShapesAreRefused() {
    assertThatThrownBy(() -> new PartitionedSimulator(1, 0, LOOKAHEAD)).hasMessageContaining("at least one partition");
    assertThatThrownBy(() -> new PartitionedSimulator(1, 2, 0)).hasMessageContaining("lookahead must be at least 1 ps");
    PartitionedSimulator run = new PartitionedSimulator(1, 2, LOOKAHEAD);
    assertThatThrownBy(() -> run.channel(1, 1)).hasMessageContaining("directly, not through a channel");
    assertThatThrownBy(() -> run.run(10, 0)).hasMessageContaining("at least one thread");
    assertThat(Arrays.asList(run.partition(0), run.partition(1))).doesNotHaveDuplicates();
  }
}
