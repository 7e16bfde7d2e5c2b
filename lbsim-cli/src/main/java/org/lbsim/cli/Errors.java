package org.lbsim.cli;

import org.lbsim.scenario.ScenarioException;
import org.lbsim.workload.WorkloadFileException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns the errors a user can fix into one clear line each and exit code 2, with no stack
 * trace. Anything else is a bug: it keeps its stack trace and exits with 70.
 */
final class Errors implements IExecutionExceptionHandler {
  static final int BAD_INPUT = 2;
  static final int INTERNAL = 70;

  @Override
  public int handleExecutionException(Exception e, CommandLine cl, ParseResult parsed) {
    var err = cl.getErr();
    if (e instanceof ScenarioException se) {
      for (String p : se.problems()) {
        err.println("error: " + p);
      }
      err.flush();
      return BAD_INPUT;
    }
    if (e instanceof WorkloadFileException || e instanceof UserError) {
      err.println("error: " + e.getMessage());
      err.flush();
      return BAD_INPUT;
    }
    err.println("internal error (please report it with the scenario file):");
    e.printStackTrace(err);
    err.flush();
    return INTERNAL;
  }

  /** A problem with the command's input that is not about a scenario key. */
  static final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UserError(String message) {
      super(message);
    }
  }
}
