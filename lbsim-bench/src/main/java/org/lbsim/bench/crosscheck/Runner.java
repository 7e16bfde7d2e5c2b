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
 * Runs the two sides of a case one simulation at a time. lbsim runs seeds 1..N. csg-htsim seeds
 * its random numbers from the wall clock in whole seconds, so every htsim run starts in a later
 * second than the one before it (runs started in the same second would repeat each other).
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
          status -> status == 0 || status == 3, false);
      if (r == null) {
        failed++;
      } else {
        results.add(r);
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
    if (c.htsimFlags().contains("-of")) {
      log.println("error: " + c.name() + ": the harness sets -of itself; remove it from the case");
      return new SideRuns(List.of(), runs);
    }
    List<RunResult> results = new ArrayList<>();
    int failed = 0;
    for (int i = 1; i <= runs; i++) {
      String run = "run" + i;
      Path csv = dir.resolve(run + ".csv");
      List<String> cmd = new ArrayList<>();
      cmd.add(driver.toString());
      cmd.addAll(c.htsimFlags());
      cmd.addAll(List.of("-of", csv.toString()));
      RunResult r = runOnce(c, "htsim " + run, cmd, dir, dir.resolve(run + ".cmd"), dir.resolve(run + ".log"), csv,
          status -> status == 0, true);
      if (r == null) {
        failed++;
      } else {
        results.add(r);
      }
    }
    return new SideRuns(results, failed);
  }

  private interface Accept {
    boolean status(int status);
  }

  /** Runs one command (or reads its earlier output back); null when it failed or its output is unreadable. */
  private RunResult runOnce(CrossCase c, String what, List<String> cmd, Path cwd, Path cmdFile, Path logFile, Path output,
      Accept accept, boolean clockSeeded) throws IOException, InterruptedException {
    String command = String.join(" ", cmd);
    boolean reuse = !fresh && Files.isRegularFile(cmdFile) && Files.isRegularFile(output)
        && Files.readString(cmdFile, StandardCharsets.UTF_8).strip().equals(command);
    if (!reuse) {
      Files.deleteIfExists(cmdFile);
      Files.deleteIfExists(output);
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
      return clockSeeded ? FlowLogs.htsim(lines) : FlowLogs.lbsim(lines);
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
