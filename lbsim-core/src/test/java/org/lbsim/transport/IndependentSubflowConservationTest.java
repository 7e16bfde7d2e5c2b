package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.net.FabricCounters;
import org.lbsim.scenario.PreparedRun;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;

/**
 * Independent subflows ({@code lb: subflow}, {@code profile: reference}) account for every data
 * packet per subflow: each one sent was delivered to that subflow's own receiver or dropped.
 */
class IndependentSubflowConservationTest {
  @TempDir
  Path dir;

  @Test
  void everyPacketOfEverySubflowIsDeliveredToItsReceiverOrDropped() throws IOException {
    Path cm = dir.resolve("one.cm");
    Files.writeString(cm, "Nodes 16\nConnections 1\n0->15 id 1 start 0 size 1048576\n");
    // a link into the destination ToR at a tenth of its speed downward with 8-packet buffers: the
    // subflows hashed onto it lose packets
    Scenario s = ScenarioReader.fromText("", "test", dir, "test", List.of("profile=reference", "topology.k=4",
        "links.rate_gbps=100", "links.latency_us=1", "buffer.packets=8", "workload.kind=cm", "workload.file=" + cm,
        "lb=subflow", "subflow.count=4", "failures.kind=degraded", "failures.links=tor7-agg6",
        "failures.capacity=0.1", "failures.pacing=fair-share"));
    PreparedRun p = ScenarioRunner.prepare(s);
    p.start();
    p.simulator().run(s.engine().limitPs());
    Transport t = p.transport();
    assertThat(t.allDone()).isTrue();
    p.simulator().run(s.engine().limitPs()); // senders have stopped: let the packets still in flight land

    FabricCounters c = p.fabric().counters();
    assertThat(p.fabric().pool().outstanding()).as("in flight").isZero();
    assertThat(t.flowCount()).isEqualTo(4);
    long undelivered = 0;
    int lossy = 0;
    for (int sub = 0; sub < 4; sub++) {
      FlowOutcome o = t.outcomes().get(sub);
      long delivered = ((CodedReceiver) t.receiver(sub)).receivedBytes() / 4096;
      assertThat(delivered).as("subflow %d delivered", sub).isBetween(64L, o.packetsSent());
      undelivered += o.packetsSent() - delivered;
      lossy += o.packetsSent() > delivered ? 1 : 0;
    }
    assertThat(lossy).as("subflows that lost packets").isPositive();
    assertThat(undelivered).isEqualTo(c.dataDropped).isPositive();
    assertThat(c.dataSent).isEqualTo(c.dataDelivered + c.dataDropped);
    assertThat(c.ackSent).isEqualTo(c.ackDelivered + c.ackDropped);
  }
}
