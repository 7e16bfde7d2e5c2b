package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.lbsim.lb.LbDesign;
import org.lbsim.lb.LbDesigns;
import org.lbsim.results.ResultWriter;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.LrDesigns;
import org.lbsim.transport.cc.CcDesign;
import org.lbsim.transport.cc.CcDesigns;

/**
 * {@code engine.threads} 1, 2 and 3 give byte-identical result files over 120 small seeded
 * scenarios: every congestion control with every loss recovery, every load balancer a split run
 * takes, on a fat tree, two planes, a leaf-spine, 16-packet buffers, trimming with random loss,
 * the reference profile and ACK coalescing.
 */
class ThreadCountIdentityTest {
  static final int SCENARIOS = 120;
  private static final String[] VARIANTS = {
      "workload.kind=permutation",
      "workload.kind=all-to-all;buffer.packets=16",
      "workload.kind=all-to-all;topology.planes=2",
      "workload.kind=all-to-all;topology.kind=leaf-spine",
      "workload.kind=permutation;buffer.trimming=all;loss.random_rate=0.002",
      "workload.kind=all-to-all;profile=reference",
      "workload.kind=all-to-all;lr?=sack;transport.ack_coalesce_bytes=16384",
  };

  @TempDir
  Path dir;

  /** The settings of every scenario of the grid that the scenario checks accept. */
  static Stream<Arguments> scenarios() {
    List<String> lbs = LbDesigns.all().stream().filter(d -> !d.oracle()).map(LbDesign::name).toList();
    List<String> ccs = CcDesigns.all().stream().map(CcDesign::name).toList();
    List<String> lrs = LrDesigns.all().stream().map(LrDesign::name).toList();
    List<Arguments> out = new ArrayList<>();
    for (int i = 0; i < SCENARIOS; i++) {
      String cc = ccs.get(i % ccs.size());
      String lr = lrs.get((i / ccs.size()) % lrs.size());
      String lb = lbs.get((i * 7) % lbs.size());
      String variant = VARIANTS[i % VARIANTS.length];
      String settings = "lb=" + lb + ";cc=" + cc + ";lr=" + lr + ";" + variant + ";seed=" + (i + 1);
      try {
        Scenarios.of(overrides(settings));
        out.add(Arguments.of(i, settings));
      } catch (ScenarioException e) {
        continue; // a pairing the scenario checks refuse (a cc that needs INT stamping, say)
      }
    }
    return out.stream();
  }

  private static List<String> overrides(String settings) {
    List<String> o = new ArrayList<>(List.of("topology.k?=4", "workload.size=32KiB", "run.limit_ms=3",
        "metrics.queue_sample_us=0.5"));
    o.addAll(List.of(settings.split(";")));
    return o;
  }

  @org.junit.jupiter.api.Test
  void atLeastAHundredScenariosRun() {
    assertThat(scenarios().count()).isGreaterThanOrEqualTo(100);
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("scenarios")
  void oneTwoAndThreeThreadsWriteTheSameFiles(int index, String settings) throws IOException {
    List<String> o = overrides(settings);
    String expected = files(ScenarioRunner.run(Scenarios.of(o)), "t1");
    for (int threads : new int[] {2, 3}) {
      List<String> more = new ArrayList<>(o);
      more.add("engine.threads=" + threads);
      assertThat(files(ScenarioRunner.run(Scenarios.of(more)), "t" + threads)).as("%s on %d threads", settings, threads)
          .isEqualTo(expected);
    }
  }

  private String files(org.lbsim.metrics.RunResult r, String name) throws IOException {
    Path d = dir.resolve(name);
    ResultWriter.write(r, d);
    StringBuilder b = new StringBuilder();
    try (Stream<Path> files = Files.list(d)) {
      for (Path f : files.sorted().toList()) {
        if (!f.getFileName().toString().equals(ResultWriter.ENGINE_FILE)) {
          b.append(f.getFileName()).append('\n').append(Files.readString(f));
        }
      }
    }
    return b.toString();
  }
}
