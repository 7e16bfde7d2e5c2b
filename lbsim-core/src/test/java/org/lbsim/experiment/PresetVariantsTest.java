package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.ScenarioReader;

/** Full presets run the study's seeds; quick variants make fewer runs, with no more seeds; run times are estimated from the workload. */
class PresetVariantsTest {
  /** Presets of the study's figures that run its 10 seeds per point in their full variant. */
  private static final List<String> TEN_SEEDS = List.of("fig1", "perm-bound", "queue-scaling", "link-overload",
      "small-buffers", "message-size", "packet-size", "sack-threshold", "sack-dupacks", "fig12", "fig8", "fig13", "fig3",
      "fig4", "fig4-permutation", "fig5");

  @Test
  void fullPresetsRunTenSeedsAndQuickOnesFewerRunsOnTheSameAxesOrPartOfThem() {
    for (Preset p : Presets.all()) {
      if (TEN_SEEDS.contains(p.name())) {
        assertThat(p.seeds()).as(p.name()).isEqualTo(10);
      }
      Preset q = p.quickVariant();
      assertThat(q.axes()).as(p.name()).extracting(Axis::key).isEqualTo(p.axes().stream().map(Axis::key).toList());
      for (int i = 0; i < q.axes().size(); i++) {
        assertThat(p.axes().get(i).values()).as(p.name()).containsAll(q.axes().get(i).values());
      }
      assertThat(q.base().subList(0, p.base().size())).as(p.name()).isEqualTo(p.base());
      if (p.quick() != null) {
        assertThat(q.seeds()).as(p.name()).isLessThanOrEqualTo(p.seeds());
        assertThat(q.grid(q.seeds()).size()).as(p.name()).isLessThan(p.grid(p.seeds()).size());
        assertThat(q.quick()).isNull();
      } else {
        assertThat(q).isSameAs(p);
      }
    }
    assertThat(Presets.find("fig1").quickVariant().grid(Presets.find("fig1").quickVariant().seeds())).hasSize(20);
  }

  @Test
  void aRunIsEstimatedFromItsDataPackets() {
    // 16 hosts, one 64 KiB flow each: 16 packets of 4096 B per flow, 256 in all
    var s = ScenarioReader.fromText("", "test", null, "t", List.of("topology.k=4", "workload.kind=permutation",
        "workload.size=64KiB"), "--set", Catalog.builtIn());
    assertThat(RunTimeEstimate.seconds(s)).isCloseTo(RunTimeEstimate.SETUP_SECONDS
        + 256 * RunTimeEstimate.EVENTS_PER_DATA_PACKET / RunTimeEstimate.EVENTS_PER_SECOND, within(1e-12));
  }

  @Test
  void wallTimeGivesEachRunToTheThreadThatFreesFirst() {
    // threads free at 3 and 3, then 5 and 5, then the last run ends at 7
    assertThat(RunTimeEstimate.wall(List.of(3.0, 3.0, 2.0, 2.0, 2.0), 2)).isEqualTo(7.0);
    assertThat(RunTimeEstimate.wall(List.of(3.0, 3.0, 2.0, 2.0, 2.0), 1)).isEqualTo(12.0);
    assertThat(RunTimeEstimate.text(40)).isEqualTo("40 s");
    assertThat(RunTimeEstimate.text(12 * 60)).isEqualTo("12 min");
    assertThat(RunTimeEstimate.text(3.4 * 3600)).isEqualTo("3.4 h");
  }
}
