package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioKeyTest {
  @TempDir
  Path dir;

  @Test
  void theNameDoesNotCountEverySettingDoes() {
    String k = ScenarioKey.of(Scenarios.of("topology.k=4"));
    assertThat(k).matches("[0-9a-f]{64}");
    assertThat(ScenarioKey.of(Scenarios.of("topology.k=4", "name=other"))).isEqualTo(k);
    assertThat(ScenarioKey.of(Scenarios.of("topology.k=4", "lb=" + Scenarios.of("topology.k=4").designs().lb().name())))
        .as("a default written out is the same scenario").isEqualTo(k);
    assertThat(ScenarioKey.of(Scenarios.of("topology.k=6"))).isNotEqualTo(k);
    assertThat(ScenarioKey.of(Scenarios.of("topology.k=4", "seed=2"))).isNotEqualTo(k);
    assertThat(ScenarioKey.of(Scenarios.of("topology.k=4", "workload.size=2MiB"))).isNotEqualTo(k);
  }

  @Test
  void aFabricKeyAtItsDefaultAddsNothingAndCountsOnceSet() {
    String rails = ScenarioKey.of(Scenarios.of("topology.kind=rail-optimized", "topology.servers=4", "topology.rails=2",
        "topology.spines=2"));
    assertThat(ScenarioKey.of(Scenarios.of("topology.kind=rail-optimized", "topology.servers=4", "topology.rails=2",
        "topology.spines=2", "topology.units=1", "topology.planes=1"))).isEqualTo(rails);
    assertThat(ScenarioKey.of(Scenarios.of("topology.kind=rail-optimized", "topology.servers=4", "topology.rails=2",
        "topology.spines=2", "topology.units=2"))).isNotEqualTo(rails);
    assertThat(ScenarioKey.of(Scenarios.of("topology.kind=rail-optimized", "topology.servers=4", "topology.rails=2",
        "topology.spines=2", "topology.planes=2"))).isNotEqualTo(rails);
    assertThat(ScenarioSchema.silentAtDefault("topology.units", "1")).isTrue();
    assertThat(ScenarioSchema.silentAtDefault("topology.units", "2")).isFalse();
    assertThat(ScenarioSchema.silentAtDefault("topology.k", "8")).as("a key of the first result format").isFalse();
  }

  @Test
  void theAckCeKeyAtItsDefaultAddsNothingAndCountsOnceSet() {
    String plain = ScenarioKey.of(Scenarios.of("topology.k=4"));
    assertThat(ScenarioKey.of(Scenarios.of("topology.k=4", "packet.ack_ce=profile"))).isEqualTo(plain);
    String echo = ScenarioKey.of(Scenarios.of("topology.k=4", "packet.ack_ce=echo"));
    String path = ScenarioKey.of(Scenarios.of("topology.k=4", "packet.ack_ce=path"));
    assertThat(echo).as("echo is what the default profile does, but written out it is another scenario")
        .isNotEqualTo(plain);
    assertThat(path).isNotEqualTo(plain).isNotEqualTo(echo);
    assertThat(ScenarioSchema.silentAtDefault("packet.ack_ce", "profile")).isTrue();
    assertThat(ScenarioSchema.silentAtDefault("packet.ack_ce", "path")).isFalse();
    assertThat(ScenarioSchema.silentAtDefault("packet.ack_ce", "7")).isFalse();
    assertThat(ScenarioSchema.silentAtDefault("topology.units", "01")).as("an integer key compares as a number").isTrue();
  }

  @Test
  void aConnectionMatrixCountsByItsContentNotItsPath() throws IOException {
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    Files.createDirectories(a);
    Files.createDirectories(b);
    String cm = "Nodes 16\nConnections 2\n0->1 id 1 start 0 size 65536\n2->3 id 2 start 0 size 65536\n";
    Files.writeString(a.resolve("m.cm"), cm);
    Files.writeString(b.resolve("other-name.cm"), cm);
    String inA = key(a, "m.cm");
    assertThat(key(b, "other-name.cm")).as("same bytes elsewhere").isEqualTo(inA);
    Files.writeString(a.resolve("m.cm"), cm.replace("size 65536\n2", "size 131072\n2"));
    assertThat(key(a, "m.cm")).as("same path, new bytes").isNotEqualTo(inA);
  }

  private static String key(Path base, String file) {
    return ScenarioKey.of(ScenarioReader.fromText("topology: {k: 4}\nworkload: {kind: cm, file: " + file + "}\n",
        "s.yaml", base, "s", List.of()));
  }
}
