package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class RecommendCommandTest {
  /** Designs that do not spray packets: one path per flow, per subflow or per flowlet. */
  private static final Set<String> NOT_PACKET_SPRAYING = Set.of("ecmp", "subflow", "plb", "letflow", "conga");

  @TempDir
  Path dir;

  private record Outcome(int code, String out, String err) {}

  private Outcome run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new Main());
    cl.setExecutionExceptionHandler(new Errors());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Outcome(code, out.toString(), err.toString());
  }

  @Test
  void ranksEveryDesignAndPutsAPacketSprayingOneFirstOnAnAllToAll() throws IOException {
    Path s = dir.resolve("fabric.yaml");
    Files.writeString(s, "topology: {k: 4}\nworkload: {kind: all-to-all, size: 64KiB}\n");
    Outcome o = run("recommend", s.toString(), "--threads", "2", "--out", dir.toString());
    assertThat(o.code()).as(o.err()).isZero();
    List<String> rows = o.out().lines().toList();
    assertThat(rows.get(0)).contains("rank").contains("lb").contains("% over bound").contains("vs ecmp");
    // header, rule, then one row per design, best first
    String first = rows.get(2).trim().split("\\s+")[1];
    assertThat(first).isNotIn(NOT_PACKET_SPRAYING);
    assertThat(o.out()).contains("Recommended: " + first).contains("shorter than ecmp").contains("Baseline ecmp:");
    assertThat(rows.stream().filter(l -> l.matches("\\s*\\d+\\s+\\S+.*")).count())
        .isEqualTo(org.lbsim.lb.LbDesigns.all().size());
    assertThat(dir.resolve("recommend-fabric/ranking.csv")).exists();
    // the baseline's row shows exactly 1.00x against itself
    assertThat(rows.stream().filter(l -> l.trim().split("\\s+").length > 1 && l.trim().split("\\s+")[1].equals("ecmp"))
        .findFirst().orElseThrow()).contains("1.00x");
  }

  @Test
  void variesSeveralKeysAndRejectsUnknownOnes() {
    Outcome bad = run("recommend", "--vary", "colour=red,blue", "--out", dir.toString());
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("--vary colour=red,blue").contains("unknown key 'colour'").doesNotContain("\tat ");

    Outcome badValue = run("recommend", "--vary", "lr=ideal,sack", "--out", dir.toString());
    assertThat(badValue.code()).isEqualTo(2);
    assertThat(badValue.err().strip()).startsWith("error: --vary lr").contains("'ideal'")
        .contains("allowed: erasure, sack, gbn, irn").doesNotContain("\tat ");

    Outcome o = run("recommend", "--set", "topology.k=4", "--set", "workload.size=32KiB", "--vary", "lb=ecmp,host-spray",
        "--vary", "lr=erasure,sack", "--out", dir.toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).contains("lb").contains("lr").contains("Recommended: host-spray");
    assertThat(o.err()).contains("4 designs x 1 seed(s) = 4 runs");
  }
}
