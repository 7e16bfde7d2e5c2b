package org.lbsim.spark;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.lbsim.cli.TrialCluster;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.optimize.Metrics;
import org.lbsim.optimize.TrialRunner;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioKey;

/**
 * optimize's runs on Spark: each run the search asks for is one Spark job of one task, submitted
 * from the search's thread that asked for it and awaited there, so that as many runs are in flight
 * as the search has threads. Everything else stays on the driver: the search's decisions, which
 * read results in a fixed order whatever order the tasks finish in, and the trial store, which the
 * driver alone writes (a retried or speculative attempt returns its result once, through the job).
 */
final class SparkTrials implements TrialCluster {
  /** The fault-injection setting: {@code KEY=VALUE}, the first task attempt of every run with that override throws. */
  static final String FAIL_FIRST_ATTEMPT_WITH = "spark.lbsim.test.failFirstAttemptWith";

  @Override
  public Session start(String master, List<String> conf, List<Path> plugins, String appName) {
    List<Path> jars = plugins.stream().map(p -> p.toAbsolutePath().normalize()).distinct().toList();
    List<String> shipped = ShippedPlugins.names(jars);
    SparkConf settings = SparkSettings.of(master, conf, appName);
    String failWith = settings.get(FAIL_FIRST_ATTEMPT_WITH, "").strip();
    if (!failWith.isEmpty() && failWith.indexOf('=') <= 0) {
      throw new ScenarioException(List.of(FAIL_FIRST_ATTEMPT_WITH + ": expected KEY=VALUE, an override of the runs "
          + "to fail (got '" + failWith + "')"));
    }
    JavaSparkContext sc = new JavaSparkContext(settings);
    for (Path jar : jars) {
      sc.addFile(jar.toString()); // executors read it back with SparkFiles.get(its file name)
    }
    return new Connected(sc, shipped, failWith);
  }

  /**
   * A Spark context and the plug-in jars shipped to it.
   *
   * @param failWith the override whose runs' first attempts throw; empty normally
   */
  private record Connected(JavaSparkContext sc, List<String> plugins, String failWith) implements Session {
    @Override
    public int parallelism() {
      return sc.defaultParallelism();
    }

    @Override
    public TrialRunner runner(BaseScenario base, String name) {
      String dir = base.baseDir() == null ? null : base.baseDir().toString();
      return (scenario, overrides) -> run(new TrialTask(ScenarioKey.of(scenario), base.yaml(), base.source(), dir, name,
          overrides, plugins, overrides.contains(failWith)));
    }

    private Metrics run(TrialTask task) {
      sc.setJobDescription("lbsim optimize: " + String.join(" ", task.overrides()));
      try {
        return sc.parallelize(List.of(task), 1).map(t -> t.execute(TaskContext.get().attemptNumber())).collect().get(0);
      } catch (Exception e) { // Scala code throws SparkException (checked) without declaring it
        throw new Failed(SparkSweep.rootMessage(e), e);
      }
    }

    @Override
    public void close() {
      sc.close();
    }
  }
}
