package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.transport.FlowOutcome;

class Fig14PresetTest {
  @Test
  void fullIsTheStudysSetupAndQuickItsSmallerFabric() {
    Preset p = Presets.find("fig14");
    assertThat(p).isNotNull();
    List<GridPoint> grid = p.grid(p.seeds());
    assertThat(grid).hasSize(7 * 3);
    for (GridPoint g : grid) {
      Scenario s = scenario(p.base(), g);
      assertThat(s.workload().kind().name()).isEqualTo("training");
      assertThat(s.identity().values()).containsEntry("job.precision", "fp8").containsEntry("job.gpus", "1024")
          .containsEntry("topology.k", "16").containsEntry("cc", "mswift").containsEntry("lr", "sack")
          .containsEntry("sack.threshold", "32");
      assertThat(s.packet().payloadBytes()).isEqualTo(4096);
    }
    assertThat(grid.stream().map(g -> g.values().get("lb")).distinct())
        .containsExactly("ecmp", "host-spray", "reps", "switch-spray", "switch-ar", "host-dr", "ofan");
    Preset quick = p.quickVariant();
    List<GridPoint> small = quick.grid(quick.seeds());
    assertThat(small).hasSize(7 * 2);
    for (GridPoint g : small) {
      Scenario s = scenario(quick.base(), g);
      assertThat(s.identity().values()).containsEntry("job.gpus", "128").containsEntry("topology.k", "8")
          .containsEntry("cc", "mswift");
      assertThat(g.values().get("job.model")).isIn("llama3-7b", "llama3-70b");
    }
  }

  /** Hand-made runs: the bound is 100 ps, so the CCT minus 100 is the % over it. */
  @Test
  void tableGivesEachPanelAndTheBaselinesIncreaseOverEachSchemes() {
    List<RunRecord> runs = List.of(run("ecmp", "7b", 152, 800_000, 0.2), run("ofan", "7b", 104, 60_000, 0.5),
        run("ecmp", "70b", 126, 700_000, 0.3), run("ofan", "70b", -1, 50_000, 0.6));
    Table t = new TrainingLayerTable("job.model", "ecmp").analyze(runs);
    assertThat(t.header()).containsExactly("lb", "7b % over bound", "7b max queue (KB)", "7b fabric util (%)",
        "70b % over bound", "70b max queue (KB)", "70b fabric util (%)");
    assertThat(t.rows()).containsExactly(
        List.of("ecmp", "52.00", "800.0", "20.0", "26.00", "700.0", "30.0"),
        // ofan's 70b run did not finish: no % cell, its queue and utilization still shown
        List.of("ofan", "4.00", "60.0", "50.0", "-", "50.0", "60.0"),
        List.of("ecmp / ofan", "13.0x", "-", "-", "-", "-", "-"));
  }

  private static RunRecord run(String lb, String model, long cct, long queueBytes, double fabricUtil) {
    FlowOutcome f = FlowOutcome.builder().id(0).src(0).dst(1).bytes(1000).startPs(0).finishPs(cct).receivedPs(cct)
        .packetsSent(1).build();
    List<PortStats> ports = List.of(
        new PortStats("h0>tor0", "host-up", 0, 0, 9_000_000, 0, 0, 0, 0.99, 0, 0, 0),
        new PortStats("tor0>agg0", "tor-up", 0, 0, queueBytes, 0, 0, 0, fabricUtil - 0.1, 0, 0, 0),
        new PortStats("agg0>tor0", "agg-down", 0, 0, 0, 0, 0, 0, fabricUtil + 0.1, 0, 0, 0),
        new PortStats("tor0>h0", "tor-down", 0, 0, 0, 0, 0, 0, 0.99, 0, 0, 0));
    Map<String, String> values = new LinkedHashMap<>(Map.of("lb", lb, "job.model", model));
    return new RunRecord(new GridPoint(values, 1),
        new RunResult("r", Map.of(), cct, 100, Math.abs(cct), 0, List.of(f), ports, Map.of()));
  }

  private static Scenario scenario(List<String> base, GridPoint g) {
    List<String> all = new ArrayList<>(base);
    all.addAll(g.overrides());
    return ScenarioReader.fromText("", "preset fig14", null, "fig14", all);
  }
}
