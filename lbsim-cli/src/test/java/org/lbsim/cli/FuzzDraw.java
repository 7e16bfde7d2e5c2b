package org.lbsim.cli;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.WorkloadSize;

/**
 * What the input-file fuzz tests share: the size and seed of a draw, the edge values they try,
 * and the property every refusal must meet. A draw is {@link #INPUTS} inputs from seed
 * {@link #SEED}; {@code -Dlbsim.fuzz.inputs=N -Dlbsim.fuzz.seed=S} (through {@code -DargLine})
 * draws more or others, and {@code -Dlbsim.fuzz.runs=N} runs more of the accepted inputs end to end.
 */
final class FuzzDraw {
  static final int INPUTS = Integer.getInteger("lbsim.fuzz.inputs", 2_000);
  static final long SEED = Long.getLong("lbsim.fuzz.seed", 20261207L);
  /** Accepted inputs run end to end through the command line (the rest are only read). */
  static final int RUNS = Integer.getInteger("lbsim.fuzz.runs", 12);
  /** Refused inputs also put through the command line, to hold its exit code and output. */
  static final int CLI_SAMPLE = Integer.getInteger("lbsim.fuzz.cli", 50);

  /** Scalars at and past the edges of lbsim's value types, and malformed ones. */
  static final List<String> EDGES = List.of("0", "-0", "-1", "1", "2", "0.5", "NaN", ".nan", "Infinity", "-.inf",
      "2147483647", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808", "1e308", "1e309",
      "1e3", "0x10", "010", " 5", "\uFF15", "", " ", "4KiB", "1.5GB", "-4KB", "\u0435cmp", "ECMP", "ecmp\r", "null",
      "~", "true", "off", "a=b", "\t", "\u0000", "a\nb", "\u001b[31m", "..", "/", "a/b", "x".repeat(300));

  private FuzzDraw() {}

  static String edge(SplittableRandom random) {
    return EDGES.get(random.nextInt(EDGES.size()));
  }

  static <T> T pick(List<T> list, SplittableRandom random) {
    return list.get(random.nextInt(list.size()));
  }

  /**
   * Each problem line is one clean line: not blank, no line break or other control character
   * (a value's are escaped), no stack frame, no Java type
   * name, at most 600 characters, and it names one of {@code names} (the input's files or keys).
   */
  static void checkProblems(Collection<String> problems, Collection<String> names, String what) {
    if (problems.isEmpty()) {
      fail(what + ": refused without a problem line");
    }
    for (String line : problems) {
      if (line.isBlank() || line.codePoints().anyMatch(Character::isISOControl) || line.contains("\tat ")
          || line.matches(".*\\b(java|org\\.lbsim|com\\.google|com\\.fasterxml)\\.\\w.*")
          || line.matches(".*\\w+(Exception|Error)\\b.*") || line.length() > 600) {
        fail(what + ": problem line is not one clean line: " + line);
      }
      if (names.stream().noneMatch(line::contains)) {
        fail(what + ": problem line names none of " + (names.size() <= 8 ? names.toString()
            : names.stream().limit(8).toList() + " and " + (names.size() - 8) + " more") + ": " + line);
      }
    }
  }

  /** {@code folder}, emptied (or made): each input is written into the same folder, so a draw leaves one folder behind. */
  static Path fresh(Path folder) throws IOException {
    if (Files.exists(folder)) {
      try (Stream<Path> all = Files.walk(folder)) {
        for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    return Files.createDirectories(folder);
  }

  /**
   * Whether an accepted scenario is tiny enough to run in the draw: at most 16 hosts and 1,024
   * data packets, within 2 ms. Building its workload to count them must not fail: the reader
   * accepted it.
   */
  static boolean tiny(Scenario s, String what) {
    try {
      return s.topology().hosts() <= 16 && s.engine().limitPs() <= 2_000_000_000L
          && WorkloadSize.dataPackets(s) <= 1_024;
    } catch (RuntimeException e) {
      throw new AssertionError(what + ": accepted, but its workload cannot be built", e);
    }
  }

  /**
   * Computes each input's step on a thread of its own, so that an input still computing after
   * {@link #HANG} fails the test at once (the thread is left to its hang): a guard against a
   * hang only, far above any input's time: no test asserts a wall time. One per test, closed
   * after it.
   */
  static final class HangGuard implements AutoCloseable {
    private static final Duration HANG = Duration.ofSeconds(60);
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "fuzz-input");
      t.setDaemon(true);
      return t;
    });

    /** {@code step}'s result; an assertion it fails is rethrown as it is, anything else it throws wrapped. */
    <T> T run(Callable<T> step, String what) {
      Future<T> f = thread.submit(step);
      try {
        return f.get(HANG.toSeconds(), TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        throw new IllegalStateException(what + ": still computing after " + HANG.toSeconds() + " s (a hang)", e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(what + ": interrupted", e);
      } catch (ExecutionException e) {
        if (e.getCause() instanceof AssertionError a) {
          throw a;
        }
        throw new AssertionError(what + ": " + e.getCause(), e.getCause());
      }
    }

    @Override
    public void close() {
      thread.shutdownNow();
    }
  }

  /** Fails with the first few inputs that broke the property, each with what it broke, if any did. */
  static void checkNoneBroken(List<AssertionError> broken) {
    if (broken.isEmpty()) {
      return;
    }
    AssertionError all = new AssertionError(broken.size() + " generated inputs broke the property; the first:\n"
        + String.join("\n\n", broken.stream().limit(5).map(e -> e.getMessage() + (e.getCause() == null ? ""
            : "\ncaused by " + e.getCause())).toList()));
    broken.stream().limit(5).forEach(all::addSuppressed);
    throw all;
  }

  /**
   * The command refused its input: exit 2, nothing on standard output, clean {@code error:} lines,
   * and no output folder {@code out}.
   */
  static void checkRefusedByCli(CliRunner.Outcome o, Path out, Collection<String> names, String what) {
    String shown = what + "\nexit " + o.code() + "\nstderr:\n" + o.err();
    if (o.code() != Errors.BAD_INPUT) {
      fail(shown + "\nexpected exit 2");
    }
    if (!o.out().isEmpty()) {
      fail(shown + "\nstdout:\n" + o.out() + "\nexpected nothing on standard output");
    }
    // a command line picocli cannot parse adds where the options are listed, and its suggestions
    List<String> lines = o.err().lines().filter(l -> !l.matches("run 'lbsim [a-z-]+ --help' for the options")
        && !l.startsWith("Did you mean: ") && !l.startsWith("Possible solutions: ")).toList();
    if (lines.stream().anyMatch(l -> !l.startsWith("error: "))) {
      fail(shown + "\nevery line of standard error is an error: line, a usage hint or a suggestion");
    }
    checkProblems(lines.stream().map(l -> l.substring("error: ".length())).toList(), names, shown);
    if (Files.exists(out)) {
      fail(shown + "\na refused input wrote " + out);
    }
  }
}
