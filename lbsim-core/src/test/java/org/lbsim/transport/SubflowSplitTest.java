package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.LocalStep;

/** How a workload's flows become independent subflows and how their outcomes fold back. */
class SubflowSplitTest {
  private static FlowSpec flow(int id, long bytes, int... deps) {
    return new FlowSpec(id, 0, 1, bytes, 7, deps, deps.length == 0 ? 0 : 1);
  }

  @Test
  void sizesSplitEvenlyWithTheRemainderOnTheFirstSubflows() {
    SubflowSplit split = new SubflowSplit(List.of(flow(0, 10), flow(1, 2)), List.of(), 4);
    assertThat(split.connections()).extracting(FlowSpec::bytes).containsExactly(3L, 3L, 2L, 2L, 1L, 1L);
    assertThat(split.connections()).extracting(FlowSpec::id).containsExactly(0, 1, 2, 3, 4, 5);
    assertThat(split.subflowsOf(1)).isEqualTo(2); // fewer bytes than subflows: one subflow per byte
    assertThat(split.firstConnection(1)).isEqualTo(4);
    assertThat(split.connections()).allSatisfy(c -> {
      assertThat(c.startPs()).isEqualTo(7);
      assertThat(c.src()).isZero();
      assertThat(c.dst()).isEqualTo(1);
    });
  }

  @Test
  void aSubflowWaitsForEverySubflowOfItsFlowsDependenciesAndLocalStepsFollowTheConnections() {
    // flows 0 and 1; local step 2 waits for flow 0; flow 1 waits for local step 2
    SubflowSplit split = new SubflowSplit(List.of(flow(0, 8), flow(1, 8, 2)), List.of(new LocalStep(2, 5, new int[] {0})),
        2);
    assertThat(split.connections().get(2).deps()).containsExactly(4);
    assertThat(split.connections().get(3).deps()).containsExactly(4);
    assertThat(split.connections().get(2).stage()).isEqualTo(1);
    assertThat(split.steps()).hasSize(1);
    assertThat(split.steps().get(0).id()).isEqualTo(4);
    assertThat(split.steps().get(0).deps()).containsExactly(0, 1);
    assertThat(split.localId(2)).isEqualTo(4);
  }

  @Test
  void aFlowTakesItsSlowestSubflowsTimesAndTheSumOfItsCounts() {
    SubflowSplit split = new SubflowSplit(List.of(flow(0, 3000)), List.of(), 3);
    List<FlowOutcome> subs = List.of(
        FlowOutcome.builder().id(0).src(0).dst(1).bytes(1000).startPs(10).finishPs(110).receivedPs(105).packetsSent(4)
            .packetsLost(1).meanRttPs(20).build(),  // FCT 100
        FlowOutcome.builder().id(1).src(0).dst(1).bytes(1000).startPs(30).finishPs(150).receivedPs(140).packetsSent(6)
            .meanRttPs(40).retransmissions(1).timeouts(2).build(),  // FCT 120: the slowest
        FlowOutcome.builder().id(2).src(0).dst(1).bytes(1000).startPs(0).finishPs(115).receivedPs(112).packetsSent(10)
            .packetsLost(2).meanRttPs(10).spuriousRetransmissions(1).build()); // FCT 115, finishes second
    FlowOutcome f = split.fold(subs).get(0);
    assertThat(f).isEqualTo(FlowOutcome.builder().id(0).src(0).dst(1).bytes(3000).startPs(30).finishPs(150)
        .receivedPs(140).packetsSent(20).packetsLost(3).meanRttPs(21).retransmissions(1).spuriousRetransmissions(1)
        .timeouts(2).build());
    assertThat(f.fctPs()).isEqualTo(120); // mean RTT (4 x 20 + 6 x 40 + 10 x 10) / 20 = 21
  }

  @Test
  void aFlowWithAnUnfinishedSubflowIsUnfinishedAndSaysWhichOne() {
    SubflowSplit split = new SubflowSplit(List.of(flow(0, 3000)), List.of(), 3);
    List<FlowOutcome> subs = List.of(
        FlowOutcome.builder().id(0).src(0).dst(1).bytes(1000).startPs(10).finishPs(110).receivedPs(105).packetsSent(4)
            .meanRttPs(20).build(),
        FlowOutcome.builder().id(1).src(0).dst(1).bytes(1000).startPs(5).packetsSent(6).meanRttPs(20).build(),
        FlowOutcome.builder().id(2).src(0).dst(1).bytes(1000).build());
    FlowOutcome f = split.fold(subs).get(0);
    assertThat(f.finished()).isFalse();
    assertThat(f.startPs()).isEqualTo(5);
    assertThat(f.receivedPs()).isEqualTo(-1);
    assertThat(split.foldReasons(Map.of(1, "still sending", 2, "has not started")))
        .containsExactly(Map.entry(0, "subflow 2 of 3: still sending"));
  }
}
