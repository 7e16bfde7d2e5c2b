package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lbsim.metrics.RunResult;

/**
 * A sender that has nothing to send sleeps until an ACK, a timeout or its recovery's deadline
 * instead of ticking through its empty pacing slots, so a flow whose packets all vanish costs
 * events per packet and per timeout, not per slot of the time limit.
 */
class IdleSenderEventsTest {

  /**
   * One 64 KiB flow (16 packets) host 1 -> host 0 on a k = 2 fat tree, run for 5 ms: its only path
   * crosses agg0-core0. At 800 Gb/s a pacing slot is 41.78 ns, so a sender ticking through every
   * slot makes about 120,000 events in 5 ms. Queue sampling, which has events of its own, is off.
   */
  private static List<String> blackHole(String... more) {
    List<String> o = new ArrayList<>(List.of("topology.k=2", "workload.kind=incast", "workload.senders=1",
        "workload.receiver=0", "workload.size=64KiB", "lb=ecmp", "run.limit_ms=5", "metrics.queue_sample_us=0"));
    o.addAll(List.of(more));
    return o;
  }

  /**
   * The bound: a data packet costs its slot plus at most two events per hop (the delivery, and a
   * port wake-up when it waits), six hops out and six back for its ACK; each loss timeout or loss
   * deadline, which comes after at least one data packet, costs the sender at most a wake-up and
   * the slot it resumes; the failure is applied with at most a few events of its own.
   */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
      "failures.kind=drop;failures.links=agg0-core0, lr=erasure",
      "failures.kind=drop;failures.links=agg0-core0, lr=sack",
      "failures.kind=hold;failures.links=agg0-core0, lr=gbn",
      "loss.random_rate=0.999, lr=erasure",
      "loss.random_rate=0.999, lr=sack",
      "loss.random_rate=0.999, lr=irn",
      "failures.kind=drop;failures.links=agg0-core0, cc=dcqcn",
      "failures.kind=drop;failures.links=agg0-core0, cc=dctcp;lr=sack"})
  void aFlowWhosePacketsVanishCostsEventsPerPacketNotPerSlot(String loss, String design) {
    List<String> o = blackHole(loss.split(";"));
    o.addAll(List.of(design.split(";")));
    RunResult r = ScenarioRunner.run(Scenarios.of(o));
    Map<String, Long> c = r.counters();
    assertThat(r.unfinishedFlows()).isEqualTo(1);
    long data = c.get("data_sent");
    long acks = c.get("ack_sent");
    long bound = (1 + 2 * 6 + 2) * data + 2 * 6 * acks + 8;
    assertThat(data).as("it sends again after each loss timeout").isGreaterThan(16);
    assertThat(r.events()).as("events of %d data packets and %d ACKs", data, acks).isLessThanOrEqualTo(bound);
  }
}
