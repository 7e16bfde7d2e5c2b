package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.engine.SplitMix;
import org.lbsim.net.Packet;

class RepsTest {
  private static final int EVS = 16_000;
  private static final long RTO = 100_000;
  private static final long FREEZE = 10_000_000_000L; // 10 ms

  private final FakeFlow flow = new FakeFlow(0, 0, 1, 1_000, RTO);

  private Reps reps(long seed) {
    return new Reps(flow, new SplitMix(seed), EVS, 8, 16, true, FREEZE);
  }

  /** Chooses and sends one packet, as the sender does. */
  private static int send(Reps r, long now) {
    Packet p = new Packet();
    r.choose(p, now);
    r.onSent(p.entropy, now);
    return p.entropy;
  }

  @Test
  void exploresRandomEntropiesWhileNothingIsCached() {
    Reps r = reps(3);
    SplitMix twin = new SplitMix(3);
    for (int i = 0; i < 50; i++) {
      assertThat(send(r, i)).isEqualTo(twin.nextInt(EVS));
    }
    assertThat(r.cachedCount()).isZero();
  }

  @Test
  void recyclesCleanEntropiesOldestFirstAndEachOnce() {
    Reps r = reps(5);
    SplitMix twin = new SplitMix(5);
    int a = send(r, 0);
    int b = send(r, 1);
    int c = send(r, 2);
    assertThat(new int[] {a, b, c}).containsExactly(twin.nextInt(EVS), twin.nextInt(EVS), twin.nextInt(EVS));
    r.onAck(b, false, 10);
    r.onAck(a, false, 11);
    r.onAck(c, false, 12);
    assertThat(r.freshCount()).isEqualTo(3);
    assertThat(send(r, 20)).isEqualTo(b);
    assertThat(send(r, 21)).isEqualTo(a);
    assertThat(send(r, 22)).isEqualTo(c);
    assertThat(r.freshCount()).isZero();
    assertThat(send(r, 23)).as("nothing fresh left: explore").isEqualTo(twin.nextInt(EVS));
  }

  @Test
  void neverRecyclesAnEcnMarkedEntropy() {
    Reps r = reps(7);
    SplitMix twin = new SplitMix(7);
    int marked = send(r, 0);
    int clean = send(r, 1);
    twin.nextInt(EVS);
    twin.nextInt(EVS);
    r.onAck(marked, true, 10);
    r.onAck(clean, false, 11);
    assertThat(r.freshCount()).isEqualTo(1);
    assertThat(send(r, 20)).isEqualTo(clean);
    for (int i = 0; i < 100; i++) {
      int ev = send(r, 30 + i);
      assertThat(ev).isEqualTo(twin.nextInt(EVS)); // random draws only, the marked EV is never replayed
      r.onAck(ev, true, 31 + i); // and marked ones keep the cache empty
    }
    assertThat(r.freshCount()).isZero();
  }

  @Test
  void theRingKeepsTheLastEightCleanEntropies() {
    Reps r = reps(1);
    int[] evs = new int[10];
    for (int i = 0; i < 10; i++) {
      evs[i] = send(r, i);
    }
    for (int i = 0; i < 10; i++) {
      r.onAck(evs[i], false, 100 + i);
    }
    assertThat(r.freshCount()).isEqualTo(8);
    assertThat(r.cachedCount()).isEqualTo(8);
    for (int i = 2; i < 10; i++) {
      assertThat(send(r, 200 + i)).isEqualTo(evs[i]);
    }
  }

  @Test
  void aTimeoutFreezesTheFlowOntoItsCachedEntropies() {
    Reps r = reps(11);
    int[] cached = {send(r, 0), send(r, 1), send(r, 2)};
    for (int ev : cached) {
      r.onAck(ev, false, 10);
    }
    r.feedback(12_345, Reps.TIMEOUT, 50);
    assertThat(r.frozen()).isTrue();
    for (int i = 0; i < 12; i++) {
      int ev = send(r, 60 + i);
      assertThat(ev).as("send %d while frozen", i).isEqualTo(cached[i % 3]);
      r.onAck(ev, true, 61 + i); // marked or not, a frozen flow only replays its cache
    }
    // at exactly the exit time it is still frozen; any feedback after it unfreezes
    r.feedback(cached[0], Reps.ECN, 50 + FREEZE);
    assertThat(r.frozen()).isTrue();
    r.feedback(cached[0], Reps.ECN, 50 + FREEZE + 1);
    assertThat(r.frozen()).isFalse();
    assertThat(r.cachedCount()).isZero();
    assertThat(r.exploring()).isEqualTo(16);
  }

  @Test
  void afterAFreezeItExploresSixteenTimesBeforeRecyclingAgain() {
    Reps r = reps(13);
    int first = send(r, 0);
    r.onAck(first, false, 1);
    r.feedback(first, Reps.TIMEOUT, 2);
    int keep = send(r, 3);
    assertThat(keep).isEqualTo(first);
    r.onAck(keep, false, 2 + FREEZE + 1); // unfreezes, clears the ring, then caches keep
    assertThat(r.frozen()).isFalse();
    assertThat(r.freshCount()).isEqualTo(1);
    SplitMix twin = new SplitMix(13);
    twin.nextInt(EVS); // the draw that gave `first`
    for (int i = 0; i < 16; i++) {
      assertThat(send(r, FREEZE + 10 + i)).isEqualTo(twin.nextInt(EVS));
    }
    assertThat(send(r, FREEZE + 100)).isEqualTo(keep);
  }

  @Test
  void anExpiredPerEntropyTimerFoundAtSendIsATimeout() {
    // one EV only, so the second send draws the EV of the first, lost packet again
    Reps r = new Reps(flow, new SplitMix(1), 1, 8, 16, true, FREEZE);
    assertThat(send(r, 0)).isZero();
    send(r, RTO); // the timer is exactly one RTO old: not expired
    assertThat(r.frozen()).isFalse();
    assertThat(r.timersRunning()).isEqualTo(1);
    send(r, RTO + 1);
    assertThat(r.frozen()).isTrue();
    assertThat(r.timersRunning()).as("expired timer dropped, a new one started").isEqualTo(1);
  }

  @Test
  void withoutFreezingATimeoutChangesNothing() {
    Reps r = new Reps(flow, new SplitMix(1), EVS, 8, 16, false, FREEZE);
    r.feedback(5, Reps.TIMEOUT, 0);
    assertThat(r.frozen()).isFalse();
  }

  @Test
  void aTimeoutWhileExploringDoesNotFreeze() {
    Reps r = reps(17);
    r.feedback(1, Reps.TIMEOUT, 0);
    r.feedback(1, Reps.GOOD, FREEZE + 1); // exit: explore = 16
    assertThat(r.exploring()).isEqualTo(16);
    r.feedback(2, Reps.TIMEOUT, FREEZE + 2);
    assertThat(r.frozen()).isFalse();
  }

  @Test
  void timersCostMemoryInProportionToPacketsInFlightNotToTheEntropySpace() {
    Reps r = reps(19);
    int[] sent = new int[1_000];
    for (int i = 0; i < sent.length; i++) {
      sent[i] = send(r, i);
    }
    assertThat(r.timersRunning()).isLessThanOrEqualTo(1_000).isGreaterThan(900);
    for (int i = 0; i < sent.length; i++) {
      r.onAck(sent[i], true, 2_000 + i);
    }
    assertThat(r.timersRunning()).isZero();
  }
}
