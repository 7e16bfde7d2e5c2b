package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.engine.Simulator;

class PullPacerTest {
  private static final long INTERVAL = 1_000;

  /** A flow that wants {@code demand} pulls and records when it got each. */
  private static final class Flow implements PullPacer.Pulled {
    final String name;
    final List<String> log;
    long demand;
    long rtxOwed;
    boolean inRtx;
    boolean inActive;

    Flow(String name, long demand, List<String> log) {
      this.name = name;
      this.demand = demand;
      this.log = log;
    }

    @Override
    public long rtxOwed() {
      return rtxOwed;
    }

    @Override
    public long backlog() {
      return demand;
    }

    @Override
    public boolean done() {
      return false;
    }

    @Override
    public boolean askedWhenDone() {
      return false;
    }

    @Override
    public void sendPull(long nowPs) {
      log.add(name + "@" + nowPs / INTERVAL);
      demand--;
      if (rtxOwed > 0) {
        rtxOwed--;
      }
    }

    @Override
    public boolean inRtxQueue() {
      return inRtx;
    }

    @Override
    public void inRtxQueue(boolean on) {
      inRtx = on;
    }

    @Override
    public boolean inActiveQueue() {
      return inActive;
    }

    @Override
    public void inActiveQueue(boolean on) {
      inActive = on;
    }
  }

  /**
   * A flow owed a retransmission while it waits in the round-robin queue is served first, then
   * keeps its one place in the round-robin: it is not queued a second time (which would give it
   * two turns per round from then on).
   */
  @Test
  void aRetransmissionPullDoesNotGiveTheFlowASecondPlaceInTheRoundRobin() {
    Simulator sim = new Simulator(1);
    PullPacer pacer = new PullPacer(sim, INTERVAL);
    List<String> log = new ArrayList<>();
    Flow a = new Flow("A", 100, log);
    Flow b = new Flow("B", 100, log);
    pacer.request(a);
    pacer.request(b);
    sim.run(0); // A's first pull at 0; the round-robin is now B, A
    a.rtxOwed = 1; // a trimmed packet of A arrives
    pacer.request(a);
    sim.run(7 * INTERVAL);
    assertThat(log).containsExactly("A@0", "A@1", "B@2", "A@3", "B@4", "A@5", "B@6", "A@7");
    assertThat(a.inActive).isTrue();
    assertThat(a.inRtx).isFalse();
  }
}
