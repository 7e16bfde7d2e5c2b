package org.lbsim.cli;

import java.nio.file.Path;
import java.util.List;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.optimize.TrialRunner;

/**
 * Where {@code optimize --spark} simulates its runs: lbsim-spark provides one (its {@code SparkOptimize}
 * hands it to {@link Main#execute(TrialCluster, java.io.PrintWriter, java.io.PrintWriter, String...)}); lbsim.jar
 * has none, so there {@code --spark} is refused. The search itself, its decisions and its trial store stay in this
 * process.
 */
public interface TrialCluster {
  /**
   * Connects to the cluster.
   *
   * @param master the master {@code --spark} names, or null for the one the environment sets (spark-submit)
   * @param conf the {@code --conf KEY=VALUE} settings, in order
   * @param plugins the plug-in jars the designs came from, to ship to where runs are simulated
   * @param appName what the cluster calls the application
   * @throws org.lbsim.scenario.ScenarioException when the master or a setting cannot be used
   */
  Session start(String master, List<String> conf, List<Path> plugins, String appName);

  /** A connection: runs go through it until it is closed. */
  interface Session extends AutoCloseable {
    /** How many runs the cluster can simulate at once, as it reports when connected. */
    int parallelism();

    /** Simulates the runs of an evaluator over {@code base}, their scenarios named {@code name}. */
    TrialRunner runner(BaseScenario base, String name);

    @Override
    void close();
  }

  /** A run that failed on the cluster as many times as it allows (its message says why). */
  final class Failed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Failed(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
