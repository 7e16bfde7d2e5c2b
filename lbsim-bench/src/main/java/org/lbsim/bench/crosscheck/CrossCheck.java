package org.lbsim.bench.crosscheck;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The cross-check harness: runs every case of a case list on lbsim and on a built htsim, one
 * simulation at a time, and prints one table (docs/validation.md). Without {@code --htsim} it
 * says how to build the reference simulator and runs nothing.
 *
 * <pre>
 * lbsim-bench/crosscheck/crosscheck.sh [--htsim DIR] [--cases FILE] [--runs N] [--seeds N]
 *     [--only REGEX] [--metrics cct,p50,p99,trims,rtx] [--out DIR] [--lbsim PATH] [--fresh] [--timeout-s S]
 * </pre>
 */
public final class CrossCheck {
  static final String HOW_TO_BUILD = """
      No htsim given (--htsim DIR), so nothing was run.

      The cases compare lbsim with the study's own simulator, csg-htsim
      (https://github.com/smcclure20/csg-htsim, checked at commit bb725a5). Build it in a folder
      of your own, outside this repository:

        git clone https://github.com/smcclure20/csg-htsim
        cd csg-htsim && git checkout bb725a5
        cd sim && make -j2 libhtsim.a && make -j2 -C datacenter

      (if git cannot check out some large connection matrices, `git checkout HEAD -- sim` gets
      everything the build needs; the build takes about 2 minutes on 2 cores). Then pass the
      clone, or its sim/datacenter folder, which holds the drivers (htsim_consterase, ...):

        lbsim-bench/crosscheck/crosscheck.sh --htsim /path/to/csg-htsim

      csg-htsim seeds itself from the wall clock, so each of its runs starts in a new second;
      see docs/validation.md for the cases, the table and what differs.

      The congestion-control cases of uet-htsim (--cases lbsim-bench/crosscheck/cases-cc-uet.txt)
      need it built (https://github.com/ultraethernet/uet-htsim, checked at commit 40ccb05):

        git clone https://github.com/ultraethernet/uet-htsim
        cd uet-htsim && git checkout 40ccb05 && cd htsim/sim
        cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
        cmake --build build --parallel 2 --target htsim_uec htsim_roce htsim_hpcc htsim_eqds

      and --htsim /path/to/uet-htsim (its drivers are in htsim/sim/build/datacenter).
      """;

  private CrossCheck() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the harness; returns the exit status (0 done, or nothing to do; 2 bad input). */
  static int run(String[] args, PrintStream out, PrintStream err) throws IOException, InterruptedException {
    Options o;
    try {
      o = Options.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return 2;
    }
    if (o.htsim == null) {
      out.print(HOW_TO_BUILD);
      return 0;
    }
    Path drivers = driverFolder(o.htsim);
    if (drivers == null) {
      err.println("error: --htsim " + o.htsim + ": neither it, its sim/datacenter nor its htsim/sim/build/datacenter holds an htsim_* driver");
      return 2;
    }
    List<CrossCase> cases;
    try {
      cases = CaseFile.parse(Files.readAllLines(o.cases, StandardCharsets.UTF_8), Map.of("repo", o.repo.toString()));
    } catch (IOException e) {
      err.println("error: --cases " + o.cases + ": cannot read it (" + e.getMessage() + ")");
      return 2;
    } catch (IllegalArgumentException e) {
      err.println("error: " + o.cases + ": " + e.getMessage());
      return 2;
    }
    List<CrossCase> chosen = cases.stream().filter(c -> o.only == null || o.only.matcher(c.name()).find()).toList();
    if (chosen.isEmpty()) {
      err.println("error: no case of " + o.cases + " matches --only " + o.only);
      return 2;
    }
    Runner runner = new Runner(o.repo, List.of(o.lbsim.toString()), drivers, o.out, o.fresh, o.timeoutSeconds, err);
    List<CaseRow> rows = new ArrayList<>();
    for (CrossCase c : chosen) {
      rows.add(new CaseRow(c.name(), runner.lbsim(c, o.seeds), runner.htsim(c, o.runs)));
    }
    out.println("lbsim: " + o.lbsim + " (seeds 1-" + o.seeds + "); htsim: " + drivers + " (" + o.runs
        + " runs each, seeds 1-" + o.runs + " where the driver takes one, else by the clock); results under " + o.out);
    out.print(Table.format(rows, o.metrics));
    return 0;
  }

  /**
   * The folder holding the drivers: DIR itself, DIR/sim/datacenter of a csg-htsim clone, or
   * DIR/htsim/sim/build/datacenter of a uet-htsim clone built with CMake.
   */
  static Path driverFolder(Path dir) throws IOException {
    for (Path candidate : List.of(dir, dir.resolve("sim").resolve("datacenter"),
        dir.resolve("htsim").resolve("sim").resolve("build").resolve("datacenter"))) {
      if (Files.isDirectory(candidate)) {
        try (var files = Files.list(candidate)) {
          if (files.anyMatch(f -> f.getFileName().toString().startsWith("htsim_") && Files.isExecutable(f))) {
            return candidate;
          }
        }
      }
    }
    return null;
  }

  /** The command line. */
  static final class Options {
    Path htsim;
    Path repo = Path.of("").toAbsolutePath();
    Path cases;
    Path out;
    Path lbsim;
    int runs = 5;
    int seeds = 5;
    Pattern only;
    List<Metric> metrics = List.of(Metric.CCT);
    boolean fresh;
    long timeoutSeconds = 600;

    static Options parse(String[] args) {
      Options o = new Options();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        if (a.equals("--fresh")) {
          o.fresh = true;
          continue;
        }
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException(a.startsWith("--") ? a + ": expected a value after it" : "unexpected argument '" + a + "'");
        }
        String v = args[++i];
        switch (a) {
          case "--htsim" -> o.htsim = Path.of(v).toAbsolutePath();
          case "--repo" -> o.repo = Path.of(v).toAbsolutePath();
          case "--cases" -> o.cases = Path.of(v).toAbsolutePath();
          case "--out" -> o.out = Path.of(v).toAbsolutePath();
          case "--lbsim" -> o.lbsim = Path.of(v).toAbsolutePath();
          case "--runs" -> o.runs = positive(a, v);
          case "--seeds" -> o.seeds = positive(a, v);
          case "--timeout-s" -> o.timeoutSeconds = positive(a, v);
          case "--metrics" -> o.metrics = Metric.parseList(v);
          case "--only" -> {
            try {
              o.only = Pattern.compile(v);
            } catch (PatternSyntaxException e) {
              throw new IllegalArgumentException("--only: '" + v + "' is not a regular expression");
            }
          }
          default -> throw new IllegalArgumentException("unknown option '" + a + "' (known: --htsim, --cases, "
              + "--runs, --seeds, --only, --metrics, --out, --lbsim, --repo, --fresh, --timeout-s)");
        }
      }
      if (o.cases == null) {
        o.cases = o.repo.resolve("lbsim-bench/crosscheck/cases-csg-htsim.txt");
      }
      if (o.out == null) {
        o.out = o.repo.resolve("results/crosscheck");
      }
      if (o.lbsim == null) {
        o.lbsim = o.repo.resolve("lbsim");
      }
      return o;
    }

    private static int positive(String option, String value) {
      try {
        int n = Integer.parseInt(value);
        if (n >= 1) {
          return n;
        }
      } catch (NumberFormatException e) {
        // refused below
      }
      throw new IllegalArgumentException(option + ": expected a whole number of at least 1, got '" + value + "'");
    }
  }
}
