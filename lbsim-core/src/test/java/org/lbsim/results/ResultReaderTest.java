package org.lbsim.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.Scenario;

class ResultReaderTest {
  @TempDir
  Path dir;

  /** Reads back what was written; every field the files keep comes back exactly. */
  private RunResult roundTrip(Scenario s, RunResult r) throws ResultReader.UnreadableResults {
    ResultWriter.write(r, dir.resolve("run"), "key");
    return ResultReader.read(dir.resolve("run"), s);
  }

  @Test
  void aSampledRunComesBackAsItWasWritten() throws Exception {
    // host spraying on a permutation with 6-packet ports: drops, retransmissions and timeouts to read back
    Scenario s = Runs.of("topology.k=4", "workload.kind=permutation", "workload.size=256KiB", "lb=host-spray",
        "buffer.packets=6", "metrics.queue_sample_us=1");
    RunResult r = Runs.run(s);
    assertThat(r.drops()).isPositive();
    RunResult back = roundTrip(s, r);

    assertThat(back.scenario()).isEqualTo(r.scenario());
    assertThat(back.settings()).isEqualTo(r.settings());
    assertThat(back.cctPs()).isEqualTo(r.cctPs());
    assertThat(back.boundPs()).isEqualTo(r.boundPs());
    assertThat(back.endPs()).isEqualTo(r.endPs());
    assertThat(back.events()).isEqualTo(r.events());
    assertThat(back.flows()).isEqualTo(r.flows());
    assertThat(back.counters()).isEqualTo(r.counters());
    assertThat(back.unfinished()).isEqualTo(r.unfinished());
    assertThat(back.training()).isEmpty();
    assertThat(back.queues().intervalPs()).isEqualTo(r.queues().intervalPs()).isEqualTo(1_000_000);
    assertThat(back.queues().ports()).isEqualTo(r.queues().ports());
    for (int i = 0; i < r.queues().ports().size(); i++) {
      assertThat(back.queues().bytes().get(i)).isEqualTo(r.queues().bytes().get(i));
    }
    assertThat(back.ports()).hasSameSizeAs(r.ports());
    for (int i = 0; i < r.ports().size(); i++) {
      PortStats a = r.ports().get(i);
      PortStats b = back.ports().get(i);
      // ports.csv prints the mean queue to 2 decimals and utilization to 6: the only rounding
      assertThat(b).isEqualTo(new PortStats(a.port(), a.tier(), a.bytesSent(), a.packetsSent(), a.maxQueueBytes(),
          b.meanQueueBytes(), a.drops(), a.ecnMarks(), b.utilization(), a.trims(), a.pauseFrames(), a.pausedPs()));
      assertThat(b.meanQueueBytes()).isCloseTo(a.meanQueueBytes(), within(0.005));
      assertThat(b.utilization()).isCloseTo(a.utilization(), within(0.0000005));
    }
    assertThat(back.overBoundPct()).isEqualTo(r.overBoundPct());
    assertThat(back.maxSwitchQueueBytes()).isEqualTo(r.maxSwitchQueueBytes());
  }

  @Test
  void aTrainingRunKeepsItsJobMetricsAndWritesTheSameFilesAgain() throws Exception {
    Scenario s = Runs.of("workload.kind=training", "topology.kind=leaf-spine", "topology.hosts_per_leaf=4",
        "topology.leaves=4", "topology.spines=4", "job.model=llama3-8b", "job.layers=2", "job.gpus=16",
        "job.gpus_per_server=4", "job.layer_params=400000", "job.compute_us=3", "job.ideal=simulate");
    RunResult r = Runs.run(s);
    assertThat(r.training()).isNotEmpty();
    RunResult back = roundTrip(s, r);
    ResultWriter.write(back, dir.resolve("again"), "key");
    for (String f : List.of("flows.csv", "ports.csv", "scenario.key")) {
      assertThat(Files.readString(dir.resolve("again").resolve(f))).as(f)
          .isEqualTo(Files.readString(dir.resolve("run").resolve(f)));
    }
    // the summary again, but for the per-tier means, which it sums from the ports' unrounded means
    ObjectMapper json = new ObjectMapper();
    ObjectNode first = (ObjectNode) json.readTree(dir.resolve("run").resolve("summary.json").toFile());
    ObjectNode second = (ObjectNode) json.readTree(dir.resolve("again").resolve("summary.json").toFile());
    assertThat(second.get("training")).isEqualTo(first.get("training"));
    first.remove("tiers");
    second.remove("tiers");
    assertThat(second).isEqualTo(first);
  }

  @Test
  void aTruncatedFlowsFileIsRefusedWithTheFileAndTheCounts() throws IOException {
    Scenario s = Runs.of("topology.k=4", "workload.size=64KiB");
    ResultWriter.write(Runs.run(s), dir.resolve("run"), "key");
    Path flows = dir.resolve("run").resolve("flows.csv");
    List<String> lines = Files.readAllLines(flows);
    Files.write(flows, lines.subList(0, lines.size() - 1));
    assertThatThrownBy(() -> ResultReader.read(dir.resolve("run"), s))
        .isInstanceOf(ResultReader.UnreadableResults.class)
        .hasMessage(flows + ": " + (lines.size() - 2) + " flows, but " + dir.resolve("run").resolve("summary.json")
            + " says " + (lines.size() - 1));
  }

  @Test
  void aBadNumberNamesTheFileAndLine() throws IOException {
    Scenario s = Runs.of("topology.k=4", "workload.size=64KiB");
    ResultWriter.write(Runs.run(s), dir.resolve("run"), "key");
    Path ports = dir.resolve("run").resolve("ports.csv");
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(ports));
    lines.set(2, lines.get(2).replaceFirst(",[0-9]+,", ",lots,"));
    Files.write(ports, lines);
    assertThatThrownBy(() -> ResultReader.read(dir.resolve("run"), s))
        .isInstanceOf(ResultReader.UnreadableResults.class)
        .hasMessageStartingWith(ports + ": line 3: ")
        .hasMessageContaining("lots");
  }

  @Test
  void aMissingSummaryIsRefused() throws IOException {
    Scenario s = Runs.of("topology.k=4", "workload.size=64KiB");
    ResultWriter.write(Runs.run(s), dir.resolve("run"), "key");
    Files.delete(dir.resolve("run").resolve("summary.json"));
    assertThatThrownBy(() -> ResultReader.read(dir.resolve("run"), s))
        .isInstanceOf(ResultReader.UnreadableResults.class)
        .hasMessageStartingWith(dir.resolve("run").resolve("summary.json") + ": cannot read it");
  }
}
