package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.RunResult;

/** Why a flow did not finish by the time limit: what stopped it and what its sender waited for, with numbers. */
class UnfinishedReasonsTest {
  @TempDir
  Path dir;

  /**
   * One 64 KiB flow (16 packets) host 1 -> host 0 on a k = 2 fat tree, whose only path crosses
   * agg0-core0, run for 5 ms. Nothing comes back, so the RTO stays the initial 1 ms and doubles
   * per timeout: the sender sends its 16 packets, times out at 1 ms and 3 ms and sends them again
   * each time (48 sent, 32 declared lost), and waits for the third timeout at 7 ms.
   */
  private static RunResult lonePath(String... more) {
    List<String> o = new ArrayList<>(List.of("topology.k=2", "workload.kind=incast", "workload.senders=1",
        "workload.receiver=0", "workload.size=64KiB", "lb=ecmp", "lr=sack", "run.limit_ms=5"));
    o.addAll(List.of(more));
    return ScenarioRunner.run(Scenarios.of(o));
  }

  @Test
  void aFlowWhosePacketsAFailedLinkHoldsNamesTheLinkAndTheCount() {
    RunResult r = lonePath("failures.kind=hold", "failures.links=agg0-core0");
    assertThat(r.counters().get("held_at_end")).isEqualTo(48); // the link's buffer holds all of them
    assertThat(r.unfinished()).containsExactly(Map.entry(0, "48 of its packets are held at failed link agg0-core0"
        + " (failures.kind hold); it waits for a retransmission timeout at 7 ms (2 so far); 48 data packets sent,"
        + " 32 declared lost, 2 timeouts"));
  }

  @Test
  void aFlowWhosePacketsRandomLossTakesNamesTheLossAndTheTimeoutItWaitsFor() {
    // with a loss rate of 0.999 per hop no packet of this seed gets through
    RunResult r = lonePath("loss.random_rate=0.999");
    assertThat(r.counters().get("data_delivered")).isZero();
    assertThat(r.unfinished()).containsExactly(Map.entry(0, "16 of its 16 unacknowledged packets or their ACKs were"
        + " lost (loss.random_rate 0.999); it waits for a retransmission timeout at 7 ms (2 so far);"
        + " 48 data packets sent, 32 declared lost, 2 timeouts"));
  }

  @Test
  void anErasureCodedFlowInABlackHoleWaitsForItsOldestPacketsLossTimeout() {
    // erasure coding replaces each packet 1 ms after it was sent: five rounds of 16 by 5 ms; the
    // first packet of the last round, sent just after 4 ms, counts as lost just after 5 ms
    RunResult r = lonePath("lr=erasure", "failures.kind=drop", "failures.links=agg0-core0");
    assertThat(r.unfinished().get(0)).matches("80 of its packets lost at failed link agg0-core0 \\(drop\\); routes never"
        + " converge \\(failures.convergence_us: never\\); it waits until its oldest unacknowledged packet counts as"
        + " lost, at 5\\.0000\\d+ ms; 80 data packets sent, 64 declared lost, 0 timeouts");
  }

  @Test
  void aFlowWhosePacketsFullBuffersDroppedNamesThePortThatDroppedMost() {
    // 15 senders into host 0 through 4-packet buffers: three flows lose all 16 packets at tor0>h0 and
    // wait, at 0.2 ms, for their first timeout at 1 ms (the initial RTO)
    RunResult r = ScenarioRunner.run(Scenarios.of("topology.k=4", "workload.kind=incast", "workload.senders=15",
        "workload.receiver=0", "workload.size=64KiB", "seed=7", "lb=ecmp", "lr=sack", "buffer.packets=4",
        "run.limit_ms=0.2"));
    assertThat(r.unfinished()).hasSize(3).containsEntry(12, "16 of its 16 unacknowledged packets or their ACKs were"
        + " lost (dropped at full buffers; most drops at port tor0>h0: 33); it waits for a retransmission timeout at"
        + " 1 ms (0 so far); 16 data packets sent, 0 declared lost, 0 timeouts");
  }

  @Test
  void aFlowThatStartsAfterTheLimitOrWaitsForAnUnfinishedOneSaysSo() throws IOException {
    // flow 1 starts at 12.5 ms, after the 10 ms limit; flow 2 waits for flow 1 to be received
    Files.writeString(dir.resolve("late.cm"), String.join("\n", "Nodes 16", "Connections 3", "Triggers 1",
        "1->0 id 1 start 0 size 65536", "2->3 id 2 start 12500000000 size 65536 recv_done_trigger 1",
        "4->5 id 3 size 65536 trigger 1", "trigger id 1 oneshot", ""));
    RunResult r = ScenarioRunner.run(Scenarios.of("topology.k=4", "workload.kind=cm",
        "workload.file=" + dir.resolve("late.cm"), "run.limit_ms=10"));
    assertThat(r.flows().get(0).finished()).isTrue();
    assertThat(r.unfinished()).containsExactly(
        Map.entry(1, "has not started: its start time 12.5 ms lies beyond run.limit_ms 10"),
        Map.entry(2, "has not started: it waits for flow 1 (dependency), which did not finish"));
  }
}
