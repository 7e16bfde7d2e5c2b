package org.lbsim.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code lbsim} command. */
@Command(name = "lbsim", mixinStandardHelpOptions = true, versionProvider = Version.class,
    modelTransformer = Errors.ExitCodeHelp.class,
    description = "Packet-level simulator of load balancing for AI-training collectives in Clos fabrics.",
    subcommands = {RunCommand.class, SweepCommand.class, ReproduceCommand.class, RecommendCommand.class, ReportCommand.class, ListCommand.class, CommandLine.HelpCommand.class})
public final class Main {
  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs the command line and returns the exit code (tests call this, not main). */
  public static int execute(String... args) {
    return commandLine().execute(args);
  }

  /** The command line with lbsim's error handling: one {@code error:} line per problem, exit 2. */
  static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Main());
    cl.setExecutionExceptionHandler(new Errors());
    cl.setParameterExceptionHandler(Errors::handleParameterException);
    return cl;
  }
}
