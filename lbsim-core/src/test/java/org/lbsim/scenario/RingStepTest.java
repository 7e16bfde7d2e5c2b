package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;

/**
 * {@code workload.kind: ring-step} on a rail-optimized fabric of scalable units: 4 servers of 2
 * rails in 2 units, so rail switch (leaf) r·2 + u holds NIC r of unit u's 2 servers, and host
 * r·4 + s is NIC r of server s. Host i sends to host i + 1: flows 0→1, 2→3, 4→5, 6→7 stay on
 * their rail switch, flows 1→2 and 5→6 cross units on one rail, 3→4 and 7→0 cross rails.
 */
class RingStepTest {
  private static final long PACKETS_PER_FLOW = 256; // 1 MiB of 4096-byte payloads

  @TempDir
  Path dir;

  @Test
  void aRingStepIsItsConnectionMatrix() throws IOException {
    StringBuilder cm = new StringBuilder("Nodes 16\nConnections 16\n");
    for (int i = 0; i < 16; i++) {
      cm.append(i).append("->").append((i + 1) % 16).append(" id ").append(i + 1).append(" start 0 size 1048576\n");
    }
    Path file = dir.resolve("ring.cm");
    Files.writeString(file, cm);
    RunResult step = Scenarios.run(Scenarios.of("topology.k=4", "workload.kind=ring-step", "workload.size=1MiB",
        "lb=host-spray"));
    RunResult matrix = Scenarios.run(Scenarios.of("topology.k=4", "workload.kind=cm", "workload.file=" + file,
        "lb=host-spray"));
    assertThat(step.flows()).isEqualTo(matrix.flows());
    assertThat(step.cctPs()).isEqualTo(matrix.cctPs());
  }

  @Test
  void everyHostSendsToTheNextAndOnlyTheCrossingFlowsReachTheSpines() {
    RunResult r = Scenarios.run(Scenarios.of("topology.kind=rail-optimized", "topology.servers=4", "topology.rails=2",
        "topology.units=2", "topology.spines=2", "workload.kind=ring-step", "workload.size=1MiB", "lb=central-te"));
    assertThat(r.flows()).hasSize(8);
    for (int i = 0; i < 8; i++) {
      assertThat(r.flows().get(i).src()).isEqualTo(i);
      assertThat(r.flows().get(i).dst()).isEqualTo((i + 1) % 8);
    }
    assertThat(r.drops()).isZero();
    // four flows cross: each data packet goes up to a spine and its ACK comes back through one
    long upToSpines = r.ports().stream().filter(p -> p.port().startsWith("leaf") && p.port().contains(">spine"))
        .mapToLong(PortStats::packetsSent).sum();
    long downFromSpines = r.ports().stream().filter(p -> p.port().startsWith("spine"))
        .mapToLong(PortStats::packetsSent).sum();
    assertThat(upToSpines).isEqualTo(4 * 2 * PACKETS_PER_FLOW);
    assertThat(downFromSpines).isEqualTo(upToSpines);
    // no two flows share a link: every flow is its own lower bound, within the ACKs sharing its sender's port
    assertThat(r.overBoundPct()).isBetween(0.0, 2.0);
  }
}
