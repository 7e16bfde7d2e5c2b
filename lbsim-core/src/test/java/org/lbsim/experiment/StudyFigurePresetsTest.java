package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The study's Figs. 8, 10 (both panels), 12 and 4's permutation panel as presets. */
class StudyFigurePresetsTest {
  private static final List<String> SPRAYING_AND_ECMP = List.of("ecmp", "host-spray", "switch-spray", "reps",
      "switch-ar", "host-dr", "ofan");

  @Test
  void fig12RunsTheSprayingSchemesAndEcmpUnderSackWithOneThresholdOnBothWorkloads() {
    Preset p = Presets.find("fig12");
    assertThat(p.base()).containsExactly("workload.size=1MiB", "lr=sack", "sack.threshold=32");
    assertThat(p.axes()).extracting(Axis::key).containsExactly("lb", "workload.kind");
    assertThat(p.axes().get(0).values()).containsExactlyElementsOf(SPRAYING_AND_ECMP);
    assertThat(p.axes().get(1).values()).containsExactly("all-to-all", "permutation");
    assertThat(p.grid(p.seeds())).hasSize(7 * 2 * 10);
    Preset q = p.quickVariant();
    assertThat(q.base()).isEqualTo(p.base());
    assertThat(q.grid(q.seeds())).hasSize(7 * 2);
  }

  @Test
  void fig8GrowsTheFatTreeOnThePermutation() {
    Preset p = Presets.find("fig8");
    assertThat(p.base()).containsExactly("workload.kind=permutation", "workload.size=1MiB");
    assertThat(p.axes()).extracting(Axis::key).containsExactly("lb", "topology.k");
    assertThat(p.axes().get(0).values()).containsExactlyElementsOf(SPRAYING_AND_ECMP);
    assertThat(p.axes().get(1).values()).containsExactly("4", "8", "12", "16");
    assertThat(p.grid(p.seeds())).hasSize(7 * 4 * 10);
    assertThat(p.quickVariant().grid(p.quickVariant().seeds())).hasSize(7 * 4 * 3);
  }

  @Test
  void messageSizeRunsBothWorkloadsAndItsQuickVariantThePermutationOnly() {
    Preset p = Presets.find("message-size");
    assertThat(p.base()).isEmpty();
    assertThat(p.axes()).extracting(Axis::key).containsExactly("workload.kind", "lb", "workload.size");
    assertThat(p.axes().get(0).values()).containsExactly("all-to-all", "permutation");
    assertThat(p.grid(1)).hasSize(2 * 6 * 5);
    Preset q = p.quickVariant();
    assertThat(q.axes().get(0).values()).containsExactly("permutation");
    assertThat(q.axes().subList(1, 3)).isEqualTo(p.axes().subList(1, 3));
    assertThat(q.grid(q.seeds())).hasSize(6 * 5 * 3);
    assertThat(q.grid(1)).allSatisfy(g -> assertThat(g.overrides()).contains("workload.kind=permutation"));
  }

  @Test
  void fig4PermutationSweepsConvergenceOnTheScaleOfTheRoundTrip() {
    Preset p = Presets.find("fig4-permutation");
    assertThat(p.base()).contains("failures.kind=drop", "failures.rate=0.01", "workload.kind=permutation",
        "workload.size=1MiB");
    // the later limit wins: a black hole that never converges must not cut the collective short
    assertThat(p.base()).endsWith("run.limit_ms=20");
    assertThat(p.axes().get(0).values()).containsExactly("host-spray", "switch-spray", "reps", "switch-ar");
    assertThat(p.axes().get(1).values()).containsExactly("0", "2", "6", "12", "20", "50", "100", "never");
    assertThat(p.grid(p.seeds())).hasSize(4 * 8 * 10);
    assertThat(p.quickVariant().seeds()).isEqualTo(3);
  }

  /** The quick variant's own axes replace the full ones; a preset without them keeps its axes. */
  @Test
  void aQuickVariantWithItsOwnAxesSweepsThoseAndKeepsTheBase() {
    Preset full = new Preset("t", "t", "t", List.of("a=1"), List.of(Axis.of("x", "1", "2", "3")), 10,
        runs -> null);
    Preset q = full.withQuick(2, List.of(Axis.of("x", "1")), "b=2").quickVariant();
    assertThat(q.axes()).containsExactly(Axis.of("x", "1"));
    assertThat(q.base()).containsExactly("a=1", "b=2");
    assertThat(q.grid(q.seeds())).hasSize(2);
    assertThat(full.withQuick(2).quickVariant().axes()).isEqualTo(full.axes());
  }
}
