package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;

/**
 * When a triggered connection of an htsim connection matrix starts: a {@code send_done_trigger}
 * fires when the activating connection's sender has the ACK that completes it (htsim's sources
 * activate their trigger on their last ACK), a {@code recv_done_trigger} when its receiver holds
 * the whole message; the waiting connection starts at that picosecond.
 */
class TriggerTimingTest {
  @TempDir
  Path dir;

  private RunResult chain(String activation) throws IOException {
    Path cm = dir.resolve(activation + ".cm");
    Files.writeString(cm, "Nodes 16\nConnections 2\nTriggers 1\n"
        + "0->5 id 1 start 0 size 65536 " + activation + " 1\n"
        + "2->9 id 2 trigger 1 size 65536\n"
        + "trigger id 1 oneshot\n");
    return Scenarios.run(Scenarios.of("topology.k=4", "workload.kind=cm", "workload.file=" + cm, "lb=ecmp"));
  }

  @Test
  void aSendDoneTriggerStartsItsConnectionWhenTheSenderHasItsLastAck() throws IOException {
    RunResult r = chain("send_done_trigger");
    FlowOutcome first = r.flows().get(0);
    FlowOutcome second = r.flows().get(1);
    assertThat(first.finishPs()).isGreaterThan(first.receivedPs()); // the last ACK takes its way back
    assertThat(second.startPs()).isEqualTo(first.finishPs());
  }

  @Test
  void aRecvDoneTriggerStartsItsConnectionWhenTheReceiverHoldsTheMessage() throws IOException {
    RunResult r = chain("recv_done_trigger");
    FlowOutcome first = r.flows().get(0);
    FlowOutcome second = r.flows().get(1);
    assertThat(second.startPs()).isEqualTo(first.receivedPs());
    assertThat(second.startPs()).isLessThan(first.finishPs());
  }

  @Test
  void theAckPathIsWhatTheTwoTriggersDiffer() throws IOException {
    RunResult sent = chain("send_done_trigger");
    RunResult received = chain("recv_done_trigger");
    assertThat(sent.flows().get(0)).isEqualTo(received.flows().get(0));
    FlowOutcome a = sent.flows().get(0);
    assertThat(sent.flows().get(1).finishPs() - received.flows().get(1).finishPs())
        .isEqualTo(a.finishPs() - a.receivedPs());
  }
}
