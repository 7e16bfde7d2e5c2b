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
    boolean inIdle;
    long idlePulls;
    boolean done;

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
      return done;
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

    @Override
    public long idlePulls() {
      return idlePulls;
    }

    @Override
    public boolean inIdleQueue() {
      return inIdle;
    }

    @Override
    public void inIdleQueue(boolean on) {
      inIdle = on;
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

  /**
   * A flow whose demand is met becomes idle: with no one else to pull, the pacer keeps pulling it
   * until it holds its idle pulls beyond its demand; a flow with demand goes first; and a
   * received flow gets no more pulls.
   */
  @Test
  void anIdleFlowIsPulledUpToItsIdlePullsBeyondItsDemandWhenNoOneElseWantsPulls() {
    Simulator sim = new Simulator(1);
    PullPacer pacer = new PullPacer(sim, INTERVAL);
    List<String> log = new ArrayList<>();
    Flow a = new Flow("A", 2, log);
    a.idlePulls = 3;
    Flow b = new Flow("B", 0, log);
    b.idlePulls = 3;
    pacer.request(a);
    sim.run(2 * INTERVAL); // A's two pulls meet its demand; its first idle pull follows at 2
    // then the idle flows take turns: A, B, A, B, B (A holds its three)
    b.demand = 2;
    pacer.request(b);
    sim.run(20 * INTERVAL);
    assertThat(log).containsExactly("A@0", "A@1", "A@2", "B@3", "B@4", "A@5", "B@6", "A@7", "B@8", "B@9");
    assertThat(a.demand).isEqualTo(-3);
    assertThat(b.demand).isEqualTo(-3);
    assertThat(a.inIdle || b.inIdle).isFalse();

    Flow c = new Flow("C", 1, log);
    c.idlePulls = 5;
    log.clear();
    pacer.request(c); // served at 10, the pacer's next free slot
    sim.run(11 * INTERVAL); // its one pull of demand, then one idle pull
    c.done = true; // received: the pacer stops pulling it
    sim.run(40 * INTERVAL);
    assertThat(log).containsExactly("C@10", "C@11");
  }

  /**
   * A flow that announces a higher target earns one pull in the round-robin even when idle pulls
   * already ran ahead of it (htsim's EqdsSink::handlePullTarget queues a sink on every raise).
   */
  @Test
  void aRaisedTargetEarnsAPullEvenWhenPullsRanAheadOfIt() {
    Simulator sim = new Simulator(1);
    PullPacer pacer = new PullPacer(sim, INTERVAL);
    List<String> log = new ArrayList<>();
    Flow a = new Flow("A", -3, log); // three pulls beyond its demand
    pacer.request(a);
    sim.run(10 * INTERVAL);
    assertThat(log).containsExactly("A@0");
    assertThat(a.inActive || a.inIdle).isFalse(); // no idle pulls: it holds none to spare
  }
}
