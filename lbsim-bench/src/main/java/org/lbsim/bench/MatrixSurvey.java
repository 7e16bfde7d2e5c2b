package org.lbsim.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioReader;

/**
 * Reads every connection-matrix file under the given folders as a {@code workload.kind: cm}
 * scenario would (the same reader, checks and placement), on the smallest fat tree with at least
 * the file's {@code Nodes} hosts, and prints one Markdown table row per file: its path below the
 * folder, {@code runs} or {@code refused}, and the reason (the first problem, or the fabric and
 * flow count). Files are the ones named {@code *.cm}, {@code *.tm} or {@code *.cm#} (an editor's
 * copy) and any other file but a topology ({@code *.topo}) whose first line starts with
 * {@code Nodes}; nothing is run. {@code run-matrix-survey.sh} runs it.
 *
 * <pre>java -cp lbsim.jar MatrixSurvey.java ROOT [PREFIX]...</pre>
 * PREFIX pairs are {@code ROOT=PREFIX}: a root's files are shown as PREFIX/relative-path.
 */
public final class MatrixSurvey {

  private MatrixSurvey() {}

  public static void main(String[] args) throws IOException {
    System.out.println("| file | verdict | reason |");
    System.out.println("|---|---|---|");
    for (String a : args) {
      int eq = a.indexOf('=');
      Path root = Path.of(eq < 0 ? a : a.substring(0, eq));
      String shownAs = eq < 0 ? root.toString() : a.substring(eq + 1);
      for (Path f : matrices(root)) {
        System.out.println("| `" + shownAs + "/" + root.relativize(f) + "` | " + verdict(f, root) + " |");
      }
    }
  }

  private static List<Path> matrices(Path root) throws IOException {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> s = Files.walk(root)) {
      for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
        String name = f.getFileName().toString();
        if (name.endsWith(".cm") || name.endsWith(".tm") || name.endsWith(".cm#") || (!name.endsWith(".topo") && startsWithNodes(f))) {
          out.add(f);
        }
      }
    }
    return out;
  }

  private static boolean startsWithNodes(Path f) {
    try (Stream<String> lines = Files.lines(f)) {
      return lines.findFirst().map(l -> l.startsWith("Nodes")).orElse(false);
    } catch (IOException | java.io.UncheckedIOException e) {
      return false;
    }
  }

  /** "runs | on the k = K fat tree ..." or "refused | the problem". */
  private static String verdict(Path f, Path root) {
    int nodes = nodes(f);
    int k = 4;
    while (k * k * k / 4 < Math.max(nodes, 2) && k < 64) {
      k += 2;
    }
    String yaml = "topology: {k: " + k + "}\nworkload: {kind: cm, file: '" + f.toAbsolutePath() + "'}\n";
    try {
      Scenario s = ScenarioReader.fromText(yaml, "survey.yaml", root, "survey", List.of());
      int hosts = s.topology().hosts();
      return "runs | " + (nodes == hosts ? "" : "Nodes " + nodes + " placed on ") + "the k = " + k + " fat tree's " + hosts
          + " hosts";
    } catch (ScenarioException e) {
      String problem = e.problems().isEmpty() ? String.valueOf(e.getMessage()) : e.problems().get(0);
      return "refused | " + problem.replace(f.toAbsolutePath().toString(), f.getFileName().toString()).replace("|", "\\|");
    }
  }

  /** The file's {@code Nodes}, or 0 when it has none that reads as a number. */
  private static int nodes(Path f) {
    try (Stream<String> lines = Files.lines(f)) {
      return lines.map(String::strip).filter(l -> l.startsWith("Nodes ")).findFirst()
          .map(l -> Integer.parseInt(l.substring(6).strip())).orElse(0);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }
}
