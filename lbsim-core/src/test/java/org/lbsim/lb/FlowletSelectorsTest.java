package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;

/** letflow: a new uniformly random port only when a flow was silent for more than the gap. */
class FlowletSelectorsTest {
  private static final long GAP = 10_000_000; // 10 us

  @Test
  void aFlowKeepsItsPortWhileItsGapsStayWithinTheTimeout() {
    TestSwitch t = TestSwitch.tor(4);
    LetFlow lf = new LetFlow(t::clock, GAP, 12);
    SplittableRandom mirror = TestSwitch.mirrorOfSwitchRandom();
    int port = t.choose(lf, 0, 100, Packet.DATA, 7);
    assertThat(port).isEqualTo(mirror.nextInt(4));
    for (int i = 1; i <= 50; i++) {
      t.now = i * GAP; // a gap of exactly the timeout is still the same flowlet
      assertThat(t.choose(lf, 0, 100, Packet.DATA, 7)).isEqualTo(port);
    }
    t.now += GAP + 1; // silent for longer: a new flowlet, a fresh draw
    assertThat(t.choose(lf, 0, 100, Packet.DATA, 7)).isEqualTo(mirror.nextInt(4));
  }

  @Test
  void newFlowletsAreSpreadUniformly() {
    TestSwitch t = TestSwitch.tor(4);
    LetFlow lf = new LetFlow(t::clock, GAP, 12);
    int[] chosen = new int[4];
    for (int i = 0; i < 8000; i++) {
      t.now = i * (GAP + 1);
      chosen[t.choose(lf, 0, 100, Packet.DATA, 7)]++;
    }
    for (int c : chosen) {
      assertThat(c).isBetween(1600, 2400);
    }
  }

  @Test
  void flowsAndTheirAckStreamsHaveTheirOwnFlowlets() {
    TestSwitch t = TestSwitch.tor(4);
    LetFlow lf = new LetFlow(t::clock, GAP, 12);
    SplittableRandom mirror = TestSwitch.mirrorOfSwitchRandom();
    int a = t.choose(lf, 0, 100, Packet.DATA, 7);
    int b = t.choose(lf, 0, 100, Packet.DATA, 8);
    int ack = t.choose(lf, 0, 100, Packet.ACK, 7);
    assertThat(new int[] {a, b, ack}).containsExactly(mirror.nextInt(4), mirror.nextInt(4), mirror.nextInt(4));
    for (int i = 0; i < 20; i++) {
      t.now += 1000;
      assertThat(t.choose(lf, 0, 100, Packet.DATA, 7)).isEqualTo(a);
      assertThat(t.choose(lf, 0, 100, Packet.DATA, 8)).isEqualTo(b);
      assertThat(t.choose(lf, 0, 100, Packet.ACK, 7)).isEqualTo(ack);
    }
  }

  @Test
  void flowletTableCollisionsEvict() {
    FlowletTable table = new FlowletTable(4);
    int k1 = 3;
    int k2 = -1;
    for (int k = 4; k2 < 0; k++) {
      if (table.slot(k) == table.slot(k1)) {
        k2 = k;
      }
    }
    assertThat(table.current(k1, 0, GAP)).isEqualTo(-1);
    table.start(k1, 2);
    assertThat(table.current(k1, 5, GAP)).isEqualTo(2);
    assertThat(table.current(k2, 6, GAP)).isEqualTo(-1); // another flow takes the slot
    table.start(k2, 1);
    assertThat(table.current(k1, 7, GAP)).isEqualTo(-1); // the first one starts over
  }
}
