package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.topo.FatTree;
import org.lbsim.topo.LeafSpine;

class ScenarioReaderTest {
  @TempDir
  Path dir;

  private List<String> problems(String yaml, String... overrides) throws IOException {
    Path f = dir.resolve("bad.yaml");
    Files.writeString(f, yaml);
    try {
      ScenarioReader.read(f, List.of(overrides));
    } catch (ScenarioException e) {
      return e.problems();
    }
    throw new AssertionError("expected the scenario to be rejected");
  }

  @Test
  void defaultsAreTheStudysV2Setup() {
    Scenario s = Scenarios.of();
    assertThat(s.topology()).isEqualTo(new FatTree(8, 1));
    assertThat(s.topology().hosts()).isEqualTo(128);
    assertThat(s.fabric().links().host().bitsPerSecond()).isEqualTo(800_000_000_000L);
    assertThat(s.fabric().links().tier2().latencyPs()).isEqualTo(500_000);
    assertThat(s.buffer().bytes()).isEqualTo(800_000);
    assertThat(s.packet().payloadBytes()).isEqualTo(4096);
    assertThat(s.packet().headerBytes()).isEqualTo(62);
    assertThat(s.packet().ackBytes()).isEqualTo(64);
    assertThat(s.packet().gapBytes()).isEqualTo(20);
    assertThat(s.workload().sizeBytes()).isEqualTo(1 << 20);
    assertThat(s.profile()).isEqualTo(Profile.DEFAULT);
  }

  @Test
  void aFatTreeKeyOnALeafSpineNamesTheLeafSpinesOwnKeys() throws IOException {
    assertThat(problems("topology: {kind: leaf-spine, hosts_per_leaf: 16, spines: 8, oversubscription: 2}\n"))
        .containsExactly(dir.resolve("bad.yaml") + ": topology.oversubscription: does not apply, as topology.kind is "
            + "leaf-spine (got '2'; allowed: only when topology.kind is fat-tree; topology.oversubscription? sets it only "
            + "where it applies, and drops it here; a leaf-spine is oversubscribed topology.hosts_per_leaf : "
            + "topology.spines (here 16 : 8))");
    assertThat(problems("topology: {kind: leaf-spine, k: 4}\n")).singleElement().asString()
        .endsWith("drops it here; a leaf-spine's size is topology.leaves x topology.hosts_per_leaf, with topology.spines spines)");
    assertThat(problems("topology: {kind: fat-tree}\nworkload: {kind: all-to-all, locality: cross-pod}\n")).singleElement()
        .asString().endsWith("drops it here)");
  }

  @Test
  void crossPodLocalityIsOnlyForPermutations() throws IOException {
    assertThat(problems("workload:\n  kind: all-to-all\n  locality: cross-pod\n")).containsExactly(dir.resolve("bad.yaml")
        + ": workload.locality: does not apply, as workload.kind is all-to-all (got 'cross-pod'; allowed: only when "
        + "workload.kind is permutation; workload.locality? sets it only where it applies, and drops it here)");
    assertThat(problems("workload:\n  locality: nearby\n")).singleElement().asString()
        .contains("workload.locality").contains("'nearby'").contains("any, cross-pod");
    assertThat(Scenarios.of("workload.locality=cross-pod").identity().values())
        .containsEntry("workload.locality", "cross-pod");
    assertThat(problems("topology: {kind: leaf-spine, leaves: 1}\nworkload: {locality: cross-pod}\n")).singleElement()
        .asString().contains("workload.locality").contains("at least 2 pods or leaves");
    assertThat(problems("topology: {kind: leaf-spine, spines: 256}\n")).singleElement().asString()
        .contains("topology.spines").contains("'256'").contains("1 to 255");
  }

  @Test
  void nestedYamlAndOverridesCombine() throws IOException {
    Path f = dir.resolve("ok.yaml");
    Files.writeString(f, "topology:\n  kind: leaf-spine\n  leaves: 4\nlinks:\n  rate_gbps: 400\n  tier1:\n"
        + "    latency_us: 2\nworkload: {kind: all-to-all, size: 64KiB}\n");
    Scenario s = ScenarioReader.read(f, List.of("topology.spines=2", "lb=ecmp"));
    assertThat(s.name()).isEqualTo("ok_topology.spines-2_lb-ecmp");
    assertThat(s.topology()).isEqualTo(new LeafSpine(16, 4, 2));
    assertThat(s.fabric().links().host().bitsPerSecond()).isEqualTo(400_000_000_000L);
    assertThat(s.fabric().links().host().latencyPs()).isEqualTo(500_000);
    assertThat(s.fabric().links().tier1().latencyPs()).isEqualTo(2_000_000);
    assertThat(s.workload().sizeBytes()).isEqualTo(65_536);
    assertThat(s.designs().lb().name()).isEqualTo("ecmp");
    assertThat(s.identity().values()).containsEntry("topology.spines", "2").containsEntry("lb", "ecmp");
  }

  @Test
  void unknownKeyNegativeSizeAndOddKAreEachReportedOnOneLine() throws IOException {
    List<String> p = problems("topology:\n  k: 7\nworkload:\n  size: -5\n  sise: 3\nfoo: 1\n");
    assertThat(p).hasSize(4);
    assertThat(p).anySatisfy(l -> assertThat(l).contains("bad.yaml").contains("topology.k").contains("'7'")
        .contains("even"));
    assertThat(p).anySatisfy(l -> assertThat(l).contains("workload.size").contains("'-5'").contains("positive"));
    assertThat(p).anySatisfy(l -> assertThat(l).contains("workload.sise").contains("unknown key")
        .contains("did you mean 'workload.size'"));
    assertThat(p).anySatisfy(l -> assertThat(l).contains("foo").contains("unknown key"));
    assertThat(p).allSatisfy(l -> assertThat(l).doesNotContain("\n").doesNotContain("Exception"));
  }

  @Test
  void badChoicesNamesTheAllowedValues() throws IOException {
    List<String> p = problems("lb: magic\n");
    // every registered design, in registry order (the list grows as designs are added)
    assertThat(p).containsExactly(dir.resolve("bad.yaml") + ": lb: invalid value (got 'magic'; allowed: "
        + String.join(", ", ScenarioSchema.get("lb").choices()) + ")");
    assertThat(ScenarioSchema.get("lb").choices()).startsWith("ecmp", "host-spray");
  }

  @Test
  void overridesAreCheckedToo() throws IOException {
    List<String> p = problems("", "topology.kk=8", "links.rate_gbps=fast");
    assertThat(p).hasSize(2);
    assertThat(p.get(0)).startsWith("--set topology.kk: unknown key (did you mean 'topology.k'?)");
    assertThat(p.get(1)).startsWith("--set links.rate_gbps").contains("links.rate_gbps").contains("'fast'").contains("a number");
  }

  @Test
  void brokenYamlAndMissingFilesAreClear() throws IOException {
    assertThat(problems("topology: [1, 2\n")).singleElement().asString().contains("not valid YAML");
    assertThatThrownBy(() -> ScenarioReader.read(dir.resolve("nope.yaml"), List.of()))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("nope.yaml: no such file");
    assertThat(problems("workload: {kind: cm}\n")).singleElement().asString()
        .contains("workload.file: missing");
  }

  @Test
  void sizesAcceptUnits() {
    assertThat(ValueText.parseSize("1MiB")).isEqualTo(1_048_576);
    assertThat(ValueText.parseSize("800KB")).isEqualTo(800_000);
    assertThat(ValueText.parseSize("2.5 MB")).isEqualTo(2_500_000);
    assertThat(ValueText.parseSize("4096")).isEqualTo(4096);
    assertThat(ValueText.parseSize("0")).isZero();
    assertThat(ValueText.parseSize("lots")).isEqualTo(-1);
  }
}
