package org.lbsim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.lbsim.scenario.Catalog;
import org.lbsim.spi.Plugins;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** Entry point of the {@code lbsim} command. */
@Command(name = "lbsim", mixinStandardHelpOptions = true, versionProvider = Version.class,
    footerHeading = "%nExamples:%n", footer = {
        "  lbsim run                    # the built-in default comparison",
        "  lbsim list                   # every design and every key, with defaults",
        "  lbsim reproduce              # the study's experiments",
        "  lbsim --version"},
    modelTransformer = Errors.ExitCodeHelp.class,
    description = "Packet-level simulator of load balancing for AI-training collectives in Clos fabrics.",
    subcommands = {RunCommand.class, SweepCommand.class, ReproduceCommand.class, RecommendCommand.class,
        OptimizeCommand.class, ReportCommand.class, BenchCollectiveCommand.class, ListCommand.class, CompletionCommand.class,
        CommandLine.HelpCommand.class})
public final class Main {
  @Option(names = "--plugins", paramLabel = "DIR", scope = ScopeType.INHERIT,
      description = "load plug-in designs from every jar in DIR (repeatable; also the folders and jars in $"
          + Plugins.ENV + "; docs/extending.md)")
  List<Path> plugins = new ArrayList<>();

  private final Map<String, String> env;
  /** Where {@code optimize --spark} simulates its runs; null in lbsim.jar. */
  private final TrialCluster cluster;
  private Catalog catalog;
  private List<Path> pluginJars;

  Main() {
    this(System.getenv());
  }

  Main(Map<String, String> env) {
    this(env, null);
  }

  private Main(Map<String, String> env, TrialCluster cluster) {
    this.env = env;
    this.cluster = cluster;
  }

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs the command line and returns the exit code (tests call this, not main). */
  public static int execute(String... args) {
    return commandLine().execute(args);
  }

  /** The command line with lbsim's error handling: one {@code error:} line per problem, exit 2. */
  static CommandLine commandLine() {
    return commandLine(System.getenv());
  }

  /** As {@link #commandLine()}, reading {@link Plugins#ENV} from {@code env}. */
  static CommandLine commandLine(Map<String, String> env) {
    return commandLine(new Main(env));
  }

  private static CommandLine commandLine(Main main) {
    CommandLine cl = new CommandLine(main);
    cl.setExecutionExceptionHandler(new Errors());
    cl.setParameterExceptionHandler(Errors::handleParameterException);
    return cl;
  }

  /**
   * Runs the command line with {@code optimize --spark} simulating its runs on {@code cluster}
   * (lbsim-spark's entry point calls this), printing to {@code out} and {@code err}; returns the exit code.
   */
  public static int execute(TrialCluster cluster, PrintWriter out, PrintWriter err, String... args) {
    return commandLine(new Main(System.getenv(), cluster)).setOut(out).setErr(err).execute(args);
  }

  /** Where {@code optimize --spark} simulates its runs, or null when this build has no cluster. */
  static TrialCluster cluster(CommandSpec command) {
    return ((Main) command.root().userObject()).cluster;
  }

  /** The plug-in jars {@link #catalog} loaded the designs from. */
  static List<Path> pluginJars(CommandSpec command) {
    catalog(command);
    return ((Main) command.root().userObject()).pluginJars;
  }

  /**
   * The designs a command of this command line chooses from: the built-in ones plus those of the
   * plug-in jars of {@link Plugins#ENV} and {@code --plugins}, loaded once.
   */
  static Catalog catalog(CommandSpec command) {
    Main main = (Main) command.root().userObject();
    if (main.catalog == null) {
      List<Path> jars = new ArrayList<>(Plugins.jarsOf(main.env.get(Plugins.ENV), Plugins.ENV));
      for (Path dir : main.plugins) {
        jars.addAll(Plugins.jarsIn(dir, "--plugins"));
      }
      main.pluginJars = List.copyOf(jars);
      main.catalog = Plugins.load(jars, main.plugins.isEmpty() ? Plugins.ENV : "--plugins");
    }
    return main.catalog;
  }
}
