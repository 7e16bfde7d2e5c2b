package org.lbsim.spark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkFiles;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.spi.Plugins;

/** The plug-in jars the driver shipped with {@code SparkContext.addFile}, as an executor loads them. */
final class ShippedPlugins {
  private ShippedPlugins() {}

  /**
   * The file names {@code jars} are shipped under.
   *
   * @throws ScenarioException when two share one: Spark keeps one file per name
   */
  static List<String> names(List<Path> jars) {
    Map<String, Path> byName = new LinkedHashMap<>();
    for (Path jar : jars) {
      Path other = byName.putIfAbsent(jar.getFileName().toString(), jar);
      if (other != null) {
        throw new ScenarioException(List.of("--plugins: " + jar + ": has the file name of " + other + " (got '"
            + jar.getFileName() + "'; allowed: plug-in jars with distinct file names, as Spark ships them by name)"));
      }
    }
    return List.copyOf(byName.keySet());
  }

  /**
   * The designs a task's run chooses from: the built-in ones plus those of the shipped jars named
   * {@code names}, in load order, loaded for this task (its class loaders go with it).
   */
  static Catalog catalog(List<String> names) {
    List<Path> jars = new ArrayList<>();
    for (String name : names) {
      jars.add(Path.of(SparkFiles.get(name)));
    }
    return Plugins.load(jars, "--plugins");
  }
}
