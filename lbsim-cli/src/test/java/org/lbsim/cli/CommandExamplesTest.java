package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every command example that README.md and every {@code --help} show runs and exits with 0. An example is a code
 * block line of README.md or a help footer line that starts with {@code lbsim} or {@code ./lbsim} (a trailing
 * {@code # comment} is not part of it), or an {@code e.g. --option ...} fragment in a command's own help text, run
 * as {@code lbsim <command> <fragment>}. Each example runs in a fresh folder holding the files examples name
 * ({@code my.yaml}, {@code a.yaml}, {@code b.yaml}, tiny scenarios, and every README {@code yaml} block whose first
 * line is {@code # NAME.yaml}, as that file), with {@code --out} into it; examples that take
 * minutes run shortened as {@link #SHORTENED} says, and {@link #EXCLUDED} lists those that do not run here, with why.
 */
class CommandExamplesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final String TINY = "--set topology.k=4 --set workload.size=64KiB";

  /** Examples whose full run takes minutes, and what is appended to run them in seconds. */
  static final Map<String, String> SHORTENED = Map.ofEntries(
      Map.entry("lbsim run", TINY),
      Map.entry("lbsim recommend --set workload.kind=all-to-all", TINY),
      Map.entry("lbsim reproduce queue-scaling --quick", "--seeds 1 --set topology.k=4"),
      Map.entry("lbsim reproduce fig1 --quick", TINY),
      Map.entry("lbsim reproduce perm-bound", TINY),
      Map.entry("lbsim reproduce fig14 --quick", "--set topology.k=4 --set job.gpus=16"),
      Map.entry("lbsim reproduce queue-model --quick", "--seeds 1 --set topology.k=4"),
      Map.entry("lbsim reproduce fig3 --quick", "--seeds 1 " + TINY),
      Map.entry("lbsim reproduce fig13 --quick", "--seeds 1 --set topology.k=4"), // its sizes are its axis
      Map.entry("lbsim reproduce link-overload", "--seeds 1 --set topology.k=4"), // its sizes are its axis
      Map.entry("lbsim reproduce sack-threshold --quick", "--seeds 1 " + TINY),
      Map.entry("lbsim reproduce fig12 --quick", "--seeds 1 " + TINY),
      Map.entry("lbsim reproduce fig4 --resume", "--quick --seeds 1 " + TINY),
      Map.entry("lbsim bench-collective --op all-reduce --sizes 64KiB:1MiB --lb ofan,ecmp", "--set topology.k=4"));

  /** Examples that do not run in this test, and why. */
  static final Map<String, String> EXCLUDED = Map.of(
      "lbsim sweep scenarios/grids/lb-vs-size.yaml --spark 'local[*]'",
      "needs the Spark classpath that only the ./lbsim launcher adds; lbsim-spark's own tests run it",
      "lbsim run bad.yaml",
      "an error example: DocExamplesTest runs it and checks its exit code 2 and its message");

  /** Examples that read the results of another command, and that command. */
  static final Map<String, String> PREPARED_BY = Map.of(
      "results/lb-vs-size", "lbsim sweep scenarios/grids/lb-vs-size.yaml",
      "results/recommend-leaf0-spine1-down", "lbsim recommend my-leaf-spine.yaml --vary lb=ecmp,host-spray,ofan,reps --set"
          + " failures.kind=drop --set failures.links=leaf0-spine1 --set failures.convergence_us=20 --set name=leaf0-spine1-down");

  private static final Set<String> WRITES_RESULTS = Set.of("run", "sweep", "reproduce", "recommend", "bench-collective");
  private static final Pattern EXAMPLE = Pattern.compile("^\\s*(?:\\./)?(lbsim(?: .*?)?)\\s*(?:#.*)?$");
  private static final Pattern FRAGMENT = Pattern.compile("e\\.g\\. (--[a-z].*?)(?:\\)|\\.?$|\\. )");

  @TempDir
  Path dir;

  @TestFactory
  Stream<DynamicTest> everyExampleExitsWithZero() throws IOException {
    List<String> examples = new ArrayList<>(examples());
    return examples.stream().filter(e -> !EXCLUDED.containsKey(e))
        .map(e -> DynamicTest.dynamicTest(e, () -> runExample(e, examples.indexOf(e))));
  }

  @Test
  void everyShortenedOrExcludedExampleIsStillShown() throws IOException {
    Set<String> shown = examples();
    assertThat(shown).containsAll(EXCLUDED.keySet());
    assertThat(shown).containsAll(SHORTENED.keySet());
    assertThat(shown).contains("lbsim --version", "lbsim reproduce", "lbsim recommend --vary lb=ecmp,ofan --vary lr=sack,erasure");
  }

  @Test
  void versionIsThePomsVersionAndTheCommit() throws IOException {
    String pom = Files.readString(ROOT.resolve("pom.xml"));
    Matcher m = Pattern.compile("<artifactId>lbsim-parent</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
    assertThat(m.find()).isTrue();
    CliRunner.Outcome o = CliRunner.run("--version");
    assertThat(o.code()).isZero();
    assertThat(o.out().strip()).matches("lbsim " + Pattern.quote(m.group(1)) + " \\(([0-9a-f]{7,}|unknown)\\)");
  }

  @Test
  void reproduceWithoutAPresetListsThemWithAHintAndExitsWithZero() {
    CliRunner.Outcome o = CliRunner.run("reproduce");
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).containsPattern("(?m)^fig1 +200 +\\S+ min +20 ").containsPattern("(?m)^queue-scaling ")
        .endsWith("run one with: lbsim reproduce PRESET [--quick] [--seeds N] [--set KEY=VALUE]" + System.lineSeparator());
    assertThat(o.out().lines()).noneMatch(l -> l.endsWith(" "));
    assertThat(CliRunner.run("reproduce", "--list").out()).doesNotContain("run one with");
    assertThat(CliRunner.run("reproduce", "--help").out()).contains("Without PRESET (or with --list), lists the presets with their runs and expected");
  }

  /** The examples of README.md's code blocks and of every command's help, in that order, each once. */
  static Set<String> examples() throws IOException {
    Set<String> all = new LinkedHashSet<>();
    boolean inCode = false;
    for (String line : Files.readAllLines(ROOT.resolve("README.md"))) {
      if (line.startsWith("```")) {
        inCode = !inCode;
      } else if (inCode) {
        example(line).ifPresent(all::add);
      }
    }
    help(Main.commandLine(), all);
    return all;
  }

  private static void help(CommandLine cl, Set<String> all) {
    CommandSpec spec = cl.getCommandSpec();
    for (String line : spec.usageMessage().footer()) {
      example(line).ifPresent(all::add);
    }
    List<String> texts = new ArrayList<>(Arrays.asList(spec.usageMessage().description()));
    Set<OptionSpec> mixedIn = new LinkedHashSet<>();
    spec.mixins().values().forEach(m -> mixedIn.addAll(m.options()));
    spec.options().stream().filter(o -> !mixedIn.contains(o)).forEach(o -> texts.addAll(Arrays.asList(o.description())));
    for (String text : texts) {
      Matcher m = FRAGMENT.matcher(text);
      while (m.find()) {
        all.add(spec.qualifiedName() + " " + m.group(1));
      }
    }
    for (CommandLine sub : cl.getSubcommands().values()) {
      if (sub.getCommandSpec().parent() == spec && !sub.getCommandName().equals("help")) {
        help(sub, all);
      }
    }
  }

  /** README's yaml blocks that name their file on their first line ({@code # NAME.yaml}): file name -> text. */
  static Map<String, String> namedFiles() throws IOException {
    Map<String, String> files = new java.util.LinkedHashMap<>();
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
    Pattern named = Pattern.compile("^#\\s*([\\w.-]+\\.ya?ml)\\b.*");
    for (int i = 0; i + 1 < lines.size(); i++) {
      Matcher m = named.matcher(lines.get(i + 1));
      if (lines.get(i).strip().equals("```yaml") && m.matches()) {
        StringBuilder text = new StringBuilder();
        for (int j = i + 1; j < lines.size() && !lines.get(j).startsWith("```"); j++) {
          text.append(lines.get(j)).append('\n');
        }
        files.put(m.group(1), text.toString());
      }
    }
    return files;
  }

  private static java.util.Optional<String> example(String line) {
    Matcher m = EXAMPLE.matcher(line);
    return m.matches() ? java.util.Optional.of(m.group(1).strip()) : java.util.Optional.empty();
  }

  private void runExample(String example, int index) throws IOException {
    Path here = dir.resolve("example-" + index);
    Files.createDirectories(here);
    for (String name : List.of("my", "a", "b")) {
      Files.writeString(here.resolve(name + ".yaml"), "topology: {k: 4}\nworkload: {kind: permutation, size: 64KiB}\n");
    }
    for (Map.Entry<String, String> f : namedFiles().entrySet()) {
      Files.writeString(here.resolve(f.getKey()), f.getValue());
    }
    for (Map.Entry<String, String> p : PREPARED_BY.entrySet()) {
      if (example.contains(p.getKey())) {
        CliRunner.Outcome prep = CliRunner.run(args(p.getValue(), here));
        assertThat(prep.code()).as(p.getValue() + ": " + prep.err()).isZero();
      }
    }
    String line = example.replace("[", "").replace("]", "");
    if (SHORTENED.containsKey(example)) {
      line = line + " " + SHORTENED.get(example);
    }
    CliRunner.Outcome o = CliRunner.run(args(line, here));
    assertThat(o.code()).as(line + "\n" + o.err()).isZero();
  }

  /** The example's arguments, with its files and results folders in {@code here}. */
  private static String[] args(String line, Path here) {
    List<String> args = new ArrayList<>();
    for (String token : line.strip().split("\\s+")) {
      String t = token.replace("'", "");
      if (t.startsWith("scenarios/")) {
        t = ROOT.resolve(t).toString();
      } else if (t.startsWith("results/") || t.endsWith(".yaml") || t.startsWith("/tmp/")) {
        t = here.resolve(t.replaceFirst("^/tmp/", "")).toString();
      }
      args.add(t);
    }
    args.remove(0);
    if (!args.isEmpty() && WRITES_RESULTS.contains(args.get(0)) && !args.contains("--out")) {
      args.add("--out");
      args.add(here.resolve("results").toString());
    }
    return args.toArray(String[]::new);
  }
}
