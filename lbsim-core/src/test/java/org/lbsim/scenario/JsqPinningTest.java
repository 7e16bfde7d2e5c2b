package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.RunResult;

/**
 * What loosens JSQ's sticky paths in the simulator (docs/reproduction/queue-model.md, "Controlled
 * experiments"): the returned ACKs' wire time. The queue-scaling permutation at full utilization
 * (128 hosts, ports that never drop, every flow at a random phase within its first slot); JSQ's
 * largest switch queue in units of the message m (data packets per flow).
 */
class JsqPinningTest {
  private static final int DATA_PACKET_BYTES = 4096 + 62;

  @TempDir
  Path dir;

  /** Largest switch queue over m for a JSQ run of m packets per flow with these settings. */
  private static double queueOverM(int m, int seed, String... settings) {
    List<String> o = new ArrayList<>(List.of("lb=jsq", "buffer.bytes=32MB", "buffer.ecn_fraction=0.0025",
        "workload.start_jitter=1", "seed=" + seed, "workload.size?=" + m * 4096 + "B"));
    o.addAll(List.of(settings));
    RunResult r = Scenarios.run(Scenarios.of(o));
    assertThat(r.drops()).isZero();
    return r.maxSwitchQueueBytes() / (double) DATA_PACKET_BYTES / m;
  }

  @Test
  void withTheStudysAckSizeJsqLosesMostOfItsLinearGrowthAtLargeMessages() {
    // 64 B ACKs + 20 B gap, each host link exactly full with its data and the ACKs it returns
    for (int seed = 1; seed <= 3; seed++) {
      assertThat(queueOverM(2048, seed, "workload.kind=permutation", "transport.rate_coef=0.9802909432"))
          .as("seed %d", seed).isLessThan(1.1);
    }
  }

  @Test
  void withOneByteAcksJsqStaysPinnedAsThePhasedModelDoes() {
    // the same, only the ACK is 1 B (21 B on the wire) and the pacing fills the host link with it
    for (int seed = 1; seed <= 3; seed++) {
      assertThat(queueOverM(2048, seed, "workload.kind=permutation", "packet.ack=1",
          "transport.rate_coef=" + 4178.0 / (4178 + 21))).as("seed %d", seed).isGreaterThan(1.5);
    }
  }

  @Test
  void withoutAckOnADataPathJsqStaysPinned() throws IOException {
    // hosts 0-63 (pods 0-3) send to a random order of hosts 64-127 (pods 4-7): no host both sends
    // and receives, so no ACK shares a NIC or an up-port queue with data
    for (int seed = 1; seed <= 3; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      int[] to = new int[64];
      for (int i = 0; i < 64; i++) {
        to[i] = 64 + i;
      }
      for (int i = 63; i > 0; i--) {
        int j = random.nextInt(i + 1);
        int t = to[i];
        to[i] = to[j];
        to[j] = t;
      }
      int m = 512;
      StringBuilder cm = new StringBuilder("Nodes 128\nConnections 64\n");
      for (int i = 0; i < 64; i++) {
        cm.append(i).append("->").append(to[i]).append(" id ").append(i + 1).append(" start 0 size ")
            .append(m * 4096).append('\n');
      }
      Path file = Files.writeString(dir.resolve("bipartite-" + seed + ".cm"), cm);
      assertThat(queueOverM(m, seed, "workload.kind=cm", "workload.file=" + file, "transport.rate_coef=1"))
          .as("seed %d", seed).isGreaterThan(1.5);
    }
  }
}
