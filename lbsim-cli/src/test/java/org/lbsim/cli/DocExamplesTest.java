package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.experiment.GridFile;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioReader;

/**
 * The docs run: every command of README.md, docs/*.md and docs/reproduction/*.md runs as a reader would type it.
 *
 * <p>Every fenced block names its language: {@code sh} (commands), {@code text} (output), {@code yaml}, {@code json},
 * {@code java} or {@code python}; an untagged block fails. Each page gets a fresh working folder holding a copy of the
 * repository's {@code scenarios/}, the files of {@link #FILES} and an {@code lbsim} launcher (as {@code ./lbsim} and
 * on the {@code PATH}) that runs this build's {@code org.lbsim.cli.Main} ({@link DocLauncher}); the page's {@code sh}
 * lines then run there through {@code bash -c}, verbatim and in page order, and must exit with 0. Pages are
 * independent, so they run at the same time, one per core ({@link #PAGES_AT_ONCE}); each command's test reports that
 * command's outcome, in page order. Exceptions are explicit: {@link #SHORT} runs a shorter variant of a command that
 * takes minutes, {@link #SKIP} lists what does not run here, with why. A command that starts with neither
 * {@code ./lbsim} nor {@code lbsim} (nor is a page's own Python script, below) and is in neither table fails the
 * test, so a new example cannot go stale unnoticed; so does a table entry whose command a page no longer shows.
 *
 * <p>An {@code sh} block followed by a {@code text} block of {@code error:} lines is an error example: its last
 * command must exit with 2 and print exactly those lines on standard error. A {@code yaml} block whose first line is
 * {@code # NAME.yaml} is that file: written into the working folder before the page's commands run (or, if the
 * repository has it, compared with it). Every {@code yaml} block is read by {@link ScenarioReader} (a grid, one with
 * {@code axes:}, by {@link GridFile}); a block a command runs is run by it too.
 *
 * <p>A {@code python} block whose first line is {@code # NAME.py} is that script, written into the working folder; a
 * command {@code python3 NAME.py} runs it where {@code python3} imports every module the script imports, and is
 * reported skipped (a JUnit assumption naming the module) where it does not. An {@code sh} block whose last command
 * is such a script, followed by a {@code text} block, shows its output: the script must print exactly that block.
 */
class DocExamplesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Set<String> TAGS = Set.of("sh", "text", "yaml", "json", "java", "python");
  private static final Pattern PYTHON_SCRIPT = Pattern.compile("python3 ([\\w.-]+\\.py)");
  private static final Pattern PYTHON_IMPORT = Pattern.compile("^(?:import|from) ([A-Za-z_]\\w*)", Pattern.MULTILINE);
  private static final String K4 = "--set topology.k=4 --set workload.size=64KiB";
  private static final String SPARK = "needs the Spark classpath that only the ./lbsim launcher adds after building"
      + " lbsim-spark; lbsim-spark's own tests run sweeps on local[2]";
  private static final String CLUSTER = "needs a Spark cluster";
  private static final String PLUGIN = "needs the plug-in jar that docs/extending.md, section 2, builds from the"
      + " reader's own sources; lbsim-examples' own tests load its plug-ins from their jar";
  private static final String BENCH = "a benchmark: needs lbsim-bench's jars and minutes of a quiet machine";
  private static final String HTSIM = "needs htsim (network access, a C++ build); the cross-check's record is docs/validation.md";
  private static final String TINY = "topology: {k: 4}\nworkload: {kind: permutation, size: 64KiB}\n";
  /** Pages whose commands run at the same time: one per core, at least two. */
  static final int PAGES_AT_ONCE = Math.max(2, Runtime.getRuntime().availableProcessors());

  /** A doc's command that runs as {@code runAs} here, and why. */
  record Variant(String runAs, String why) {}

  /** Commands that take minutes (page, command as shown) -> the variant run here. */
  static final Map<List<String>, Variant> SHORT = Map.ofEntries(
      shortVariant("README.md", "./lbsim run", "./lbsim run " + K4,
          "the default comparison's four runs on the 128-host fabric take about a minute"),
      shortVariant("README.md", "./lbsim recommend --set workload.kind=all-to-all",
          "./lbsim recommend --set workload.kind=all-to-all " + K4, "16 all-to-alls on the 128-host fabric take minutes"),
      shortVariant("README.md", "./lbsim run a.yaml b.yaml --out /tmp/res", "./lbsim run a.yaml b.yaml --out res",
          "/tmp is shared with every other build on the machine: the working folder instead"),
      shortVariant("README.md", "./lbsim reproduce queue-scaling --quick",
          "./lbsim reproduce queue-scaling --quick --seeds 1 --set topology.k=4", "about a minute; its sizes are its axis"),
      shortVariant("README.md", "./lbsim reproduce queue-model --quick",
          "./lbsim reproduce queue-model --quick --seeds 1 --set topology.k=4", "about a minute"),
      shortVariant("README.md", "./lbsim reproduce fig1 --quick", "./lbsim reproduce fig1 --quick " + K4, "about 4 minutes"),
      shortVariant("README.md", "./lbsim reproduce perm-bound", "./lbsim reproduce perm-bound " + K4, "about 30 s"),
      shortVariant("README.md", "./lbsim reproduce fig14 --quick",
          "./lbsim reproduce fig14 --quick --set topology.k=4 --set job.gpus=16", "minutes on 128 GPUs"),
      shortVariant("README.md", "./lbsim reproduce fig3 --quick", "./lbsim reproduce fig3 --quick --seeds 1 " + K4, "minutes"),
      shortVariant("README.md", "./lbsim reproduce fig13 --quick",
          "./lbsim reproduce fig13 --quick --seeds 1 --set topology.k=4", "about 50 s; its sizes are its axis"),
      shortVariant("README.md", "./lbsim reproduce link-overload",
          "./lbsim reproduce link-overload --seeds 1 --set topology.k=4", "about 25 s; its sizes are its axis"),
      shortVariant("README.md", "./lbsim reproduce sack-threshold --quick",
          "./lbsim reproduce sack-threshold --quick --seeds 1 " + K4, "minutes"),
      shortVariant("README.md", "./lbsim reproduce fig12 --quick", "./lbsim reproduce fig12 --quick --seeds 1 " + K4, "minutes"),
      shortVariant("docs/bench-collective.md", "./lbsim bench-collective --op all-reduce --sizes 1MiB:1GiB --lb ofan,ecmp",
          "./lbsim bench-collective --op all-reduce --sizes 1MiB:4MiB --lb ofan,ecmp --set topology.k=4",
          "sizes up to 1 GiB on 128 hosts take many minutes"),
      shortVariant("docs/recommend.md", "./lbsim recommend --set workload.kind=all-to-all",
          "./lbsim recommend --set workload.kind=all-to-all " + K4, "16 all-to-alls on the 128-host fabric take minutes"),
      shortVariant("docs/optimize.md", "./lbsim optimize --set workload.kind=all-to-all --include-ideal --threads 2 --out results/opt",
          "./lbsim optimize --set workload.kind=all-to-all --vary lb=ecmp,ofan,reps --include-ideal --threads 2"
              + " --out results/opt " + K4, "a budget of 300 all-to-alls on the 128-host fabric takes an hour"),
      shortVariant("docs/report.md", "./lbsim report results/default-comparison",
          "./lbsim run " + K4 + " >/dev/null && ./lbsim report results/default-comparison",
          "reads the default comparison's results: made first, shortened as README.md's ./lbsim run"),
      shortVariant("docs/report.md", "./lbsim report results/lb-vs-size --png",
          "./lbsim sweep scenarios/grids/lb-vs-size.yaml >/dev/null && ./lbsim report results/lb-vs-size --png",
          "reads the sweep of README.md's ./lbsim sweep scenarios/grids/lb-vs-size.yaml: made first"),
      shortVariant("docs/report.md", "./lbsim report results/reproduce-queue-scaling --out /tmp/qs.html",
          "./lbsim reproduce queue-scaling --quick --seeds 1 --set topology.k=4 >/dev/null"
              + " && ./lbsim report results/reproduce-queue-scaling --out qs.html",
          "reads reproduce queue-scaling's results: made first, shortened as in README.md; the page goes to the"
              + " working folder, not /tmp"));

  /** Commands that do not run here (page, command as shown) -> why. */
  static final Map<List<String>, String> SKIP = Map.ofEntries(
      skip("README.md", "mvn -B verify", "the whole build and test suite, of which this test is a part"),
      skip("README.md", "./lbsim sweep scenarios/grids/lb-vs-size.yaml --spark 'local[*]'",
          SPARK),
      skip("docs/spark.md", "./lbsim sweep scenarios/grids/lb-vs-size.yaml --spark 'local[*]'", SPARK),
      skip("docs/spark.md", "./lbsim sweep my-grid.yaml --spark 'local[4,3]' --out /data/results --set buffer.packets=200",
          SPARK + "; writes to /data"),
      skip("docs/spark.md", "./lbsim optimize my.yaml --vary lb=ecmp,ofan,reps --vary cc=dctcp,mswift --vary lr=sack"
          + " --spark 'local[2]'", SPARK + "; lbsim-spark's SparkOptimizeTest runs optimize on local[2]"),
      skip("docs/spark.md", "spark-submit --master yarn --deploy-mode client --class org.lbsim.spark.SparkOptimize"
          + " --num-executors 8 --executor-cores 16 lbsim-spark/target/lbsim-spark.jar study.yaml --budget 300 --threads 128"
          + " --out /shared/opt", CLUSTER),
      skip("docs/spark.md", "mvn -B -q -DskipTests -pl lbsim-spark -am package",
          "builds lbsim-spark, which the reactor builds after lbsim-cli"),
      skip("docs/spark.md", "spark-submit --master spark://master:7077 --class org.lbsim.spark.SparkSweep --executor-cores 16"
          + " --executor-memory 8g --conf spark.task.cpus=1 lbsim-spark/target/lbsim-spark.jar study.yaml --out /shared/results",
          CLUSTER),
      skip("docs/spark.md", "spark-submit --master yarn --deploy-mode client --class org.lbsim.spark.SparkSweep --num-executors 32"
          + " --executor-cores 16 --executor-memory 8g lbsim-spark/target/lbsim-spark.jar study.yaml", CLUSTER),
      skip("docs/spark.md", "spark-submit --master k8s://https://api.example:6443 --deploy-mode client --class"
          + " org.lbsim.spark.SparkSweep --conf spark.kubernetes.container.image=IMAGE --conf spark.executor.instances=32"
          + " --conf spark.executor.cores=16 --conf spark.kubernetes.executor.request.cores=16 --executor-memory 8g"
          + " --conf spark.driver.host=$(hostname -i) lbsim-spark/target/lbsim-spark.jar study.yaml", CLUSTER),
      skip("docs/extending.md", "javac --release 17 -cp lbsim-cli/target/lbsim.jar -d classes $(find src -name '*.java')", PLUGIN),
      skip("docs/extending.md", "mkdir -p classes/META-INF/services && echo my.pkg.MyPlugins >"
          + " classes/META-INF/services/org.lbsim.spi.DesignProvider", PLUGIN),
      skip("docs/extending.md", "jar cf plugins/my-designs.jar -C classes .", PLUGIN),
      skip("docs/extending.md", "./lbsim --plugins plugins list --verbose", PLUGIN),
      skip("docs/extending.md", "./lbsim --plugins plugins run my.yaml", PLUGIN),
      skip("docs/extending.md", "LBSIM_PLUGINS=plugins ./lbsim sweep grid.yaml", PLUGIN),
      skip("docs/extending.md", "./lbsim sweep grid.yaml --spark 'local[*]' --plugins plugins", PLUGIN + "; " + SPARK),
      skip("docs/input.md", "mvn -B -o -pl lbsim-core test -Dtest=InputFuzzTest -Dsurefire.failIfNoSpecifiedTests=false"
          + " -DargLine=\"-Dlbsim.fuzz.inputs=20000 -Dlbsim.fuzz.runs=300 -Dlbsim.fuzz.seed=7\"",
          "a long fuzz run of lbsim-core's own test, whose short form runs in every build"),
      skip("docs/optimize.md", "./lbsim optimize my.yaml --vary lb=ecmp,ofan,plb --vary cc=dctcp --vary lr=sack --spark 'local[2]'",
          SPARK + "; lbsim-spark's SparkOptimizeTest runs optimize on local[2]"),
      skip("docs/input.md", "mvn -B -o -pl lbsim-cli -am test -Dtest='GridFuzzTest,ChakraFuzzTest,CmRunFuzzTest'"
          + " -Dsurefire.failIfNoSpecifiedTests=false -DargLine=\"-Dlbsim.fuzz.inputs=20000 -Dlbsim.fuzz.runs=60"
          + " -Dlbsim.fuzz.seed=7\"", "a long fuzz run of lbsim-cli's own tests, whose short form runs in every build"),
      skip("docs/performance.md", "cp lbsim-cli/target/lbsim.jar before.jar; cp lbsim-bench/target/benchmarks.jar before-bench.jar",
          BENCH),
      skip("docs/performance.md", "lbsim-bench/run-cli-ab.sh 5 lbsim-bench/bar.yaml before.jar lbsim-cli/target/lbsim.jar", BENCH),
      skip("docs/performance.md", "lbsim-bench/run-identity.sh before.jar lbsim-cli/target/lbsim.jar", BENCH),
      skip("docs/timings.md", "lbsim-bench/run-doc-timings.sh", BENCH),
      skip("docs/performance.md", "taskset -c 1 java -cp lbsim-bench/target/benchmarks.jar org.lbsim.bench.AbCompare"
          + " 10 before-bench.jar lbsim-bench/target/benchmarks.jar --set workload.size=512KiB ata-128-2MiB", BENCH),
      skip("docs/validation.md", "git clone https://github.com/smcclure20/csg-htsim", HTSIM),
      skip("docs/validation.md", "cd csg-htsim && git checkout bb725a5", HTSIM),
      skip("docs/validation.md", "cd sim && make -j2 libhtsim.a && make -j2 -C datacenter", HTSIM),
      skip("docs/validation.md", "lbsim-bench/crosscheck/crosscheck.sh --htsim /path/to/csg-htsim", HTSIM),
      skip("docs/validation.md", "git clone https://github.com/ultraethernet/uet-htsim", HTSIM),
      skip("docs/validation.md", "cd uet-htsim && git checkout 40ccb05 && cd htsim/sim", HTSIM),
      skip("docs/validation.md", "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release", HTSIM),
      skip("docs/validation.md", "cmake --build build --parallel 2 --target htsim_uec htsim_roce htsim_hpcc htsim_eqds", HTSIM),
      skip("docs/validation.md", "lbsim-bench/crosscheck/crosscheck.sh --htsim /path/to/csg-htsim --cases"
          + " lbsim-bench/crosscheck/cases-cc-csg.txt --metrics cct,p50,p99", HTSIM),
      skip("docs/validation.md", "lbsim-bench/crosscheck/crosscheck.sh --htsim /path/to/uet-htsim --cases"
          + " lbsim-bench/crosscheck/cases-cc-uet.txt --metrics cct,p50,p99", HTSIM),
      skip("docs/validation.md", "lbsim-bench/crosscheck/crosscheck.sh --htsim /path/to/csg-htsim --cases"
          + " lbsim-bench/crosscheck/cases-lr-csg.txt --runs 5 --seeds 5 --metrics cct,p50,p99", HTSIM));

  /** Files the pages' commands name as the reader's own (my.yaml, grid.yaml, ...): a tiny scenario or grid each. */
  static final Map<String, String> FILES = Map.of(
      "my.yaml", TINY,
      "a.yaml", TINY,
      "b.yaml", TINY,
      "my-fabric.yaml", TINY,
      "a2a.yaml", "workload: {kind: all-to-all, size: 16KiB}\n",
      "ring.yaml", "workload: {kind: ring-allreduce, size: 64KiB}\n",
      "grid.yaml", "base: {topology: {k: 4}, workload: {kind: permutation, size: 64KiB}}\naxes: {lb: [ecmp, ofan]}\n");

  /** YAML blocks (page, first line) the reader cannot read here, and why. */
  static final Map<List<String>, String> YAML_SKIP = Map.of(
      List.of("docs/workloads.md", "workload: {kind: chakra, trace: traces/llama}   # traces/llama.0.et, traces/llama.1.et, ..."),
      "names a Chakra trace the reader records; ChakraRunCliTest runs traces end to end",
      List.of("docs/workloads.md", "topology: {k: 8}                  # 128 hosts"),
      "names a connection matrix shipped with htsim, not with lbsim; the cm placement tests read such files");

  @TempDir
  static Path dir;

  private static Map.Entry<List<String>, Variant> shortVariant(String page, String command, String runAs, String why) {
    return Map.entry(List.of(page, command), new Variant(runAs, why));
  }

  private static Map.Entry<List<String>, String> skip(String page, String command, String why) {
    return Map.entry(List.of(page, command), why);
  }

  /** A fenced block of a page: its language tag, the line its fence is on, its lines. */
  record Block(String page, int line, String tag, List<String> lines) {}

  /**
   * One command of an sh block: the page, the line, the command as shown, what error output it must print (or null),
   * what standard output it must print (or null).
   */
  record Command(String page, int line, String shown, String expectedErr, String expectedOut) {
    Command(String page, int line, String shown, String expectedErr) {
      this(page, line, shown, expectedErr, null);
    }
  }

  static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(ROOT.resolve("README.md"));
    for (String sub : List.of("docs", "docs/reproduction")) {
      try (Stream<Path> s = Files.list(ROOT.resolve(sub))) {
        s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
      }
    }
    return pages;
  }

  static String name(Path page) {
    return ROOT.relativize(page).toString();
  }

  static List<Block> blocks(Path page) throws IOException {
    List<Block> blocks = new ArrayList<>();
    List<String> lines = Files.readAllLines(page);
    for (int i = 0; i < lines.size(); i++) {
      String fence = lines.get(i).strip();
      if (fence.startsWith("```")) {
        int start = i;
        List<String> body = new ArrayList<>();
        while (++i < lines.size() && !lines.get(i).strip().startsWith("```")) {
          body.add(lines.get(i));
        }
        blocks.add(new Block(name(page), start + 1, fence.substring(3).strip(), body));
      }
    }
    return blocks;
  }

  static List<Command> commands(List<Block> blocks) {
    List<Command> commands = new ArrayList<>();
    for (int b = 0; b < blocks.size(); b++) {
      Block block = blocks.get(b);
      if (!block.tag().equals("sh")) {
        continue;
      }
      List<Command> mine = new ArrayList<>();
      for (int i = 0; i < block.lines().size(); i++) {
        int first = i;
        StringBuilder line = new StringBuilder(block.lines().get(i).strip());
        while (line.toString().endsWith("\\") && i + 1 < block.lines().size()) {
          line.setLength(line.length() - 1);
          line.append(' ').append(block.lines().get(++i).strip());
        }
        String shown = withoutComment(line.toString());
        if (!shown.isEmpty() && !shown.startsWith("#")) {
          mine.add(new Command(block.page(), block.line() + 1 + first, shown, null));
        }
      }
      Block next = b + 1 < blocks.size() ? blocks.get(b + 1) : null;
      if (next != null && next.tag().equals("text") && !mine.isEmpty()
          && next.lines().stream().allMatch(l -> l.startsWith("error: "))) {
        Command last = mine.remove(mine.size() - 1);
        mine.add(new Command(last.page(), last.line(), last.shown(), String.join("\n", next.lines())));
      } else if (next != null && next.tag().equals("text") && !mine.isEmpty()
          && PYTHON_SCRIPT.matcher(mine.get(mine.size() - 1).shown()).matches()) {
        Command last = mine.remove(mine.size() - 1);
        mine.add(new Command(last.page(), last.line(), last.shown(), null, String.join("\n", next.lines())));
      }
      commands.addAll(mine);
    }
    return commands;
  }

  /** The command without its trailing {@code # comment} and with single spaces: how the tables name it. */
  static String withoutComment(String line) {
    return line.replaceAll("\\s+", " ").replaceFirst(" #( .*)?$", "").strip();
  }

  static boolean runnable(String shown) {
    String c = shown.replaceFirst("^([A-Z_]+=\\S*\\s+)+", "").replaceFirst("^source <\\(", "");
    return c.startsWith("./lbsim ") || c.equals("./lbsim") || c.startsWith("lbsim ") || c.matches("mkdir -p [\\w/.-]+")
        || PYTHON_SCRIPT.matcher(c).matches();
  }

  @Test
  void everyBlockNamesItsLanguage() throws IOException {
    List<String> bad = new ArrayList<>();
    for (Path page : pages()) {
      for (Block b : blocks(page)) {
        if (!TAGS.contains(b.tag())) {
          bad.add(b.page() + ":" + b.line() + ": ```" + b.tag());
        }
      }
    }
    assertThat(bad).as("fenced blocks need one of " + TAGS).isEmpty();
  }

  @Test
  void everyCommandRunsOrIsInATable() throws IOException {
    List<String> bad = new ArrayList<>();
    Set<List<String>> shown = new java.util.HashSet<>();
    for (Path page : pages()) {
      for (Command c : commands(blocks(page))) {
        List<String> key = List.of(c.page(), c.shown());
        shown.add(key);
        if (!runnable(c.shown()) && !SKIP.containsKey(key) && !SHORT.containsKey(key)) {
          bad.add(c.page() + ":" + c.line() + ": " + c.shown());
        }
      }
    }
    assertThat(bad).as("commands that do not start with ./lbsim and are in no table").isEmpty();
    List<List<String>> stale = new ArrayList<>();
    Stream.concat(SHORT.keySet().stream(), SKIP.keySet().stream()).filter(k -> !shown.contains(k)).forEach(stale::add);
    assertThat(stale).as("table entries whose command no page shows any more").isEmpty();
  }

  /** One step of a page: its test's name and what it does. */
  record Step(String name, Executable body) {}

  @TestFactory
  Stream<DynamicNode> everyPageRunsInAFreshFolder() throws IOException, InterruptedException {
    DocLauncher launcher = DocLauncher.make(dir.resolve(".launcher"));
    ExecutorService pool = Executors.newFixedThreadPool(PAGES_AT_ONCE, r -> {
      Thread t = new Thread(r, "doc-page");
      t.setDaemon(true);
      return t;
    });
    List<DynamicNode> nodes = new ArrayList<>();
    for (Path page : pages()) {
      List<Block> blocks = blocks(page);
      List<Command> commands = commands(blocks);
      List<Block> yaml = blocks.stream().filter(b -> b.tag().equals("yaml")).toList();
      List<Block> python = blocks.stream().filter(b -> b.tag().equals("python") && fileName(b) != null).toList();
      if (commands.isEmpty() && yaml.isEmpty()) {
        continue;
      }
      String pageName = name(page);
      Path work = dir.resolve(pageName.replace('/', '_').replace(".md", ""));
      List<Step> steps = new ArrayList<>();
      steps.add(new Step("prepare " + work.getFileName(), () -> prepare(work, yaml, python, launcher)));
      for (Block b : yaml) {
        String file = fileName(b);
        boolean refused = file != null
            && commands.stream().anyMatch(c -> c.expectedErr() != null && c.shown().contains(file));
        steps.add(new Step(pageName + ":" + b.line() + " yaml", () -> readYaml(work, b, refused)));
      }
      for (Command c : commands) {
        steps.add(new Step(pageName + ":" + c.line() + " " + c.shown(), () -> run(work, c)));
      }
      List<CompletableFuture<Throwable>> outcomes = steps.stream().map(st -> new CompletableFuture<Throwable>()).toList();
      pool.execute(() -> {
        for (int i = 0; i < steps.size(); i++) {
          outcomes.get(i).complete(outcome(steps.get(i).body()));
        }
      });
      List<DynamicTest> tests = new ArrayList<>();
      for (int i = 0; i < steps.size(); i++) {
        CompletableFuture<Throwable> outcome = outcomes.get(i);
        tests.add(DynamicTest.dynamicTest(steps.get(i).name(), () -> {
          Throwable t = outcome.get();
          if (t != null) {
            throw t;
          }
        }));
      }
      nodes.add(DynamicContainer.dynamicContainer(pageName, tests));
    }
    pool.shutdown(); // the pages already handed to it still run
    return nodes.stream();
  }

  /** Runs a step: null when it passed, else what it threw. */
  private static Throwable outcome(Executable body) {
    try {
      body.execute();
      return null;
    } catch (Throwable t) {
      return t;
    }
  }

  private static void prepare(Path work, List<Block> yaml, List<Block> python, DocLauncher launcher)
      throws IOException {
    Files.createDirectories(work);
    copy(ROOT.resolve("scenarios"), work.resolve("scenarios"));
    for (Map.Entry<String, String> f : FILES.entrySet()) {
      Files.writeString(work.resolve(f.getKey()), f.getValue());
    }
    for (Block b : yaml) {
      String file = fileName(b);
      if (file != null && !Files.exists(ROOT.resolve(file))) {
        Path to = work.resolve(file);
        Files.createDirectories(to.getParent());
        Files.writeString(to, String.join("\n", b.lines()) + "\n");
      }
    }
    for (Block b : python) {
      Files.writeString(work.resolve(fileName(b)), String.join("\n", b.lines()) + "\n");
    }
    launcher.install(work);
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path t = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  /** The file a yaml or python block says it is ({@code # NAME.yaml}, {@code # NAME.py} on its first line), or null. */
  static String fileName(Block b) {
    if (b.lines().isEmpty()) {
      return null;
    }
    Matcher m = Pattern.compile("^#\\s*(\\S+\\.(?:ya?ml|py))\\b.*").matcher(b.lines().get(0));
    return m.matches() ? m.group(1) : null;
  }

  /** Reads the block as a scenario (or grid); one that an error example runs must be refused. */
  private static void readYaml(Path work, Block b, boolean refused) throws IOException {
    if (YAML_SKIP.containsKey(List.of(b.page(), b.lines().get(0)))) {
      return;
    }
    String file = fileName(b);
    Path path;
    if (file != null) {
      path = work.resolve(file);
      if (Files.exists(ROOT.resolve(file))) {
        assertThat(settings(Files.readAllLines(ROOT.resolve(file)))).as(b.page() + ":" + b.line() + " shows " + file)
            .containsSubsequence(settings(b.lines()));
      }
    } else {
      path = work.resolve("scenarios").resolve("doc-" + b.page().replaceAll("[/.]", "-") + "-" + b.line() + ".yaml");
      Files.writeString(path, String.join("\n", b.lines()) + "\n");
    }
    String text = Files.readString(path);
    if (refused) {
      assertThatThrownBy(() -> ScenarioReader.read(path, List.of())).isInstanceOf(ScenarioException.class);
    } else if (text.matches("(?s)(.*\\n)?axes:.*")) {
      GridFile.read(path);
    } else {
      ScenarioReader.read(path, List.of());
    }
  }

  /** The lines without their comments, blank ones left out. */
  private static List<String> settings(List<String> lines) {
    return lines.stream().map(l -> l.replaceFirst("\\s*#.*$", "")).filter(l -> !l.isBlank()).toList();
  }

  private static void run(Path work, Command c) throws IOException, InterruptedException {
    List<String> key = List.of(c.page(), c.shown());
    String line = SHORT.containsKey(key) ? SHORT.get(key).runAs() : c.shown();
    if (SKIP.containsKey(key)) {
      return;
    }
    Matcher script = PYTHON_SCRIPT.matcher(line);
    if (script.matches()) {
      assumeImports(work, script.group(1));
    }
    ProcessBuilder pb = new ProcessBuilder("bash", "-c", "set -o pipefail; " + line).directory(work.toFile());
    pb.environment().put("PATH", work + ":" + System.getenv("PATH"));
    pb.environment().put("HOME", work.toString());
    pb.environment().remove("LBSIM_PLUGINS");
    Path out = work.resolve(".out");
    Path err = work.resolve(".err");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(300, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(c.page() + ":" + c.line() + ": still running after 300 s: " + line);
    }
    String stderr = Files.readString(err, StandardCharsets.UTF_8);
    int expected = c.expectedErr() == null ? 0 : 2;
    assertThat(p.exitValue()).as(c.page() + ":" + c.line() + ": " + line + "\n" + stderr).isEqualTo(expected);
    if (c.expectedErr() != null) {
      assertThat(stderr.strip()).as(c.page() + ":" + c.line() + ": " + line).isEqualTo(c.expectedErr().strip());
    }
    if (c.expectedOut() != null) {
      assertThat(Files.readString(out, StandardCharsets.UTF_8).strip())
          .as(c.page() + ":" + c.line() + ": " + line + " prints the text block after it (if the results it reads"
              + " changed, the page shows their new output)")
          .isEqualTo(c.expectedOut().strip());
    }
  }

  /** Skips (a JUnit assumption) a script whose modules {@code python3} cannot import here, naming the first such. */
  private static void assumeImports(Path work, String script) throws IOException, InterruptedException {
    Matcher m = PYTHON_IMPORT.matcher(Files.readString(work.resolve(script)));
    LinkedHashSet<String> modules = new LinkedHashSet<>();
    while (m.find()) {
      modules.add(m.group(1));
    }
    for (String module : modules) {
      boolean imports;
      try {
        ProcessBuilder pb = new ProcessBuilder("python3", "-c", "import " + module).directory(work.toFile())
            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("HOME", work.toString()); // as the script runs
        Process p = pb.start();
        imports = p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        p.destroyForcibly();
      } catch (IOException e) {
        imports = false; // no python3 on the PATH
      }
      Assumptions.assumeTrue(imports, () -> script + " needs the Python module " + module
          + ", which python3 cannot import here (python3 -m pip install " + module + "; .ci/run installs it)");
    }
  }
}
