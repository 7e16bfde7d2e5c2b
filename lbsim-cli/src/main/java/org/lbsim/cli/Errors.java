package org.lbsim.cli;

import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.workload.InputText;
import org.lbsim.workload.WorkloadFileException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/**
 * Turns the errors a user can fix into one clear line each (control characters of what the user
 * gave escaped, {@link InputText}) and exit code 2, with no stack trace: bad scenarios, grids and options, and files or folders that cannot be read or written
 * ({@link UncheckedIOException}, whose message names the file). Anything else is a bug: it keeps
 * its stack trace and exits with 70.
 */
final class Errors implements IExecutionExceptionHandler {
  static final int DONE = 0;
  static final int CLUSTER_FAILED = 1;
  static final int BAD_INPUT = 2;
  static final int UNFINISHED = 3;
  static final int INTERNAL = 70;
  /** The exit codes every command's --help lists (README.md, "Exit codes", says the same). */
  static final Map<String, String> EXIT_CODES = exitCodes();

  private static Map<String, String> exitCodes() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(DONE + "", "done");
    m.put(CLUSTER_FAILED + "", "sweep --spark, optimize --spark: the Spark job failed (a run failed as often as Spark "
        + "allows); every run received so far is stored and the same command resumes");
    m.put(BAD_INPUT + "", "bad input: a scenario, grid, option, file or results folder that cannot be used "
        + "(one 'error:' line each)");
    m.put(UNFINISHED + "", "the runs finished, but some flows did not finish by run.limit_ms (run, recommend, reproduce; optimize: "
        + "in the recommended design's runs)");
    m.put(INTERNAL + "", "internal error: a bug in lbsim, e.g. results that break a run invariant (a stack trace follows; please report it)");
    return m;
  }

  /** Puts the exit codes in the help of the command it is declared on and of every subcommand. */
  static final class ExitCodeHelp implements CommandLine.IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
      apply(spec);
      return spec;
    }

    private static void apply(CommandSpec spec) {
      spec.usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(EXIT_CODES);
      for (CommandLine sub : spec.subcommands().values()) {
        apply(sub.getCommandSpec());
      }
    }
  }

  @Override
  public int handleExecutionException(Exception e, CommandLine cl, ParseResult parsed) {
    var err = cl.getErr();
    if (e instanceof ScenarioException se) {
      for (String p : se.problems()) {
        err.println("error: " + InputText.oneLine(p));
      }
      err.flush();
      return BAD_INPUT;
    }
    if (e instanceof WorkloadFileException || e instanceof UserError || e instanceof UncheckedIOException) {
      err.println("error: " + InputText.oneLine(String.valueOf(e.getMessage())));
      err.flush();
      return BAD_INPUT;
    }
    err.println("internal error (please report it with the scenario file):");
    e.printStackTrace(err);
    err.flush();
    return INTERNAL;
  }

  /**
   * A command line picocli cannot parse (an unknown option or command, a missing or malformed
   * value): one {@code error:} line, picocli's suggestions if it has any, and where the options
   * are listed; exit 2.
   */
  static int handleParameterException(CommandLine.ParameterException e, String[] args) {
    CommandLine cl = e.getCommandLine();
    var err = cl.getErr();
    err.println("error: " + InputText.oneLine(String.valueOf(e.getMessage())));
    CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
    err.println("run '" + cl.getCommandSpec().qualifiedName() + " --help' for the options");
    err.flush();
    return BAD_INPUT;
  }

  /** A problem with the command's input that is not about a scenario key. */
  static final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UserError(String message) {
      super(message);
    }
  }
}
