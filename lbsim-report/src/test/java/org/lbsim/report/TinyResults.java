package org.lbsim.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.lbsim.results.ResultWriter;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;

/**
 * Real result files for the report tests: a 16-host fat tree (k = 4), a permutation, two load
 * balancers × two message sizes, written exactly as {@code lbsim run} writes them. Takes well
 * under a second.
 */
final class TinyResults {
  static final List<String> LBS = List.of("ecmp", "host-spray");
  static final List<String> SIZES = List.of("64KiB", "256KiB");

  private TinyResults() {}

  /**
   * Writes a sweep's layout, {@code <dir>/runs/lb-<lb>_seed-<s>/}: every load balancer with seeds
   * 1..seeds, 64 KiB permutation, as {@code lbsim sweep} names its runs.
   */
  static void writeSeeds(Path dir, List<String> lbs, int seeds) {
    for (String lb : lbs) {
      for (int seed = 1; seed <= seeds; seed++) {
        String name = "lb-" + lb + "_seed-" + seed;
        Scenario s = ScenarioReader.fromText("", "test", dir, name,
            List.of("topology.k=4", "workload.kind=permutation", "workload.size=64KiB", "lb=" + lb, "seed=" + seed));
        ResultWriter.write(ScenarioRunner.run(s), dir.resolve("runs").resolve(name));
      }
    }
  }

  /** Writes {@code <dir>/<lb>-<size>/{summary.json,flows.csv,ports.csv}}; returns the run folders. */
  static List<Path> write(Path dir) {
    List<Path> out = new ArrayList<>();
    for (String lb : LBS) {
      for (String size : SIZES) {
        String name = lb + "-" + size;
        Scenario s = ScenarioReader.fromText("", "test", dir, name,
            List.of("topology.k=4", "workload.kind=permutation", "lb=" + lb, "workload.size=" + size));
        Path run = dir.resolve(name);
        ResultWriter.write(ScenarioRunner.run(s), run);
        out.add(run);
      }
    }
    return out;
  }
}
