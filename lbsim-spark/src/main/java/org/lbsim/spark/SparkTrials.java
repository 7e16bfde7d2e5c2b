package org.lbsim.spark;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.lbsim.cli.TrialCluster;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.optimize.Metrics;
import org.lbsim.optimize.TrialRunner;
import org.lbsim.scenario.ScenarioKey;

/**
 * optimize's runs on Spark: each run the search asks for is one Spark job of one task, submitted
 * from the search's thread that asked for it and awaited there, so that as many runs are in flight
 * as the search has threads. Everything else stays on the driver: the search's decisions, which
 * read results in a fixed order whatever order the tasks finish in, and the trial store, which the
 * driver alone writes (a retried or speculative attempt returns its result once, through the job).
 */
final class SparkTrials implements TrialCluster {
  @Override
  public Session start(String master, List<String> conf, List<Path> plugins, String appName) {
    List<Path> jars = plugins.stream().map(p -> p.toAbsolutePath().normalize()).distinct().toList();
    List<String> shipped = ShippedPlugins.names(jars);
    JavaSparkContext sc = new JavaSparkContext(SparkSettings.of(master, conf, appName));
    for (Path jar : jars) {
      sc.addFile(jar.toString()); // executors read it back with SparkFiles.get(its file name)
    }
    return new SparkSession(sc, shipped);
  }

  /** A Spark context and the plug-in jars shipped to it. */
  private record SparkSession(JavaSparkContext sc, List<String> plugins) implements Session {
    @Override
    public int parallelism() {
      return sc.defaultParallelism();
    }

    @Override
    public TrialRunner runner(BaseScenario base, String name) {
      String dir = base.baseDir() == null ? null : base.baseDir().toString();
      return (scenario, overrides) -> run(new TrialTask(ScenarioKey.of(scenario), base.yaml(), base.source(), dir, name,
          overrides, plugins));
    }

    private Metrics run(TrialTask task) {
      sc.setJobDescription("lbsim optimize: " + String.join(" ", task.overrides()));
      try {
        return sc.parallelize(List.of(task), 1).map(TrialTask::execute).collect().get(0);
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
