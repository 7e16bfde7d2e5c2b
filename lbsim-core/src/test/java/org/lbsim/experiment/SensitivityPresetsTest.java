package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;

class SensitivityPresetsTest {
  private static PortStats port(String tier, long bytes) {
    return new PortStats(tier + bytes, tier, bytes, 1, 0, 0, 0, 0, 0, 0, 0, 0);
  }

  private static RunResult withPorts(List<PortStats> ports) {
    return new RunResult("x", Map.of(), 1, 1, 1, 0, List.of(), ports, Map.of());
  }

  @Test
  void overloadIsTheBusiestLinkOverItsTierMeanAndLeavesHostLinksOut() {
    RunResult r = withPorts(List.of(port("tor-up", 100), port("tor-up", 100), port("agg-down", 300), port("agg-down", 100),
        port("host-up", 1), port("tor-down", 999)));
    Map<String, Double> o = LinkOverloadTable.overloadPct(r);
    assertThat(o).containsOnlyKeys("tor-up", "agg-down");
    assertThat(o.get("tor-up")).isEqualTo(0.0);
    assertThat(o.get("agg-down")).isEqualTo(50.0); // 300 over a mean of 200
  }

  @Test
  void bestMarkedFindsOneBestPerGroupAndTheTrueMinimumOfACctColumn() {
    Analysis fixed = runs -> new Table(List.of("lb", "payload", "512KiB CCT (us)"), List.of(
        List.of("a", "1024", "7.000"), List.of("a", "2048", "6.950"), List.of("a", "4096", "6.990"),
        List.of("b", "1024", "8.000"), List.of("b", "2048", "8.100"), List.of("b", "4096", "7.990")));
    Table t = new BestMarked(fixed, 1).analyze(List.of());
    assertThat(t.rows()).extracting(r -> r.get(2))
        .containsExactly("7.000", "6.950 *", "6.990", "8.000", "8.100", "7.990 *");
  }

  @Test
  void linkOverloadOnASmallFabricShowsRoundRobinOverloadingDownlinksAndOfanNot() {
    List<GridPoint> grid = GridPoint.expand(List.of(Axis.of("lb", "simple-rr", "ofan")), 1);
    List<RunRecord> runs = ExperimentRunner.run("link-overload", List.of("topology.k=4", "workload.kind=permutation",
        "workload.size=1MiB"), grid, List.of(), 2, null, (run, n) -> { });
    Map<String, Double> rr = LinkOverloadTable.overloadPct(runs.get(0).result());
    Map<String, Double> ofan = LinkOverloadTable.overloadPct(runs.get(1).result());
    // round robin per switch balances what it sends up, not what each destination receives
    assertThat(rr.get("agg-down")).isGreaterThan(rr.get("tor-up") + 20);
    assertThat(ofan.get("agg-down")).isLessThan(rr.get("agg-down") / 2);
    Table t = new LinkOverloadTable(List.of("lb")).analyze(runs);
    assertThat(t.header()).contains("lb", "tor-up overload %", "agg-down overload %", "core-down overload %");
    assertThat(t.rows()).hasSize(2);
  }

  @Test
  void fig13ComparesMswiftWithTheIdealRateOverTheSprayingSchemesAtTwoSizes() {
    Preset p = Presets.find("fig13");
    assertThat(p.axes()).extracting(Axis::key).containsExactly("lb", "workload.size", "cc");
    assertThat(p.axes().get(0).values()).containsExactly("host-spray", "switch-spray", "reps", "switch-ar", "host-dr", "ofan");
    assertThat(p.axes().get(1).values()).containsExactly("256KiB", "8MiB");
    assertThat(p.axes().get(2).values()).containsExactly("ideal", "mswift");
    assertThat(p.grid(2)).hasSize(6 * 2 * 2 * 2);
  }

  /**
   * The direction of the effect on a k = 4 fat tree: with long messages MSwift costs adaptive
   * switch spraying more CCT than it costs Ofan, whose queues stay about constant.
   */
  @Test
  void fig13OnASmallFabricMswiftInflatesSwitchArMoreThanOfan() {
    List<GridPoint> grid = GridPoint.expand(List.of(Axis.of("lb", "switch-ar", "ofan"), Axis.of("cc", "ideal", "mswift")), 1);
    List<RunRecord> runs = ExperimentRunner.run("fig13-small", List.of("topology.k=4", "workload.kind=permutation",
        "workload.size=8MiB"), grid, List.of(), 2, null, (run, n) -> { });
    Table t = new CcComparisonTable(List.of("lb"), "ideal", "mswift").analyze(runs);
    assertThat(t.header()).containsExactly("lb", "ideal % over bound", "mswift % over bound", "mswift CCT inflation %",
        "unfinished runs");
    double switchAr = Double.parseDouble(t.rows().get(0).get(3));
    double ofan = Double.parseDouble(t.rows().get(1).get(3));
    assertThat(switchAr).isGreaterThan(ofan);
  }

  @Test
  void everySensitivityPresetIsListedWithItsGrid() {
    assertThat(Presets.find("link-overload").grid(1)).hasSize(8 * 2);
    assertThat(Presets.find("small-buffers").base()).contains("buffer.packets=20");
    assertThat(Presets.find("message-size").axes().get(2).values()).contains("64KiB", "16MiB");
    assertThat(Presets.find("packet-size").grid(1)).hasSize(4 * 5 * 2);
  }
}
