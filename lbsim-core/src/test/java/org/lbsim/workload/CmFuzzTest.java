package org.lbsim.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * htsim connection matrices nobody wrote a case for: small valid files (headers, connections with
 * ids, starts and sizes, send_done / recv_done activations, oneshot, multishot and barrier
 * triggers) with one to three fields replaced by an edge value, a line dropped, duplicated or
 * mangled, or the file's line ends and encoding changed. The property: each file is read or
 * refused with {@link WorkloadFileException}, one line that names the file ({@code "fuzz.cm"} and,
 * for a line's problem, its number) with what was wrong and what is allowed; nothing else is
 * thrown. A seeded generator of this test's own, as {@code InputFuzzTest}'s; {@code
 * -Dlbsim.fuzz.inputs=N -Dlbsim.fuzz.seed=S} draws more or others.
 */
class CmFuzzTest {
  private static final int INPUTS = Integer.getInteger("lbsim.fuzz.inputs", 2_000);
  private static final long SEED = Long.getLong("lbsim.fuzz.seed", 20261207L);
  private static final int HOSTS = 16;

  private static final List<String> EDGES = List.of("0", "-1", "1", "15", "16", "17", "2147483647", "2147483648",
      "9223372036854775807", "9223372036854775808", "1e3", "1.5", "NaN", "-0", "0x10", "", "\uFF11", "size", "id", "->",
      "trigger", "1048576", "18446744073709551616", "x".repeat(200));

  /** A valid matrix: a chain of send_done triggers, a multishot and a barrier. */
  private static List<String> valid() {
    return new ArrayList<>(List.of(
        "Nodes 16",
        "Connections 6",
        "Triggers 3",
        "0->1 id 1 start 0 size 65536 send_done_trigger 1",
        "1->2 id 2 trigger 1 size 65536 recv_done_trigger 2",
        "2->3 id 3 trigger 2 size 4096",
        "4->5 id 4 start 0 size 8192 send_done_trigger 3",
        "6->7 id 5 start 1.5 size 8192 send_done_trigger 3",
        "8->9 id 6 trigger 3 size 4096",
        "trigger id 1 oneshot",
        "trigger id 2 multishot",
        "trigger id 3 barrier"));
  }

  @Test
  void theUneditedMatrixIsRead() {
    assertThat(ConnectionMatrix.parse(new StringReader(String.join("\n", valid()) + "\n"), "fuzz.cm", HOSTS, 1)).hasSize(6);
  }

  @Test
  void everyGeneratedMatrixIsReadOrRefusedWithOneLineNamingTheFile() {
    SplittableRandom random = new SplittableRandom(SEED);
    int refused = 0;
    int read = 0;
    for (int i = 0; i < INPUTS; i++) {
      List<String> lines = valid();
      int edits = 1 + random.nextInt(3);
      for (int e = 0; e < edits; e++) {
        edit(lines, random);
      }
      String text = String.join(random.nextInt(8) == 0 ? "\r\n" : "\n", lines) + "\n";
      if (random.nextInt(16) == 0) {
        text = "\uFEFF" + text;
      }
      try {
        List<FlowSpec> flows = ConnectionMatrix.parse(new StringReader(text), "fuzz.cm", HOSTS, 1);
        assertThat(flows).as("input %d", i).isNotEmpty();
        read++;
      } catch (WorkloadFileException e) {
        refused++;
        String m = e.getMessage();
        if (!m.startsWith("fuzz.cm") || m.contains("\n") || m.contains("Exception") || !m.contains("(got '")) {
          fail("input " + i + " " + text.replace("\n", "\\n") + ": not one clean line naming the file: " + m);
        }
        if (e.line() > 0) {
          assertThat(m).as("input %d names its line", i).startsWith("fuzz.cm:" + e.line() + ": ");
        }
      } catch (RuntimeException e) {
        throw new AssertionError("input " + i + " " + text.replace("\n", "\\n") + ": not a WorkloadFileException", e);
      }
    }
    assertThat(refused).as("refused").isGreaterThan(INPUTS / 10);
    assertThat(read).as("read").isGreaterThan(INPUTS / 20);
  }

  /** One edit: a field replaced by an edge, a line dropped, duplicated or cut short, or two fields swapped. */
  private static void edit(List<String> lines, SplittableRandom random) {
    int l = random.nextInt(lines.size());
    String[] words = lines.get(l).split(" ");
    switch (random.nextInt(6)) {
      case 0, 1 -> {
        words[random.nextInt(words.length)] = EDGES.get(random.nextInt(EDGES.size()));
        lines.set(l, String.join(" ", words));
      }
      case 2 -> lines.remove(l);
      case 3 -> lines.add(l, lines.get(l));
      case 4 -> lines.set(l, String.join(" ", java.util.Arrays.copyOf(words, random.nextInt(words.length + 1))));
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
