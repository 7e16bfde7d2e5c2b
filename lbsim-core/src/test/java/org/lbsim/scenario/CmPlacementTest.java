package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.lbsim.engine.RandomStreams;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;
import org.lbsim.workload.HostPlacement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A 16-node matrix on the k = 8 fat tree's 128 hosts under every {@code workload.placement}. */
class CmPlacementTest {

  private static final int NODES = 16;

  @TempDir
  Path dir;

  /** A ring: node i sends 64 KiB to node i + 1, all at time 0. */
  @BeforeEach
  void writeRing() throws IOException {
    StringBuilder cm = new StringBuilder("Nodes " + NODES + "\nConnections " + NODES + "\n");
    for (int i = 0; i < NODES; i++) {
      cm.append(i).append("->").append((i + 1) % NODES).append(" id ").append(i + 1).append(" start 0 size 65536\n");
    }
    Files.writeString(dir.resolve("ring.cm"), cm);
  }

  private Scenario scenario(String workloadExtra) {
    String yaml = "topology: {k: 8}\nworkload: {kind: cm, file: ring.cm" + workloadExtra + "}\n";
    return ScenarioReader.fromText(yaml, "s.yaml", dir, "s", List.of());
  }

  /** Runs the ring and checks that node i's flow went from hostOf[i] to hostOf[i + 1] and finished. */
  private static RunResult runsOn(Scenario s, int[] hostOf) {
    RunResult r = Scenarios.run(s);
    assertThat(r.flows()).hasSize(NODES);
    for (FlowOutcome f : r.flows()) {
      assertThat(f.finished()).as("flow %d finished", f.id()).isTrue();
      assertThat(f.src()).as("flow %d's source", f.id()).isEqualTo(hostOf[f.id()]);
      assertThat(f.dst()).as("flow %d's destination", f.id()).isEqualTo(hostOf[(f.id() + 1) % NODES]);
    }
    return r;
  }

  @Test
  void identityPutsNodeIOnHostIAndBoundsThePlacedHosts() {
    int[] hostOf = new int[NODES];
    java.util.Arrays.setAll(hostOf, i -> i);
    RunResult r = runsOn(scenario(""), hostOf);
    // the 112 idle hosts send nothing, yet every placed host sends and receives one flow: a bound
    assertThat(r.boundPs()).isPositive();
    assertThat(r.cctPs()).isGreaterThanOrEqualTo(r.boundPs());
  }

  @Test
  void spreadDealsTheNodesOverTheTors() {
    int[] hostOf = new int[NODES];
    java.util.Arrays.setAll(hostOf, i -> 4 * i); // 32 ToRs of 4 hosts: node i on ToR i's first host
    RunResult r = runsOn(scenario(", placement: spread"), hostOf);
    assertThat(r.boundPs()).isPositive();
  }

  @Test
  void randomShufflesWithTheRunsPlacementStream() {
    Scenario s = scenario(", placement: random");
    int[] hostOf = HostPlacement.place("random", NODES, s.topology(), new int[0],
        new RandomStreams(s.seed()).stream("workload/placement"));
    assertThat(hostOf).doesNotHaveDuplicates().isNotEqualTo(HostPlacement.place("identity", NODES, s.topology(),
        new int[0], null));
    runsOn(s, hostOf);
  }

  @Test
  void hostsTakesTheListInNodeOrder() {
    int[] hostOf = {100, 101, 102, 103, 104, 105, 106, 107, 3, 2, 1, 0, 64, 65, 66, 127};
    runsOn(scenario(", placement: hosts, placement_hosts: '100-107, 3 2 1 0, 64-66, 127'"), hostOf);
  }

  @Test
  void refusalsNameTheNumbers() {
    assertThat(problems(", placement: hosts, placement_hosts: '0-14, 200'"))
        .anySatisfy(p -> assertThat(p).contains("workload.placement_hosts")
            .contains("a placement of the matrix's 16 nodes on the fabric's 128 hosts (host 200 (for node 15) is out "
                + "of range: the fabric has hosts 0..127)"));
    assertThat(problems(", placement: hosts, placement_hosts: '0-8, 8-14'"))
        .anySatisfy(p -> assertThat(p).contains("host 8 is listed twice (for nodes 8 and 9)"));
    assertThat(problems(", placement: hosts, placement_hosts: '0-9'"))
        .anySatisfy(p -> assertThat(p).contains("the list names 10 hosts for the matrix's 16 nodes"));
    assertThat(problems(", placement: hosts, placement_hosts: '0-x'"))
        .anySatisfy(p -> assertThat(p).contains("'0-x' is not a host number or a range a-b of them"));
    assertThat(problems(", placement: hosts"))
        .anySatisfy(p -> assertThat(p).contains("workload.placement_hosts: missing"));
    assertThat(problems(", placement_hosts: '0-15'"))
        .anySatisfy(p -> assertThat(p).contains("no list unless workload.placement is hosts (it is identity)"));
    assertThat(problems(", placement: everywhere"))
        .anySatisfy(p -> assertThat(p).contains("workload.placement").contains("everywhere"));
  }

  @Test
  void moreNodesThanHostsIsRefusedWithBothCounts() throws IOException {
    Files.writeString(dir.resolve("big.cm"), "Nodes 20\n0->19 id 1 start 0 size 5\n");
    assertThatThrownBy(() -> ScenarioReader.fromText("topology: {k: 4}\nworkload: {kind: cm, file: big.cm, "
        + "placement: spread}\n", "s.yaml", dir, "s", List.of()))
        .isInstanceOf(ScenarioException.class)
        .hasMessageContaining("big.cm:1: Nodes does not fit the topology (got '20'; 2 to 16 nodes: the topology has 16 "
            + "hosts, one per node)");
  }

  private List<String> problems(String workloadExtra) {
    try {
      scenario(workloadExtra);
    } catch (ScenarioException e) {
      return e.problems();
    }
    throw new AssertionError("the scenario was taken: " + workloadExtra);
  }
}
