package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioReader;

/**
 * The property a fuzz test of scenario inputs that {@code lbsim run} reads checks on each one
 * ({@link #judge}): it is read, or refused with {@link ScenarioException} whose every problem is
 * one line naming one of its names; a sample of the refused ones goes through {@code lbsim run}
 * too (exit 2, only {@code error:} lines, no output), and the first {@link FuzzDraw#RUNS} tiny
 * ones read run to the end (exit 0, or 3 when flows do not finish by the limit). It keeps the
 * counts that show the draw reached every path ({@link #check}).
 */
final class ScenarioDraw {
  private final FuzzDraw.HangGuard guard;
  private final List<AssertionError> broken = new ArrayList<>();
  private int refused;
  private int read;
  private int ran;
  private int cliRefused;

  ScenarioDraw(FuzzDraw.HangGuard guard) {
    this.guard = guard;
  }

  /** Judges the {@code i}-th input, {@code scenario} in {@code folder}; a broken property is kept for {@link #check}. */
  void judge(int i, Path scenario, Path folder, List<String> names, String what) {
    try {
      Scenario s = guard.run(() -> read(scenario, names, what), what);
      if (s == null) {
        refused++;
        if (cliRefused < FuzzDraw.CLI_SAMPLE && i % 8 == 0) {
          cliRefused++;
          FuzzDraw.checkRefusedByCli(run(scenario, folder), folder.resolve("out"), names, what);
        }
        return;
      }
      read++;
      if (guard.run(() -> FuzzDraw.tiny(s, what), what) && ran < FuzzDraw.RUNS) {
        ran++;
        CliRunner.Outcome o = guard.run(() -> run(scenario, folder), what);
        assertThat(o.code()).as(what + "\nstderr:\n" + o.err()).isIn(Errors.DONE, Errors.UNFINISHED);
        assertThat(o.err()).as(what).doesNotContain("error:").doesNotContain("\tat ");
      }
    } catch (AssertionError e) {
      broken.add(e);
    }
  }

  /** No property broke, and the draw reached both paths ({@code inputs}: what the inputs are, plural). */
  void check(String inputs) {
    FuzzDraw.checkNoneBroken(broken);
    assertThat(refused).as("refused " + inputs).isGreaterThan(FuzzDraw.INPUTS / 10);
    assertThat(read).as(inputs + " read").isGreaterThan(FuzzDraw.INPUTS / 20);
    assertThat(ran).as(inputs + " run to the end").isPositive();
  }

  private static Scenario read(Path scenario, List<String> names, String what) {
    try {
      return ScenarioReader.read(scenario, List.of());
    } catch (ScenarioException e) {
      FuzzDraw.checkProblems(e.problems(), names, what);
      return null;
    } catch (RuntimeException | StackOverflowError e) {
      throw new AssertionError(what + ": not a ScenarioException", e);
    }
  }

  private static CliRunner.Outcome run(Path scenario, Path folder) {
    return CliRunner.run("run", scenario.toString(), "--out", folder.resolve("out").toString(), "--threads", "1");
  }
}
