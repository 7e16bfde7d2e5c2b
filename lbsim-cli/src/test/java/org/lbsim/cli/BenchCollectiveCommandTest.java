package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCollectiveCommandTest {
  @TempDir
  Path dir;

  private CliRunner.Outcome bench(Path out, String threads) throws Exception {
    Path s = dir.resolve("s.yaml");
    Files.writeString(s, "topology: {kind: leaf-spine, leaves: 2, hosts_per_leaf: 2, spines: 2}\n");
    return CliRunner.run("bench-collective", s.toString(), "--op", "reduce-scatter", "--sizes", "64KiB:128KiB",
        "--type", "half", "--lb", "ecmp,host-spray", "--threads", threads, "--out", out.toString());
  }

  @Test
  void printsOneNcclTablePerDesignAndWritesTheCsvTheReportDraws() throws Exception {
    CliRunner.Outcome o = bench(dir.resolve("out"), "2");
    assertThat(o.code()).as(o.err()).isZero();
    List<String> lines = o.out().lines().toList();
    assertThat(lines).filteredOn(l -> l.startsWith("# reduce-scatter, ring algorithm, 4 ranks: lb "))
        .containsExactly("# reduce-scatter, ring algorithm, 4 ranks: lb ecmp, cc ideal, lr erasure (simulated; out-of-place only)",
            "# reduce-scatter, ring algorithm, 4 ranks: lb host-spray, cc ideal, lr erasure (simulated; out-of-place only)");
    assertThat(lines).filteredOn(l -> l.startsWith("       65536         32768      half     sum      -1")).hasSize(2);
    assertThat(lines).filteredOn(l -> l.startsWith("# Avg bus bandwidth    : ")).hasSize(2);
    Path folder = dir.resolve("out/bench-reduce-scatter-s");
    List<String> csv = Files.readAllLines(folder.resolve("bench-collective.csv"));
    assertThat(csv).hasSize(5);
    assertThat(csv.get(1)).startsWith("reduce-scatter,ring,ecmp,ideal,erasure,4,65536,32768,half,sum,-1,");

    CliRunner.Outcome again = bench(dir.resolve("again"), "1");
    assertThat(again.out()).isEqualTo(o.out());
    assertThat(Files.readString(dir.resolve("again/bench-reduce-scatter-s/bench-collective.csv")))
        .isEqualTo(String.join("\n", csv) + "\n");

    CliRunner.Outcome named = CliRunner.run("bench-collective", dir.resolve("s.yaml").toString(), "--op",
        "reduce-scatter", "--sizes", "64KiB", "--lb", "ecmp", "--set", "name=k4", "--out", dir.resolve("named").toString());
    assertThat(named.code()).as(named.err()).isZero();
    assertThat(dir.resolve("named/bench-reduce-scatter-k4/bench-collective.csv")).exists();
    assertThat(dir.resolve("named/bench-reduce-scatter-s")).doesNotExist();

    CliRunner.Outcome report = CliRunner.run("report", folder.toString());
    assertThat(report.code()).as(report.err()).isZero();
    assertThat(Files.readString(folder.resolve("report.html"))).contains("id=\"chart-bus-bandwidth\"");
  }

  /** --algorithm tree runs Broadcast down a binary tree from rank 0: the table and the folder say so, the root column is 0. */
  @Test
  void aTreeBroadcastHasItsOwnFolderAndRootZero() throws Exception {
    Path s = dir.resolve("s.yaml");
    Files.writeString(s, "topology: {kind: leaf-spine, leaves: 2, hosts_per_leaf: 2, spines: 2}\n");
    CliRunner.Outcome o = CliRunner.run("bench-collective", s.toString(), "--op", "broadcast", "--algorithm", "tree",
        "--sizes", "64KiB", "--lb", "ecmp", "--out", dir.resolve("out").toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).contains("# broadcast, tree algorithm, 4 ranks: lb ecmp, cc ideal, lr erasure");
    assertThat(o.out().lines()).filteredOn(l -> l.startsWith("       65536         16384     float    none       0"))
        .hasSize(1);
    assertThat(Files.readAllLines(dir.resolve("out/bench-broadcast-s_workload.nccl_algo-tree/bench-collective.csv"))
        .get(1)).startsWith("broadcast,tree,ecmp,ideal,erasure,4,65536,16384,float,none,0,");

    CliRunner.Outcome refused = CliRunner.run("bench-collective", s.toString(), "--op", "all-gather", "--algorithm",
        "tree", "--out", dir.resolve("out").toString());
    assertThat(refused.code()).isEqualTo(2);
    assertThat(refused.err()).contains("--algorithm: not available for all-gather (got 'tree'; allowed: ring)");
  }
}
