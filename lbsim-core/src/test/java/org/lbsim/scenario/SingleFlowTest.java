package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.LowerBounds;
import org.lbsim.metrics.PathProfile;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;

/** One flow on an idle fabric finishes exactly when hand arithmetic says it does. */
class SingleFlowTest {
  @TempDir
  Path dir;

  private Path cm(String line) throws IOException {
    Path f = dir.resolve("one.cm");
    Files.writeString(f, "Nodes 128\nConnections 1\n" + line + "\n");
    return f;
  }

  @Test
  void oneMebibyteAcrossTheFatTreeToThePicosecond() throws IOException {
    Scenario s = Scenarios.of("workload.kind=cm", "workload.file=" + cm("0->127 id 1 start 0 size 1048576"),
        "lb=ecmp");
    RunResult r = Scenarios.run(s);
    // 800 Gb/s = 10 ps/B. Data packet 4158 B -> 41,580 ps; ACK 64 B -> 640 ps; 6 links of 0.5 us.
    // Pacing at line rate: one data packet + gap = 4178 B -> 41,780 ps between packets, exactly a
    // packet's link time, so no packet ever waits behind another; ACKs travel the other direction.
    long slot = 41_780;
    long lastSend = 255 * slot;
    long dataPath = 6 * 41_580 + 6 * 500_000; // store-and-forward at every hop + propagation
    long ackPath = 6 * 640 + 6 * 500_000;
    long expected = lastSend + dataPath + ackPath;
    FlowOutcome f = r.flows().get(0);
    assertThat(f.startPs()).isZero();
    assertThat(f.fctPs()).isEqualTo(expected).isEqualTo(16_907_220L);
    assertThat(r.cctPs()).isEqualTo(expected);
    assertThat(f.packetsSent()).isEqualTo(256);
    assertThat(r.drops()).isZero();
    assertThat(r.maxSwitchQueueBytes()).isEqualTo(4158); // only the packet being serialized
    // the same figures from the bound library's store-and-forward helper
    PathProfile p = PathProfile.uniform(6, 800_000_000_000L, 500_000);
    assertThat(lastSend + LowerBounds.storeAndForwardPs(p, 4158) + LowerBounds.storeAndForwardPs(p, 64))
        .isEqualTo(expected);
  }

  @Test
  void sameTorFlowCrossesTwoLinks() throws IOException {
    Scenario s = Scenarios.of("workload.kind=cm", "workload.file=" + cm("0->1 id 1 start 0 size 40960"),
        "links.latency_us=1");
    RunResult r = Scenarios.run(s);
    long expected = 9 * 41_780 + (2 * 41_580 + 2 * 1_000_000) + (2 * 640 + 2 * 1_000_000);
    assertThat(r.flows().get(0).fctPs()).isEqualTo(expected);
  }

  @Test
  void perTierSpeedsAreHonoured() throws IOException {
    // 400 Gb/s core links: the two agg-core hops serialize at 20 ps/B, the rest at 10 ps/B.
    Scenario s = Scenarios.of("workload.kind=cm", "workload.file=" + cm("0->127 id 1 start 0 size 4096"),
        "links.tier2.rate_gbps=400");
    RunResult r = Scenarios.run(s);
    long data = 4 * 41_580 + 2 * 83_160 + 6 * 500_000;
    long ack = 4 * 640 + 2 * 1_280 + 6 * 500_000;
    assertThat(r.flows().get(0).fctPs()).isEqualTo(data + ack);
  }

  @Test
  void startTimeFromTheFileIsHonoured() throws IOException {
    Scenario s = Scenarios.of("workload.kind=cm", "workload.file=" + cm("0->1 id 1 start 5000000 size 4096"),
        "links.latency_us=0");
    RunResult r = Scenarios.run(s);
    FlowOutcome f = r.flows().get(0);
    assertThat(f.startPs()).isEqualTo(5_000_000);
    assertThat(f.finishPs()).isEqualTo(5_000_000 + 2 * 41_580 + 2 * 640);
  }
}
