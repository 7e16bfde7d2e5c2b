package org.lbsim.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes {@code docs/timings.md} from the measurements of {@code run-doc-timings.sh} and rewrites
 * every {@code <!-- timing:ID -->VALUE<!-- /timing -->} span of README.md and docs/ (recursively)
 * with the row's median wall time, or its median CPU time for {@code <!-- timing:ID:cpu -->}. A
 * span naming no row stops it before anything is written.
 *
 * <pre>java DocTimings.java LIST RAW MACHINE ROOT</pre>
 * LIST is {@code doc-timings.tsv} (id, runs, command, what); RAW holds one line per run (id, run,
 * wall s, CPU s, load average before); MACHINE holds {@code key=value} lines (cpu, vcpus, virtual,
 * memory_kb, kernel, jdk, commit, date, and max_load and wait when runs waited for a quiet machine).
 */
public final class DocTimings {
  /** A span the script fills: the row's id, {@code :cpu} for its CPU time, then its value. */
  static final Pattern SPAN = Pattern.compile("<!-- timing:([a-z0-9-]+)(:cpu)? -->(.*?)<!-- /timing -->");

  private DocTimings() {}

  /** One row of the list with its runs' measurements. */
  record Row(String id, String command, String what, List<Double> walls, List<Double> cpus, List<Double> loads) {
    String wall() {
      return duration(median(walls));
    }

    String cpu() {
      return duration(median(cpus));
    }
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 4) {
      System.err.println("usage: java DocTimings.java LIST RAW MACHINE ROOT");
      System.exit(2);
    }
    Map<String, Row> rows = rows(Path.of(args[0]), Path.of(args[1]));
    Map<String, String> machine = machine(Path.of(args[2]));
    Path root = Path.of(args[3]);
    List<Path> pages = pages(root);
    List<String> unknown = new ArrayList<>();
    for (Path p : pages) {
      Matcher m = SPAN.matcher(Files.readString(p));
      while (m.find()) {
        if (!rows.containsKey(m.group(1))) {
          unknown.add(root.relativize(p) + ": timing:" + m.group(1));
        }
      }
    }
    if (!unknown.isEmpty()) {
      unknown.forEach(u -> System.err.println("error: " + u + " names no row of " + args[0]));
      System.exit(1);
    }
    Files.writeString(root.resolve("docs/timings.md"), page(rows, machine));
    for (Path p : pages) {
      String text = Files.readString(p);
      String filled = SPAN.matcher(text).replaceAll(m -> Matcher.quoteReplacement(span(m, rows)));
      if (!filled.equals(text)) {
        Files.writeString(p, filled);
        System.out.println("rewrote the timings of " + root.relativize(p));
      }
    }
    System.out.println("wrote docs/timings.md");
  }

  private static String span(MatchResult m, Map<String, Row> rows) {
    Row r = rows.get(m.group(1));
    String value = m.group(2) == null ? r.wall() : r.cpu();
    return "<!-- timing:" + m.group(1) + (m.group(2) == null ? "" : m.group(2)) + " -->" + value + "<!-- /timing -->";
  }

  static Map<String, Row> rows(Path list, Path raw) throws IOException {
    Map<String, Row> rows = new LinkedHashMap<>();
    for (String line : Files.readAllLines(list)) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t");
      rows.put(f[0], new Row(f[0], f[2], f[3], new ArrayList<>(), new ArrayList<>(), new ArrayList<>()));
    }
    for (String line : Files.readAllLines(raw)) {
      String[] f = line.split("\t");
      Row r = rows.get(f[0]);
      r.walls().add(Double.parseDouble(f[2]));
      r.cpus().add(Double.parseDouble(f[3]));
      r.loads().add(Double.parseDouble(f[4]));
    }
    for (Row r : rows.values()) {
      if (r.walls().isEmpty()) {
        throw new IllegalStateException("no measurement of " + r.id());
      }
    }
    return rows;
  }

  static Map<String, String> machine(Path file) throws IOException {
    Map<String, String> m = new LinkedHashMap<>();
    for (String line : Files.readAllLines(file)) {
      int eq = line.indexOf('=');
      m.put(line.substring(0, eq), line.substring(eq + 1).strip());
    }
    return m;
  }

  /** README.md and every page under docs/, timings.md (which this writes) left out. */
  static List<Path> pages(Path root) throws IOException {
    List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
    try (Stream<Path> s = Files.walk(root.resolve("docs"))) {
      s.filter(p -> p.toString().endsWith(".md") && !p.endsWith(Path.of("docs/timings.md"))).sorted().forEach(pages::add);
    }
    return pages;
  }

  static String page(Map<String, Row> rows, Map<String, String> machine) {
    StringBuilder sb = new StringBuilder();
    sb.append("# Timings\n\n")
        .append("<!-- Generated by lbsim-bench/run-doc-timings.sh from lbsim-bench/doc-timings.tsv: do not edit; rerun it. -->\n\n")
        .append("The wall times the other pages quote, measured: `lbsim-bench/run-doc-timings.sh` runs every command\n")
        .append("of `lbsim-bench/doc-timings.tsv` as a reader runs it (a whole process through `./lbsim`, each run in\n")
        .append("a fresh folder holding a copy of `scenarios/` and `my.yaml`, a 16-host permutation of 64 KiB),\n")
        .append("after the jar and its class-data archive were built, and writes this page. The pages quote its\n")
        .append("values in `<!-- timing:ID -->` spans, which the script rewrites; `DocTimingsTest` fails on a\n")
        .append("span that differs from this table and on a time typed elsewhere that is not one of its reviewed\n")
        .append("records (a benchmark's or a preset's measured run, with its machine and load).\n\n")
        .append("```sh\nlbsim-bench/run-doc-timings.sh\n```\n\n")
        .append("Measured ").append(machine.get("date")).append(" on one machine: CPU `").append(machine.get("cpu"))
        .append("`, ").append(machine.get("vcpus")).append(" vCPUs")
        .append("yes".equals(machine.get("virtual")) ? " (a virtual machine)" : "")
        .append(", ").append(String.format(Locale.ROOT, "%.1f GiB", Long.parseLong(machine.get("memory_kb")) / 1048576.0))
        .append(" of memory, ").append(machine.get("kernel")).append(", ").append(machine.get("jdk"))
        .append("; lbsim ").append(machine.get("commit")).append(".\n")
        .append("Runs go one at a time")
        .append(machine.containsKey("max_load") ? ", each after waiting up to " + machine.get("wait") + " s for the load average to fall below "
            + machine.get("max_load") : "")
        .append("; the load average before each says how busy the machine was (a load at or\n")
        .append("above its ").append(machine.get("vcpus")).append(" vCPUs means other work shared its cores, and times run longer).\n\n")
        .append("| id | command | runs | wall, median | wall, range | CPU, median | load before | what |\n")
        .append("|---|---|---:|---:|---|---:|---|---|\n");
    for (Row r : rows.values()) {
      sb.append("| `").append(r.id()).append("` | `").append(r.command()).append("` | ").append(r.walls().size())
          .append(" | ").append(r.wall()).append(" | ")
          .append(r.walls().size() == 1 ? "-" : duration(min(r.walls())) + " – " + duration(max(r.walls())))
          .append(" | ").append(r.cpu()).append(" | ").append(range(r.loads())).append(" | ").append(r.what())
          .append(" |\n");
    }
    return sb.toString();
  }

  /** A duration as the pages write it: 0.6 s, 15 s, 1 min 32 s, 1 h 6 min. */
  static String duration(double s) {
    if (s < 9.95) {
      return String.format(Locale.ROOT, "%.1f s", s);
    }
    long r = Math.round(s);
    if (r < 60) {
      return r + " s";
    }
    if (r < 3600) {
      return r / 60 + " min" + (r % 60 == 0 ? "" : " " + r % 60 + " s");
    }
    long m = Math.round(s / 60);
    return m / 60 + " h" + (m % 60 == 0 ? "" : " " + m % 60 + " min");
  }

  private static String range(List<Double> loads) {
    String lo = String.format(Locale.ROOT, "%.1f", min(loads));
    String hi = String.format(Locale.ROOT, "%.1f", max(loads));
    return lo.equals(hi) ? lo : lo + "–" + hi;
  }

  static double median(List<Double> v) {
    List<Double> s = v.stream().sorted().toList();
    int n = s.size();
    return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }

  private static double min(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
  }

  private static double max(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
  }
}
