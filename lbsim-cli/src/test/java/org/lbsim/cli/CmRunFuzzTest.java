package org.lbsim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.scenario.ScenarioException;

/**
 * htsim connection matrices as a scenario reads them: a small valid matrix (a chain of
 * send_done and recv_done triggers, a multishot and a barrier; 16 or 8 nodes) with up to two
 * fields replaced by an edge value, a line dropped, repeated, cut short or two of its words
 * swapped, some with CRLF line ends or a byte-order mark, and for one scenario in three a
 * placement ({@code workload.placement}, {@code workload.placement_hosts}) or start unit
 * ({@code workload.start_unit_ps}) at an edge. {@code CmFuzzTest} (lbsim-core) holds the parser
 * alone to its rules; this test holds what a run adds: the matrix placed on the fabric, its
 * triggers resolved, its flows run.
 *
 * <p>The property: each scenario is read or refused with {@link ScenarioException}, each problem
 * one clean line naming a file of the input or the key it sets; nothing else is thrown. A sample
 * of the refused ones goes through {@code lbsim run} too (exit 2, only {@code error:} lines), and
 * the first accepted ones that are tiny (at most 1,024 data packets, within 2 ms) run to the end
 * (exit 0, or 3 when flows do not finish by the limit). {@link FuzzDraw} sizes and seeds the draw.
 */
class CmRunFuzzTest {
  private static final List<String> EDGES = List.of("0", "-1", "1", "7", "8", "15", "16", "17", "2147483647",
      "2147483648", "9223372036854775807", "9223372036854775808", "1e3", "1.5", "NaN", "-0", "0x10", "", "\uFF11",
      "size", "id", "->", "trigger", "start", "oneshot", "barrier", "1048576", "1000000000000000",
      "18446744073709551616", "\u0000", "a\u001bb", "x".repeat(200));
  private static final List<String> PLACEMENTS = List.of("placement: identity", "placement: spread",
      "placement: random", "placement: hosts, placement_hosts: '0-7, 8-15'", "placement: hosts, placement_hosts: '15-0'",
      "placement: hosts, placement_hosts: '0 0 1'", "placement: hosts, placement_hosts: '0-2147483648'",
      "placement: hosts, placement_hosts: '-1'", "placement: hosts", "placement: hosts, placement_hosts: ','",
      "start_unit_ps: 0", "start_unit_ps: 1e6", "start_unit_ps: 1e12", "start_unit_ps: 1000000000001", "start_unit_ps: 1e300", "start_unit_ps: -1", "start_unit_ps: 0.5");

  @TempDir
  Path dir;

  private final FuzzDraw.HangGuard guard = new FuzzDraw.HangGuard();

  @AfterEach
  void closeGuard() {
    guard.close();
  }

  /** A valid matrix: a chain of send_done and recv_done triggers, a multishot and a barrier. */
  private static List<String> valid(int nodes) {
    return new ArrayList<>(List.of(
        "Nodes " + nodes,
        "Connections 6",
        "Triggers 3",
        "0->1 id 1 start 0 size 4096 send_done_trigger 1",
        "1->2 id 2 trigger 1 size 4096 recv_done_trigger 2",
        "2->3 id 3 trigger 2 size 4096",
        "4->5 id 4 start 0 size 8192 send_done_trigger 3",
        "6->7 id 5 start 1000000 size 8192 send_done_trigger 3",
        "3->0 id 6 trigger 3 size 4096",
        "trigger id 1 oneshot",
        "trigger id 2 multishot",
        "trigger id 3 barrier"));
  }

  @Test
  void everyGeneratedMatrixIsRunOrRefusedWithOneLinePerProblemNamingItsFile() throws IOException {
    SplittableRandom random = new SplittableRandom(FuzzDraw.SEED + 37);
    ScenarioDraw draw = new ScenarioDraw(guard);
    for (int i = 0; i < FuzzDraw.INPUTS; i++) {
      Path folder = FuzzDraw.fresh(dir.resolve("input"));
      List<String> lines = valid(random.nextBoolean() ? 16 : 8);
      for (int e = random.nextInt(3); e > 0; e--) {
        edit(lines, random);
      }
      String text = String.join(random.nextInt(8) == 0 ? "\r\n" : "\n", lines) + "\n";
      if (random.nextInt(16) == 0) {
        text = "\uFEFF" + text;
      }
      Files.writeString(folder.resolve("m.cm"), text);
      String extra = random.nextInt(3) == 0 ? ", " + FuzzDraw.pick(PLACEMENTS, random) : "";
      String yaml = "name: cm\ntopology: {k: 4}\nworkload: {kind: cm, file: m.cm" + extra + "}\nrun: {limit_ms: 1}\n";
      Path scenario = folder.resolve("s.yaml");
      Files.writeString(scenario, yaml);
      String what = "matrix " + i + ": " + text.replace("\n", "\\n") + " with " + yaml.replace("\n", "\\n");
      List<String> names = List.of(folder.toString(), "workload.placement", "workload.start_unit_ps");
      draw.judge(i, scenario, folder, names, what);
    }
    draw.check("matrices");
  }

  /** One edit: a field replaced by an edge, a line dropped, repeated or cut short, or two fields swapped. */
  private static void edit(List<String> lines, SplittableRandom random) {
    if (lines.isEmpty()) {
      lines.add(FuzzDraw.pick(EDGES, random));
      return;
    }
    int l = random.nextInt(lines.size());
    String[] words = lines.get(l).split(" ");
    switch (random.nextInt(6)) {
      case 0, 1 -> {
        words[random.nextInt(words.length)] = FuzzDraw.pick(EDGES, random);
        lines.set(l, String.join(" ", words));
      }
      case 2 -> lines.remove(l);
      case 3 -> lines.add(l, lines.get(l));
      case 4 -> lines.set(l, String.join(" ", Arrays.copyOf(words, random.nextInt(words.length + 1))));
      default -> {
        int a = random.nextInt(words.length);
        int b = random.nextInt(words.length);
        String t = words[a];
        words[a] = words[b];
        words[b] = t;
        lines.set(l, String.join(" ", words));
      }
    }
  }
}
