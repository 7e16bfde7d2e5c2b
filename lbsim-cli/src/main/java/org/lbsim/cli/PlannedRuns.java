package org.lbsim.cli;

import java.util.List;
import java.util.function.IntFunction;
import org.lbsim.experiment.ExperimentRunner;
import org.lbsim.experiment.RunRecord;
import picocli.CommandLine.Model.CommandSpec;

/**
 * How {@code reproduce} and {@code recommend} carry out a checked plan: its warnings, the note
 * that runs already there will run again (without {@code --resume}), a headline, progress, and
 * while it runs the hint printed if the process is stopped.
 */
final class PlannedRuns {
  private PlannedRuns() {}

  /**
   * @param what how the command's lines start, e.g. {@code reproduce fig4}
   * @param headline the line announcing the runs, given how many were read back
   */
  @SuppressWarnings("try") // the hint is only registered until the runs end: a signal meanwhile prints it
  static List<RunRecord> execute(CommandSpec spec, String what, String progressName, ResumeOption resume,
      ExperimentRunner.Plan plan, int threads, IntFunction<String> headline) {
    try (RunProgress progress = new RunProgress(spec.commandLine().getErr(), false, progressName);
        ResumeOption.Hint hint = ResumeOption.continueHint(spec.commandLine().getErr(), what)) {
      plan.warnings().forEach(progress::warning);
      String rerun = resume.rerunNote(what, plan.held());
      if (rerun != null) {
        progress.warning(rerun);
      }
      progress.started(plan.size() - plan.stored(), headline.apply(plan.stored()));
      return plan.execute(threads, progress.counter());
    }
  }

  /** "1 thread", "2 threads": the count as a run headline says it. */
  static String threads(int n) {
    return n + (n == 1 ? " thread" : " threads");
  }
}
