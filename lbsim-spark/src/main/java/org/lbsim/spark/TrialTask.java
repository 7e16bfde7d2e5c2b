package org.lbsim.spark;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.List;
import org.lbsim.optimize.Metrics;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioKey;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;

/**
 * One run of an optimize search, as shipped to an executor: the base scenario's text and the
 * overrides that make the run's scenario from it, which the executor resolves as the driver did.
 *
 * @param key the run's scenario key, computed on the driver (which reads the referenced files); the
 *     executor's scenario must have the same one
 * @param baseDir the folder relative paths of the base scenario resolve against, or null; executors
 *     must see files a scenario reads (e.g. {@code workload.file}) at the same path
 * @param overrides applied in order, the seed last
 * @param plugins the file names of the plug-in jars the driver shipped, in load order
 * @param failFirstAttempt fault injection for tests and drills: the first attempt of this run throws
 *     {@link RunTask.InjectedFault} ({@code spark.lbsim.test.failFirstAttemptWith}, docs/spark.md)
 */
record TrialTask(String key, String yaml, String source, String baseDir, String name, List<String> overrides,
    List<String> plugins, boolean failFirstAttempt) implements Serializable {

  TrialTask {
    overrides = List.copyOf(overrides);
    plugins = List.copyOf(plugins);
  }

  /**
   * Simulates the run and returns what it scored.
   *
   * @param attemptNumber Spark's attempt number of the task (0 for the first)
   * @throws IllegalStateException when the scenario resolves to another key here than on the driver
   */
  Metrics execute(int attemptNumber) {
    if (failFirstAttempt && attemptNumber == 0) {
      throw new RunTask.InjectedFault("injected fault (" + SparkTrials.FAIL_FIRST_ATTEMPT_WITH + "): first attempt of "
          + "the run " + String.join(" ", overrides));
    }
    Scenario s = ScenarioReader.fromText(yaml, source, baseDir == null ? null : Path.of(baseDir), name, overrides,
        "--set", ShippedPlugins.catalog(plugins));
    String here = ScenarioKey.of(s);
    if (!here.equals(key)) {
      throw new IllegalStateException("the run " + String.join(" ", overrides) + " resolves to scenario key " + here
          + " on this executor but to " + key + " on the driver: a file the scenario reads differs here (allowed: "
          + "the same files at the same paths on every node)");
    }
    return Metrics.of(ScenarioRunner.run(s));
  }
}
