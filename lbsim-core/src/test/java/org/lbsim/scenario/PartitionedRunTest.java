package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lbsim.metrics.RunResult;
import org.lbsim.results.ResultWriter;

/**
 * A run split into blocks of ToRs, on one or more threads, gives the result files of the run that
 * is not split, byte for byte: flows.csv, ports.csv, summary.json and queues.csv (engine.json,
 * how the work was done, differs).
 */
class PartitionedRunTest {
  @TempDir
  Path dir;

  private static final List<String> BASE = List.of("topology.k?=4", "workload.size=64KiB");

  private static Scenario scenario(String overrides) {
    List<String> o = new ArrayList<>(BASE);
    for (String kv : overrides.split(";")) {
      if (!kv.isBlank()) {
        o.add(kv.trim());
      }
    }
    return Scenarios.of(o);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "workload.kind=permutation;lb=ecmp",
      "workload.kind=all-to-all;lb=host-spray;seed=3",
      "workload.kind=all-to-all;lb=ofan;profile=reference",
      "workload.kind=all-to-all;lb=ecmp;lr=sack;buffer.packets=16;seed=7",
      "workload.kind=permutation;lb=switch-ar;cc=dctcp;lr=sack",
      "workload.kind=all-to-all;lb=letflow;cc=swift;lr=sack",
      "workload.kind=all-to-all;lb=conga;cc=dcqcn",
      "workload.kind=permutation;lb=reps;cc=eqds;lr=sack;buffer.trimming=all",
      "workload.kind=all-to-all;lb=plb;cc=dctcp;lr=sack;topology.kind=leaf-spine",
      // about 10,000 sample instants: the sampler halves its resolution twice, within windows
      "workload.kind=all-to-all;lb=ecmp;metrics.queue_sample_us=0.002",
  })
  void everySplitGivesTheResultFilesOfOne(String overrides) throws IOException {
    Scenario s = scenario(overrides);
    String one = files(ScenarioRunner.run(s, null, 1 << 20, 1, 1), "one");
    for (int[] split : new int[][] {{2, 1}, {2, 2}, {4, 2}, {8, 3}}) {
      String name = split[0] + "p" + split[1] + "t";
      assertThat(files(ScenarioRunner.run(s, null, 1 << 20, split[0], split[1]), name))
          .as("%s partitions on %s threads", split[0], split[1]).isEqualTo(one);
    }
  }

  /**
   * k = 4 in 4 partitions: one pod each, core c in partition c. Each pod's 4 cables to the cores
   * reach one core of its own partition, so 12 cables (24 ports) cross partitions.
   */
  @Test
  void aFatTreeSplitByPodsCrossesPartitionsOnlyAtTheCores() {
    PreparedRun p = ScenarioRunner.prepare(scenario("workload.kind=permutation"), 4);
    assertThat(p.fabric().partitions()).hasSize(4);
    assertThat(p.fabric().ports().stream().filter(org.lbsim.net.EgressPort::landsInAnotherPartition)
        .map(org.lbsim.net.EgressPort::name)).hasSize(24).allMatch(n -> n.contains("core"));
  }

  @Test
  void aSplitRunOfAScenarioWithFailuresIsRefusedNamingThem() {
    Scenario s = scenario("workload.kind=permutation;failures.kind=drop;failures.links=tier2:0;metrics.queue_sample_us=auto");
    assertThatThrownBy(() -> ScenarioRunner.run(s, null, 1 << 20, 2, 1)).isInstanceOf(ScenarioException.class)
        .hasMessage("engine.threads: a run split into 2 partitions does not support failures.kind drop yet (got '2';"
            + " allowed: 1 for this scenario)");
  }

  /** engine.threads is how a run is computed, not what: its results and its key are those of one thread. */
  @Test
  void engineThreadsSplitsTheRunAndStaysOutOfItsKeyAndResults() throws IOException {
    Scenario one = scenario("workload.kind=all-to-all;lb=host-spray");
    Scenario three = scenario("workload.kind=all-to-all;lb=host-spray;engine.threads=3");
    assertThat(three.engine().threads()).isEqualTo(3);
    assertThat(ScenarioKey.of(three)).isEqualTo(ScenarioKey.of(one));
    assertThat(files(ScenarioRunner.run(three), "three")).isEqualTo(files(ScenarioRunner.run(one), "one"));
  }

  /** auto splits an independent workload on 128 hosts or more over the cores left to the run, else runs on 1. */
  @Test
  void autoSplitsOnlyWhereASplitIsSupportedAndPays() {
    assertThat(Scenarios.of("topology.k=8").engine().threads()).as("the default").isEqualTo(1);
    Scenario bar = Scenarios.of("topology.k=8", "workload.kind=all-to-all", "engine.threads=auto");
    assertThat(bar.engine().threads()).isEqualTo(EngineSection.AUTO);
    assertThat(PartitionSupport.autoThreads(bar, 2)).isEqualTo(2);
    assertThat(PartitionSupport.autoThreads(bar, 64)).as("at most one per ToR").isEqualTo(32);
    assertThat(PartitionSupport.autoThreads(bar, 1)).isEqualTo(1);
    assertThat(PartitionSupport.autoThreads(Scenarios.of("topology.k=4", "workload.kind=all-to-all"), 2))
        .as("16 hosts").isEqualTo(1);
    assertThat(PartitionSupport.autoThreads(Scenarios.of("topology.k=8", "workload.kind=ring-allreduce"), 2))
        .as("flows that wait for others").isEqualTo(1);
    assertThat(PartitionSupport.autoThreads(Scenarios.of("topology.k=8", "workload.kind=permutation",
        "failures.kind=drop", "failures.links=tier2:0"), 2)).as("failures").isEqualTo(1);
  }

  /** The run's result files as one text. */
  private String files(RunResult r, String name) throws IOException {
    Path d = dir.resolve(name);
    ResultWriter.write(r, d);
    StringBuilder b = new StringBuilder();
    for (String f : List.of("flows.csv", "ports.csv", "summary.json", "queues.csv")) {
      b.append(f).append('\n').append(Files.readString(d.resolve(f)));
    }
    return b.toString();
  }
}
