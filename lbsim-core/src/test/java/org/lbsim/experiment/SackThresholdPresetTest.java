package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SackThresholdPresetTest {
  @Test
  void sweepsTheStudysThresholdsOverBothWorkloadsWithSpraying() {
    Preset p = Presets.find("sack-threshold");
    assertThat(p).isNotNull();
    assertThat(p.base()).contains("lr=sack", "lb=host-spray");
    assertThat(p.grid(1)).hasSize(12 * 2);
    assertThat(p.base()).contains("workload.size=1MiB");
    assertThat(p.axes().get(0).values()).containsExactly("1", "2", "3", "4", "6", "8", "12", "16", "24", "32", "48", "64");
  }

  @Test
  void theDupAckVariantSweepsTheDuplicateCountOnASmallAllToAll() {
    Preset p = Presets.find("sack-dupacks");
    assertThat(p).isNotNull();
    assertThat(p.base()).contains("topology.k=4", "buffer.packets=8", "lr=sack", "sack.trigger=dupacks",
        "sack.threshold=0", "lb=host-spray");
    assertThat(p.axes().get(0).key()).isEqualTo("sack.dupacks");
    assertThat(p.axes().get(0).values()).isEqualTo(Presets.find("sack-threshold").axes().get(0).values());
    assertThat(p.axes().get(1).values()).containsExactly("all-to-all");
    assertThat(p.grid(p.seeds())).hasSize(12 * 10);
  }

  @Test
  void bestMarkedStarsTheLowestValuePerColumn() {
    Analysis fixed = runs -> new Table(List.of("x", "a % over bound", "b % over bound", "unfinished runs"),
        List.of(List.of("1", "5.00", "9.00", "0"), List.of("2", "3.00", "-", "0"), List.of("3", "4.00", "8.50", "0")));
    Table t = new BestMarked(fixed).analyze(List.of());
    assertThat(t.rows()).extracting(r -> r.get(1)).containsExactly("5.00", "3.00 *", "4.00");
    assertThat(t.rows()).extracting(r -> r.get(2)).containsExactly("9.00", "-", "8.50 *");
  }

  @Test
  void bestIsTheKneeTheFirstSettingWithinTheTolerance() {
    Analysis fixed = runs -> new Table(List.of("x", "a % over bound"), List.of(List.of("16", "12.89"),
        List.of("32", "12.59"), List.of("48", "12.57"), List.of("64", "12.57")));
    Table t = new BestMarked(fixed).analyze(List.of());
    assertThat(t.rows()).extracting(r -> r.get(1)).containsExactly("12.89", "12.59 *", "12.57", "12.57");
  }
}
