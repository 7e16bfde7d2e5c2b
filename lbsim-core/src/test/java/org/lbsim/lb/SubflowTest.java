package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.engine.SplitMix;
import org.lbsim.net.Packet;

class SubflowTest {
  @Test
  void packetsCycleThroughExactlyNEntropiesInAFixedOrder() {
    Subflow s = new Subflow(4, new SplitMix(7));
    int[] e = s.entropies();
    assertThat(e).hasSize(4).doesNotHaveDuplicates();
    Packet p = new Packet();
    for (int i = 0; i < 40; i++) {
      s.choose(p, i);
      assertThat(p.entropy).as("packet %d", i).isEqualTo(e[i % 4]);
      assertThat(p.route).isEqualTo(Packet.NO_ROUTE);
    }
  }

  @Test
  void feedbackDoesNotMoveASubflow() {
    Subflow s = new Subflow(2, new SplitMix(3));
    int[] e = s.entropies();
    Packet p = new Packet();
    s.choose(p, 0);
    s.onAck(e[0], true, 1);
    s.onTimeout(e[1], 2);
    s.onNack(e[0], 3);
    s.choose(p, 4);
    assertThat(p.entropy).isEqualTo(e[1]);
    s.choose(p, 5);
    assertThat(p.entropy).isEqualTo(e[0]);
  }

  @Test
  void oneSubflowIsFlowLevelEcmp() {
    Subflow s = new Subflow(1, new SplitMix(1));
    Packet p = new Packet();
    s.choose(p, 0);
    int first = p.entropy;
    for (int i = 0; i < 10; i++) {
      s.choose(p, i);
      assertThat(p.entropy).isEqualTo(first);
    }
  }

  @Test
  void theSameSeedGivesTheSameEntropies() {
    assertThat(new Subflow(4, new SplitMix(9)).entropies())
        .isEqualTo(new Subflow(4, new SplitMix(9)).entropies());
  }
}
