package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.RunResult;
import org.lbsim.net.PacketFormat;
import org.lbsim.net.PortConfig;
import org.lbsim.topo.TierLink;
import org.lbsim.transport.FlowOutcome;

/**
 * When a triggered connection of an htsim connection matrix starts: a {@code send_done_trigger}
 * fires when the activating connection's sender has the ACK that completes it (htsim's sources
 * activate their trigger on their last ACK), a {@code recv_done_trigger} when its receiver holds
 * the whole message; the waiting connection starts at that picosecond. Oneshot and multishot
 * triggers fire in the order their activations happen during the run, whatever order the file
 * lists the activators in (htsim's {@code SingleShotTrigger::activate},
 * {@code MultiShotTrigger::activate}); a barrier once all of them have.
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

  /**
   * Two activators of one trigger: a 1 MiB flow listed first and a one-packet flow listed second,
   * between two hosts of one ToR, so that nothing shares its links and it is done at its sender
   * one unloaded round trip after it starts at 0 (its data packet and its ACK, each over two host
   * links); then two waiting connections.
   */
  private RunResult outOfOrder(String kind) throws IOException {
    Path cm = dir.resolve(kind + ".cm");
    Files.writeString(cm, "Nodes 16\nConnections 4\nTriggers 1\n"
        + "0->5 id 1 start 0 size 1048576 send_done_trigger 1\n"
        + "2->3 id 2 start 0 size 4096 send_done_trigger 1\n"
        + "6->12 id 3 trigger 1 size 65536\n"
        + "7->13 id 4 trigger 1 size 65536\n"
        + "trigger id 1 " + kind + "\n");
    return Scenarios.run(scenario(cm));
  }

  private static Scenario scenario(Path cm) {
    return Scenarios.of("topology.k=4", "workload.kind=cm", "workload.file=" + cm, "lb=ecmp");
  }

  /** A lone one-packet flow between two hosts of one ToR: data out and its ACK back, each over two host links. */
  private static long onePacketRoundTripPs(Scenario s) {
    PacketFormat f = ScenarioRunner.wireFormat(s);
    TierLink h = s.fabric().links().host();
    return 2 * (PortConfig.serializationPs(f.dataBytes(), h.bitsPerSecond()) + h.latencyPs())
        + 2 * (PortConfig.serializationPs(f.ackBytes(), h.bitsPerSecond()) + h.latencyPs());
  }

  @Test
  void aOneshotTriggerStartsItsConnectionsWhenItsFirstActivatorAtRunTimeIsDone() throws IOException {
    RunResult r = outOfOrder("oneshot");
    long firstDone = onePacketRoundTripPs(scenario(dir.resolve("oneshot.cm")));
    assertThat(r.unfinishedFlows()).isZero(); // the first-listed activator's later activation starts nothing
    assertThat(r.flows().get(1).finishPs()).isEqualTo(firstDone);
    assertThat(r.flows().get(0).finishPs()).isGreaterThan(firstDone);
    assertThat(r.flows().get(2).startPs()).isEqualTo(firstDone);
    assertThat(r.flows().get(3).startPs()).isEqualTo(firstDone);
  }

  @Test
  void aMultishotTriggerStartsItsKthConnectionAtItsKthActivationAtRunTime() throws IOException {
    RunResult r = outOfOrder("multishot");
    long firstDone = onePacketRoundTripPs(scenario(dir.resolve("multishot.cm")));
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(r.flows().get(1).finishPs()).isEqualTo(firstDone);
    assertThat(r.flows().get(2).startPs()).isEqualTo(firstDone);
    assertThat(r.flows().get(3).startPs()).isEqualTo(r.flows().get(0).finishPs()).isGreaterThan(firstDone);
  }

  @Test
  void aBarrierStartsItsConnectionsWhenTheLastActivatorIsDone() throws IOException {
    RunResult r = outOfOrder("barrier");
    long lastDone = r.flows().get(0).finishPs();
    assertThat(r.flows().get(1).finishPs()).isEqualTo(onePacketRoundTripPs(scenario(dir.resolve("barrier.cm"))));
    assertThat(lastDone).isGreaterThan(r.flows().get(1).finishPs());
    assertThat(r.flows().get(2).startPs()).isEqualTo(lastDone);
    assertThat(r.flows().get(3).startPs()).isEqualTo(lastDone);
  }
}
