package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The bad-input corpus: every file in {@code src/test/resources/bad-inputs/} lists cases, each a
 * command line with the files it needs, run in a folder of its own. A case passes when the
 * command exits with the expected code, prints one {@code error: } line matching the case's
 * pattern and no stack trace, and leaves every file outside the case's output folder as it
 * was; a refused case (exit 2) also leaves the output folder as it was.
 *
 * <pre>
 * - name: k-odd                        # unique across the corpus
 *   args: [run, "{dir}/s.yaml"]        # {dir}: the case's folder; --out {dir}/out is added to
 *                                      # run, sweep, recommend and reproduce unless given
 *   files:                             # written before the command runs
 *     s.yaml: "topology: {k: 7}\n"
 *     big.yaml: {line: "a: 1\n", times: 1000000}   # a line repeated
 *   exit: 2                            # default 2
 *   error: "s\\.yaml: topology\\.k: .*allowed"     # a regex one error line must contain
 * </pre>
 */
class BadInputCorpusTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Path CORPUS = Path.of("src/test/resources/bad-inputs");
  private static final Set<String> WITH_OUT = Set.of("run", "sweep", "recommend", "reproduce");
  /** A guard against a hang only, far above any case's time: no test asserts a wall time. */
  private static final Duration HANG = Duration.ofSeconds(120);

  record Case(String file, String name, List<String> args, JsonNode files, int exit, Pattern error) {}

  static List<Case> cases() {
    List<Case> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(CORPUS)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
        JsonNode root = YAML.readTree(f.toFile());
        for (JsonNode c : root) {
          List<String> args = new ArrayList<>();
          c.get("args").forEach(a -> args.add(a.asText()));
          out.add(new Case(f.getFileName().toString(), c.get("name").asText(), args, c.get("files"),
              c.has("exit") ? c.get("exit").asInt() : Errors.BAD_INPUT, Pattern.compile(c.get("error").asText())));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  @Test
  void theCorpusHoldsAtLeast200Cases() {
    assertThat(cases()).hasSizeGreaterThanOrEqualTo(200);
  }

  @Test
  void caseNamesAreUnique() {
    Set<String> seen = new HashSet<>();
    for (Case c : cases()) {
      assertThat(seen.add(c.name())).as("duplicate case name %s in %s", c.name(), c.file()).isTrue();
    }
  }

  @TestFactory
  Stream<DynamicTest> everyCaseIsRefusedCleanly() {
    return cases().stream().map(c -> DynamicTest.dynamicTest(c.file() + ": " + c.name(),
        () -> Assertions.assertTimeoutPreemptively(HANG, () -> check(c))));
  }

  private static void check(Case c) throws IOException {
    Path dir = Files.createTempDirectory("lbsim-bad-");
    try {
      writeFiles(c, dir);
      Path out = dir.resolve("out");
      List<String> args = new ArrayList<>();
      for (String a : c.args()) {
        args.add(a.replace("{dir}", dir.toString()));
      }
      if (!args.isEmpty() && WITH_OUT.contains(args.get(0)) && !args.contains("--out")) {
        args.add("--out");
        args.add(out.toString());
      }
      Map<String, String> before = snapshot(dir);
      CliRunner.Outcome o = CliRunner.run(args.toArray(String[]::new));
      String shown = "args " + args + "\nstderr:\n" + o.err() + "\nstdout:\n" + o.out();
      assertThat(o.code()).as("exit code; " + shown).isEqualTo(c.exit());
      assertThat(o.err() + o.out()).as("no stack trace; " + shown).doesNotContain("\tat ")
          .doesNotContain("internal error").doesNotContainPattern("\\w+(Exception|Error):");
      List<String> errors = o.err().lines().filter(l -> l.startsWith("error: ")).toList();
      assertThat(errors).as("error lines; " + shown).isNotEmpty()
          .anySatisfy(l -> assertThat(l).containsPattern(c.error()));
      assertThat(errors).as("each error is one readable line; " + shown)
          .allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(600));
      Map<String, String> after = snapshot(dir);
      if (c.exit() == Errors.BAD_INPUT) {
        assertThat(after).as("a refused input changes no file; " + shown).isEqualTo(before);
      } else {
        before.keySet().removeIf(p -> p.startsWith("out/"));
        after.keySet().removeIf(p -> p.startsWith("out/"));
        assertThat(after).as("nothing outside the output folder changes; " + shown).isEqualTo(before);
      }
    } finally {
      deleteTree(dir);
    }
  }

  private static void writeFiles(Case c, Path dir) throws IOException {
    if (c.files() == null) {
      return;
    }
    Iterator<Map.Entry<String, JsonNode>> it = c.files().fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      Path f = dir.resolve(e.getKey());
      Files.createDirectories(f.getParent());
      JsonNode v = e.getValue();
      if (v.isObject()) {
        Files.writeString(f, v.get("line").asText().repeat(v.get("times").asInt()), StandardCharsets.UTF_8);
      } else {
        Files.writeString(f, v.asText().replace("{dir}", dir.toString()), StandardCharsets.UTF_8);
      }
    }
  }

  /** Every file and folder below {@code dir}, relative, with its size and modification time. */
  private static Map<String, String> snapshot(Path dir) throws IOException {
    Map<String, String> m = new TreeMap<>();
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.toList()) {
        if (p.equals(dir)) {
          continue;
        }
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
        String rel = dir.relativize(p).toString().replace('\\', '/') + (a.isDirectory() ? "/" : "");
        m.put(rel, a.isDirectory() ? "dir" : a.size() + " B, " + a.lastModifiedTime().toMillis());
      }
    }
    return m;
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
