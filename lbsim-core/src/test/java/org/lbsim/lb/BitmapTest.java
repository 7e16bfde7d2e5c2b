package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.engine.SplitMix;
import org.lbsim.net.Packet;

class BitmapTest {
  private static Bitmap bitmap(int n, long seed) {
    return new Bitmap(new SplitMix(seed), n, 15, 1, 4);
  }

  private static int send(Bitmap b) {
    Packet p = new Packet();
    b.choose(p, 0);
    return p.entropy;
  }

  @Test
  void withoutFeedbackEveryRoundUsesEachEntropyOnce() {
    for (int n : new int[] {8, 6, 256}) {
      Bitmap b = bitmap(n, n);
      for (int round = 0; round < 20; round++) {
        boolean[] seen = new boolean[n];
        for (int i = 0; i < n; i++) {
          int idx = b.indexOf(send(b));
          assertThat(idx).isBetween(0, n - 1);
          assertThat(seen[idx]).as("n=%d round %d: %d twice", n, round, idx).isFalse();
          seen[idx] = true;
        }
      }
    }
  }

  @Test
  void roundsAreReshuffled() {
    Bitmap b = bitmap(16, 1);
    List<List<Integer>> rounds = new ArrayList<>();
    for (int round = 0; round < 10; round++) {
      List<Integer> r = new ArrayList<>();
      for (int i = 0; i < 16; i++) {
        r.add(b.indexOf(send(b)));
      }
      rounds.add(r);
    }
    assertThat(rounds.stream().distinct().count()).isGreaterThan(1);
  }

  @Test
  void entropiesCarryTheFlowsRandomUpperBits() {
    Bitmap b = bitmap(256, 3);
    int first = send(b);
    for (int i = 0; i < 1_000; i++) {
      assertThat(send(b) & ~0xff).isEqualTo(first & ~0xff);
    }
  }

  @Test
  void anEcnMarkedEntropyIsSkippedOnceThenUsedAgain() {
    int n = 8;
    Bitmap b = bitmap(n, 5);
    int marked = send(b);
    int e = b.indexOf(marked);
    b.onAck(marked, true, 0);
    assertThat(b.penalty(e)).isEqualTo(1);
    assertThat(b.skippedCount()).isEqualTo(1);
    int sends = 0;
    while (b.penalty(e) > 0) {
      assertThat(b.indexOf(send(b))).as("a penalized entropy is never used").isNotEqualTo(e);
      sends++;
      assertThat(sends).isLessThanOrEqualTo(2 * n);
    }
    assertThat(b.skippedCount()).isZero();
    // aged out: it is back in the rotation, offered again within one more round
    boolean used = false;
    for (int i = 0; i < 2 * n && !used; i++) {
      used = b.indexOf(send(b)) == e;
    }
    assertThat(used).isTrue();
  }

  @Test
  void aTimeoutKeepsTheEntropyOutForFifteenOffers() {
    int n = 8;
    Bitmap b = bitmap(n, 7);
    int bad = send(b);
    int e = b.indexOf(bad);
    b.onTimeout(bad, 0);
    assertThat(b.penalty(e)).isEqualTo(15);
    int sends = 0;
    int lastPenalty = 15;
    while (b.penalty(e) > 0) {
      assertThat(b.indexOf(send(b))).isNotEqualTo(e);
      sends++;
      // aging is one step per offer: never more than one per send
      assertThat(b.penalty(e)).isBetween(lastPenalty - 1, lastPenalty);
      lastPenalty = b.penalty(e);
    }
    // one offer per round; a round where it is skipped takes n - 1 sends
    assertThat(sends).isBetween(14 * (n - 1) + 1, 15 * (n - 1) + n);
  }

  @Test
  void penaltiesAddUpAndSaturate() {
    Bitmap b = bitmap(8, 9);
    int ev = send(b);
    int e = b.indexOf(ev);
    b.onNack(ev, 0);
    assertThat(b.penalty(e)).isEqualTo(4);
    b.onAck(ev, true, 0);
    assertThat(b.penalty(e)).isEqualTo(5);
    b.onAck(ev, false, 0);
    assertThat(b.penalty(e)).as("a clean ACK does not clear a penalty").isEqualTo(5);
    for (int i = 0; i < 20; i++) {
      b.onAck(ev, true, 0);
    }
    assertThat(b.penalty(e)).isEqualTo(15);
    assertThat(b.skippedCount()).isEqualTo(1);
  }

  @Test
  void whenEveryEntropyIsPenalizedItStillSends() {
    Bitmap b = bitmap(4, 11);
    for (int i = 0; i < 4; i++) {
      b.onTimeout(i, 0);
    }
    assertThat(b.skippedCount()).isEqualTo(4);
    int idx = b.indexOf(send(b));
    assertThat(idx).isBetween(0, 3);
  }
}
