package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The times the docs quote come from {@code lbsim-bench/run-doc-timings.sh}, never from a hand: every duration in
 * README.md and docs/ (a number followed by s, min or h, or their words) lies in a
 * {@code <!-- timing:ID -->VALUE<!-- /timing -->} span whose VALUE is the median wall time of row ID of
 * {@code docs/timings.md} ({@code <!-- timing:ID:cpu -->}: its median CPU time), and that table holds exactly the
 * rows of {@code lbsim-bench/doc-timings.tsv}, so a changed command list needs the script run again. The exceptions
 * are explicit: {@link #RECORD_PAGES}, whose every figure is a measured record with its machine and command, and
 * {@link #TYPED}, a phrase per duration that is a setting or a quoted record, with why. A table entry whose phrase a
 * page no longer shows fails too. Nothing here measures a time.
 */
class DocTimingsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern SPAN = Pattern.compile("<!-- timing:([a-z0-9-]+)(:cpu)? -->(.*?)<!-- /timing -->");
  private static final Pattern DURATION = Pattern.compile(
      "(?<![\\w.,])\\d+(?:[.,]\\d+)*(?:\\s?[–-]\\s?\\d+(?:[.,]\\d+)*)?\\s?(?:s|sec|seconds?|min|minutes?|h|hours?)\\b");
  private static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9-]+)` \\| `(.*)` \\| (\\d+) \\| ([^|]+) \\| [^|]+ \\| ([^|]+) \\|.*");
  private static final String RECORD = "a measured record, not a command's expected time: ";

  /** Pages whose times are all records of measured runs, each with its machine, load and command, and why. */
  static final Map<String, String> RECORD_PAGES = Map.of(
      "docs/performance.md", "benchmarks: every figure names its tool, its command and the machine of its Machine table",
      "docs/reproduction/", "each preset's measured runs, with the machine and its load, beside the numbers they produced");

  /** Typed durations elsewhere (page, a phrase holding them) and why each stays typed. */
  static final Map<List<String>, String> TYPED = Map.ofEntries(
      typed("README.md", "a run that takes longer than 10 s prints a line every 10 s", "the progress interval: a rule of the command"),
      typed("docs/input.md", "An input still being read after 60 s fails the test as a hang", "a test's hang limit: a setting"),
      typed("docs/report.md", "killed after 60 s", "a test's limit: a setting"),
      typed("docs/congestion-control.md", "2,376 runs, every flow finished, 1,666 s on one thread",
          RECORD + "run-liveness.sh's run named in the same sentence"),
      typed("docs/optimize.md", "(23 runs: 14.0 s against 6.1 s", RECORD + "Spark's start beside the thread pool, one comparison"),
      typed("docs/optimize.md", "144 runs, 81 s", RECORD + "run-optimize-vs-grid.sh, machine and load named above the table"),
      typed("docs/optimize.md", "22 runs, 11 s", RECORD + "run-optimize-vs-grid.sh, machine and load named above the table"),
      typed("docs/optimize.md", "132 runs, 85 s", RECORD + "run-optimize-vs-grid.sh, machine and load named above the table"),
      typed("docs/optimize.md", "297 runs, 191 s", RECORD + "run-optimize-vs-grid.sh, machine and load named above the table"),
      typed("docs/spark.md", "in 29.0 s against G1's 42.9 s", RECORD + "docs/performance.md, \"Sweeps\""),
      typed("docs/spark.md", "14.0 s on `local[2]` and 6.1 s in the local thread pool", RECORD + "one comparison of the two"),
      typed("docs/planes.md", "about 4.3 min of CPU and a 4 MiB permutation 12–13 min", RECORD + "docs/performance.md, quoted"),
      typed("docs/reference-profile.md", "user time 46.6–56.2 s", RECORD + "the A/B pairs of the same paragraph"),
      typed("docs/reference-profile.md", "against 46.7–53.1 s", RECORD + "the A/B pairs of the same paragraph"),
      typed("docs/training.md", "about 45 min and 4.3 GB", RECORD + "docs/reproduction/fig14.md, quoted"),
      typed("docs/validation.md", "about 2 minutes on 2 cores", RECORD + "htsim's build, which needs network access and a C++ toolchain"),
      typed("docs/validation.md", "took about 41 minutes", RECORD + "the cross-check run the paragraph describes"),
      typed("docs/validation.md", "150 s of wall time", RECORD + "one htsim run that did not advance"));

  private static Map.Entry<List<String>, String> typed(String page, String phrase, String why) {
    return Map.entry(List.of(page, phrase), why);
  }

  /** A row of docs/timings.md: its command, median wall time and median CPU time. */
  record Timing(String command, String wall, String cpu) {}

  static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> s = Files.walk(ROOT.resolve("docs"))) {
      s.filter(p -> p.toString().endsWith(".md") && !p.equals(ROOT.resolve("docs/timings.md"))).sorted().forEach(pages::add);
    }
    return pages;
  }

  static Map<String, Timing> table() throws IOException {
    Map<String, Timing> rows = new LinkedHashMap<>();
    for (String line : Files.readAllLines(ROOT.resolve("docs/timings.md"))) {
      Matcher m = ROW.matcher(line);
      if (m.matches()) {
        rows.put(m.group(1), new Timing(m.group(2), m.group(4).strip(), m.group(5).strip()));
      }
    }
    return rows;
  }

  private static String name(Path page) {
    return ROOT.relativize(page).toString();
  }

  @Test
  void theTableHoldsEveryCommandOfTheList() throws IOException {
    Map<String, String> listed = new LinkedHashMap<>();
    for (String line : Files.readAllLines(ROOT.resolve("lbsim-bench/doc-timings.tsv"))) {
      if (!line.isBlank() && !line.startsWith("#")) {
        String[] f = line.split("\t");
        listed.put(f[0], f[2]);
      }
    }
    Map<String, String> measured = new LinkedHashMap<>();
    table().forEach((id, t) -> measured.put(id, t.command()));
    assertThat(measured).as("docs/timings.md against lbsim-bench/doc-timings.tsv: run lbsim-bench/run-doc-timings.sh")
        .containsExactlyEntriesOf(listed);
  }

  @Test
  void everySpanQuotesTheTable() throws IOException {
    Map<String, Timing> table = table();
    List<String> bad = new ArrayList<>();
    for (Path page : pages()) {
      Matcher m = SPAN.matcher(Files.readString(page));
      while (m.find()) {
        Timing t = table.get(m.group(1));
        String want = t == null ? null : m.group(2) == null ? t.wall() : t.cpu();
        if (!m.group(3).equals(want)) {
          bad.add(name(page) + ": " + m.group() + (want == null ? ": no such row" : ": the table says " + want));
        }
      }
    }
    assertThat(bad).as("spans that differ from docs/timings.md (lbsim-bench/run-doc-timings.sh rewrites them)").isEmpty();
  }

  @Test
  void noTimeIsTyped() throws IOException {
    List<String> typed = new ArrayList<>();
    List<List<String>> shown = new ArrayList<>();
    for (Path page : pages()) {
      String pageName = name(page);
      if (RECORD_PAGES.keySet().stream().anyMatch(pageName::startsWith)) {
        continue;
      }
      String text = SPAN.matcher(Files.readString(page)).replaceAll("");
      List<int[]> allowed = new ArrayList<>();
      for (List<String> key : TYPED.keySet()) {
        if (key.get(0).equals(pageName)) {
          for (int at = text.indexOf(key.get(1)); at >= 0; at = text.indexOf(key.get(1), at + 1)) {
            allowed.add(new int[] {at, at + key.get(1).length()});
            shown.add(key);
          }
        }
      }
      Matcher m = DURATION.matcher(text);
      while (m.find()) {
        int start = m.start();
        int end = m.end();
        if (allowed.stream().noneMatch(a -> a[0] <= start && end <= a[1])) {
          int line = (int) text.substring(0, start).chars().filter(c -> c == '\n').count() + 1;
          typed.add(pageName + ":" + line + ": " + m.group());
        }
      }
    }
    assertThat(typed).as("times typed outside a <!-- timing:ID --> span (add the command to lbsim-bench/doc-timings.tsv"
        + " and run lbsim-bench/run-doc-timings.sh)").isEmpty();
    List<List<String>> stale = TYPED.keySet().stream().filter(k -> !shown.contains(k)).toList();
    assertThat(stale).as("TYPED entries whose phrase no page shows any more").isEmpty();
    for (List<String> key : TYPED.keySet()) {
      assertThat(DURATION.matcher(key.get(1)).find()).as("TYPED entry without a duration: " + key).isTrue();
    }
  }
}
