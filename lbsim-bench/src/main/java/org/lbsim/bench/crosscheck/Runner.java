package org.lbsim.bench.crosscheck;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the two sides of a case one simulation at a time. lbsim runs seeds 1..N. A driver that
 * takes a seed flag runs with seeds 1..N too; one that seeds its random numbers from the wall
 * clock in whole seconds (csg-htsim) starts every run in a later second than the one before it
 * (runs started in the same second would repeat each other). A driver that reports on standard
 * output is read from its run's log.
 *
 * <p>Each run keeps its command next to its output ({@code .cmd}); a run whose command is
 * unchanged and whose output is there is read back instead of run again, unless {@code fresh}.
 */
final class Runner {
  private final Path repo;
  private final List<String> lbsim;
  private final Path drivers;
  private final Path out;
  private final boolean fresh;
  private final long timeoutSeconds;
  private final PrintStream log;
  private long lastHtsimSecond = -1;

  Runner(Path repo, List<String> lbsim, Path drivers, Path out, boolean fresh, long timeoutSeconds, PrintStream log) {
    this.repo = repo;
    this.lbsim = List.copyOf(lbsim);
    this.drivers = drivers;
    this.out = out;
    this.fresh = fresh;
    this.timeoutSeconds = timeoutSeconds;
    this.log = log;
  }

  SideRuns lbsim(CrossCase c, int seeds) throws IOException, InterruptedException {
    Path dir = out.resolve(c.name()).resolve("lbsim");
    Files.createDirectories(dir);
    List<RunResult> results = new ArrayList<>();
    int failed = 0;
    for (int seed = 1; seed <= seeds; seed++) {
      String run = "seed" + seed;
      List<String> cmd = new ArrayList<>(lbsim);
      cmd.addAll(List.of("run", c.scenario(), "--set", "seed=" + seed, "--set", "name=" + run));
      for (String s : c.lbsimSets()) {
        cmd.addAll(List.of("--set", s));
      }
      cmd.addAll(List.of("--out", dir.toString(), "--overwrite", "--threads", "1"));
      Path flows = dir.resolve(run).resolve("flows.csv");
      // exit 3: the run ended with flows unfinished at run.limit_ms, which the table reports
      RunResult r = runOnce(c, "lbsim " + run, cmd, repo, dir.resolve(run + ".cmd"), dir.resolve(run + ".log"), flows,
          status -> status == 0 || status == 3, false,
          c.times() == CrossCase.Times.FINISH ? FlowLogs::lbsimFinish : FlowLogs::lbsim);
      if (r == null) {
        failed++;
      } else {
        Path summary = dir.resolve(run).resolve("summary.json");
        results.add(FlowLogs.withLbsimCounts(r, Files.readAllLines(flows, StandardCharsets.UTF_8),
            Files.isRegularFile(summary) ? Files.readString(summary, StandardCharsets.UTF_8) : ""));
      }
    }
    return new SideRuns(results, failed);
  }

  SideRuns htsim(CrossCase c, int runs) throws IOException, InterruptedException {
    Path dir = out.resolve(c.name()).resolve("htsim");
    Files.createDirectories(dir);
    Path driver = drivers.resolve(c.driver());
    if (!Files.isExecutable(driver)) {
      log.println("error: " + c.name() + ": no htsim driver " + driver + " (build it first)");
      return new SideRuns(List.of(), runs);
    }
    boolean flowLog = c.output() == CrossCase.HtsimOutput.FLOW_LOG;
    for (String own : flowLog ? List.of("-of") : List.<String>of()) {
      if (c.htsimFlags().contains(own)) {
        log.println("error: " + c.name() + ": the harness sets " + own + " itself; remove it from the case");
        return new SideRuns(List.of(), runs);
      }
    }
    if (c.seedFlag() != null && c.htsimFlags().contains(c.seedFlag())) {
      log.println("error: " + c.name() + ": the harness sets " + c.seedFlag() + " itself (run i gets seed i); remove it from the case");
      return new SideRuns(List.of(), runs);
    }
    Integer flows = null;
    if (!flowLog) {
      flows = matrixConnections(c);
      if (flows == null) {
        return new SideRuns(List.of(), runs);
      }
    }
    List<RunResult> results = new ArrayList<>();
    int failed = 0;
    for (int i = 1; i <= runs; i++) {
      String run = "run" + i;
      Path logFile = dir.resolve(run + ".log");
      Path output = flowLog ? dir.resolve(run + ".csv") : logFile;
      List<String> cmd = new ArrayList<>();
      cmd.add(driver.toString());
      cmd.addAll(c.htsimFlags());
      if (c.seedFlag() != null) {
        cmd.addAll(List.of(c.seedFlag(), Integer.toString(i)));
      }
      if (flowLog) {
        cmd.addAll(List.of("-of", output.toString()));
      }
      int connections = flows == null ? 0 : flows;
      Reader reader = flowLog ? FlowLogs::htsim : lines -> FlowLogs.htsimStdout(lines, connections);
      RunResult r = runOnce(c, "htsim " + run, cmd, dir, dir.resolve(run + ".cmd"), logFile, output,
          status -> status == 0, c.seedFlag() == null, reader);
      if (r == null) {
        failed++;
      } else {
        results.add(r);
      }
    }
    return new SideRuns(results, failed);
  }

  /** The number of connections of the case's {@code -tm} matrix; null (and said why) when it cannot be read. */
  private Integer matrixConnections(CrossCase c) {
    int at = c.htsimFlags().indexOf("-tm");
    if (at < 0 || at + 1 >= c.htsimFlags().size()) {
      log.println("error: " + c.name() + ": a driver read from its output needs -tm MATRIX, to know how many flows it runs");
      return null;
    }
    Path matrix = Path.of(c.htsimFlags().get(at + 1));
    try {
      return FlowLogs.connections(Files.readAllLines(matrix, StandardCharsets.UTF_8));
    } catch (IOException | IllegalArgumentException e) {
      log.println("error: " + c.name() + ": -tm " + matrix + ": " + e.getMessage());
      return null;
    }
  }

  private interface Reader {
    RunResult read(List<String> lines);
  }

  private interface Accept {
    boolean status(int status);
  }

  /** Runs one command (or reads its earlier output back); null when it failed or its output is unreadable. */
  private RunResult runOnce(CrossCase c, String what, List<String> cmd, Path cwd, Path cmdFile, Path logFile, Path output,
      Accept accept, boolean clockSeeded, Reader reader) throws IOException, InterruptedException {
    String command = String.join(" ", cmd);
    boolean reuse = !fresh && Files.isRegularFile(cmdFile) && Files.isRegularFile(output)
        && Files.readString(cmdFile, StandardCharsets.UTF_8).strip().equals(command);
    if (!reuse) {
      Files.deleteIfExists(cmdFile);
      Files.deleteIfExists(output);
      Files.deleteIfExists(logFile);
      if (clockSeeded) {
        waitForNextSecond();
      }
      log.println("  " + c.name() + ": " + what);
      long startSecond = System.currentTimeMillis() / 1000;
      Files.writeString(logFile, "# " + command + "\n# started at epoch second " + startSecond + "\n", StandardCharsets.UTF_8);
      Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile())).start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly().waitFor();
        log.println("error: " + c.name() + ": " + what + " ran longer than " + timeoutSeconds + " s and was stopped (" + logFile + ")");
        return null;
      }
      int status = p.exitValue();
      if (!accept.status(status) || !Files.isRegularFile(output)) {
        log.println("error: " + c.name() + ": " + what + " exited with " + status + " (" + logFile + ")");
        return null;
      }
      Files.writeString(cmdFile, command + "\n", StandardCharsets.UTF_8);
    }
    List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
    try {
      return reader.read(lines);
    } catch (IllegalArgumentException e) {
      log.println("error: " + c.name() + ": " + what + ": " + output + ": " + e.getMessage());
      return null;
    }
  }

  /** Sleeps until the wall clock is in a later whole second than the previous htsim start. */
  private void waitForNextSecond() throws InterruptedException {
    long now = System.currentTimeMillis();
    if (now / 1000 <= lastHtsimSecond) {
      Thread.sleep((lastHtsimSecond + 1) * 1000 - now + 20);
    }
    lastHtsimSecond = System.currentTimeMillis() / 1000;
  }
}
