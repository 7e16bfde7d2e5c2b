package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lbsim.metrics.RunResult;
import org.lbsim.results.ResultWriter;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;

/**
 * The reference profile's round-robin NIC on workloads whose flows wait for others (rings, a
 * training job): the result files are pinned (SHA-256 prefixes of flows.csv, ports.csv and
 * queues.csv), and they are the same whether the NIC ports compute departures on arrival, where
 * the round-robin choice is played when the port is next touched, or run one event per departure,
 * where the NIC wakes itself when the line frees.
 */
class RoundRobinNicResultsTest {
  private static final List<String> TRAINING = List.of("workload.kind=training", "topology.kind=leaf-spine",
      "topology.hosts_per_leaf=4", "topology.leaves=4", "topology.spines=4", "job.model=llama3-8b", "job.layers=2",
      "job.gpus=16", "job.gpus_per_server=4", "job.layer_params=400000", "job.compute_us=3", "job.ideal=off",
      "job.tp=2", "job.pp=2");

  @TempDir
  Path dir;

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', value = {
      "workload.kind=ring-allreduce;workload.size=256KiB;lb=host-spray;metrics.queue_sample_us=0.5 | auto | aaf0f60e2ea6f504 c2e14a7a35f03d63 d6ce268edb35889f",
      "workload.kind=ring-allreduce;workload.size=256KiB;lb=host-spray;metrics.queue_sample_us=0.5 | events | aaf0f60e2ea6f504 c2e14a7a35f03d63 d6ce268edb35889f",
      "workload.kind=ring-allgather;workload.size=1MiB;lb=ecmp;buffer.packets=8 | auto | 3afe69083da73801 f8c156b72168a53b f52e7fb1ec7ae371",
      "workload.kind=ring-allgather;workload.size=1MiB;lb=ecmp;buffer.packets=8 | events | 3afe69083da73801 f8c156b72168a53b f52e7fb1ec7ae371",
      "workload.kind=ring-allreduce;workload.size=256KiB;lb=ecmp;buffer.pfc=on | auto | 9704a09e38d53b0f f96d6df967b31713 c6058779d60774d6",
      "training;lb=host-spray | auto | 9ae0a5204c775942 94dbedc5cd917199 6a31a910064ad104",
      "training;lb=host-spray | events | 9ae0a5204c775942 94dbedc5cd917199 6a31a910064ad104"})
  void dependentFlowResultsArePinned(String overrides, String transmitter, String expected) throws IOException {
    List<String> o = new ArrayList<>();
    for (String s : overrides.split(";")) {
      if (s.equals("training")) {
        o.addAll(TRAINING);
      } else {
        o.add(s);
      }
    }
    if (!o.contains("workload.kind=training")) {
      o.addAll(List.of("topology.k=4", "run.limit_ms=1"));
    }
    o.addAll(List.of("profile=reference", "seed=5", "engine.transmitter=" + transmitter));
    RunResult r = ScenarioRunner.run(ScenarioReader.fromText("", "test", Path.of("."), "test", o));
    assertThat(r.unfinishedFlows()).isZero();
    ResultWriter.write(r, dir);
    StringBuilder actual = new StringBuilder();
    for (String file : List.of("flows.csv", "ports.csv", "queues.csv")) {
      Path f = dir.resolve(file);
      actual.append(actual.length() == 0 ? "" : " ").append(Files.exists(f) ? sha256(f) : "-");
    }
    assertThat(actual.toString()).isEqualTo(expected);
  }

  private static String sha256(Path f) throws IOException {
    return org.lbsim.scenario.FileDigest.sha256(f);
  }
}
