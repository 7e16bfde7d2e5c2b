package org.lbsim.spark;

import java.util.List;
import org.apache.spark.SparkConf;
import org.lbsim.scenario.ScenarioException;

/** The Spark settings of {@code sweep --spark} and {@code optimize --spark}: spark-submit's, then the command's, then ours. */
final class SparkSettings {
  private SparkSettings() {}

  /**
   * spark-submit's settings (system properties), then {@code master} (null: none given) and {@code conf}
   * ({@code KEY=VALUE} each), then our defaults.
   *
   * @throws ScenarioException when a setting is not {@code KEY=VALUE} or no master is set
   */
  static SparkConf of(String master, List<String> conf, String appName) {
    SparkConf c = new SparkConf();
    if (master != null) {
      c.setMaster(master);
    }
    for (String kv : conf) {
      int eq = kv.indexOf('=');
      if (eq <= 0) {
        throw new ScenarioException(List.of("--conf: expected KEY=VALUE, got '" + kv + "'"));
      }
      c.set(kv.substring(0, eq).strip(), kv.substring(eq + 1).strip());
    }
    if (!c.contains("spark.master")) {
      throw new ScenarioException(List.of("no Spark master: give --spark MASTER (e.g. --spark 'local[*]') or run "
          + "through spark-submit --master ..."));
    }
    c.setIfMissing("spark.app.name", appName);
    // Results are handled one run at a time and not kept; the default 1g cap on the total of all
    // task results would otherwise fail a large grid part-way.
    c.setIfMissing("spark.driver.maxResultSize", "0");
    if (c.get("spark.master").startsWith("local")) {
      // embedded on one machine: nothing needs to listen beyond loopback
      c.setIfMissing("spark.driver.host", "127.0.0.1");
      c.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
      c.setIfMissing("spark.ui.enabled", "false");
    } else {
      // `./lbsim ... --spark spark://...` (client mode, no spark-submit): executors fetch our
      // classes from this jar; spark-submit has already set spark.jars to the application jar
      String self = SparkSettings.class.getProtectionDomain().getCodeSource().getLocation().getPath();
      if (self.endsWith(".jar")) {
        c.setIfMissing("spark.jars", self);
      }
    }
    return c;
  }
}
