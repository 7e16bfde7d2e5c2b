package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The study's synchronization effect (Appendix C): Simple RR's queue grows as m only while a
 * ToR takes its hosts' packets in a fixed order every slot.
 */
class SyncEffectsPresetTest {
  /**
   * The data rate at which a host link of lbsim's default packet format is exactly full with
   * data (4158 B + 20 B gap) and one returned ACK (64 B + 20 B gap) per slot: 4178 / 4262.
   */
  private static final String FULL_HOST_LINK_RATE = "0.9802909432";

  @Test
  void theFullHostLinkRateIsTheDataShareOfASlotWithItsAck() {
    assertThat(Double.parseDouble(FULL_HOST_LINK_RATE)).isCloseTo((4158.0 + 20) / (4158 + 20 + 64 + 20),
        org.assertj.core.api.Assertions.within(1e-10));
  }

  @Test
  void presetVariesTheRateAndTheStartPhasesInTheQueueScalingSetup() {
    Preset p = Presets.find("sync-effects");
    List<String> scaling = Presets.find("queue-scaling").base();
    assertThat(scaling).containsAll(p.base());
    assertThat(p.axes()).extracting(Axis::key).containsExactly("lb", "transport.rate_coef",
        "workload.start_jitter", "workload.size");
    assertThat(p.axes().get(1).values()).containsExactly(FULL_HOST_LINK_RATE, "1");
    assertThat(scaling).contains("transport.rate_coef=" + FULL_HOST_LINK_RATE, "workload.start_jitter=1");
    assertThat(p.grid(p.seeds())).hasSize(4 * 2 * 3 * 3 * 10);
    assertThat(p.quickVariant().grid(p.quickVariant().seeds())).hasSize(4 * 2 * 3 * 3 * 3);
  }

  /**
   * The preset's k = 8 fabric, 2 seeds, m = 64 ... 1024: at the full host-link rate with random phases (a fixed order)
   * Simple RR grows linearly; at rate 1 the returned ACKs shift the data by a varying amount every
   * slot, the order changes and the growth falls to RSQ's class; RSQ does not care.
   */
  @Test
  void simpleRrSticksOnlyWhileTheArrivalOrderHolds() {
    Preset p = Presets.find("sync-effects");
    List<Axis> axes = List.of(Axis.of("lb", "simple-rr", "rsq"), p.axes().get(1),
        Axis.of("workload.start_jitter", "1"), p.axes().get(3));
    List<RunRecord> runs = ExperimentRunner.run(p.name(), p.base(), GridPoint.expand(axes, 2),
        List.of(), 2, null, (run, done) -> { });
    Table t = p.analysis().analyze(runs);
    String full = FULL_HOST_LINK_RATE;
    assertThat(QueueSlopeTable.slope(t, "simple-rr", full, "1")).as(t.render()).isGreaterThanOrEqualTo(0.9);
    assertThat(QueueSlopeTable.slope(t, "simple-rr", "1", "1")).as(t.render()).isLessThanOrEqualTo(0.7);
    assertThat(QueueSlopeTable.slope(t, "rsq", full, "1")).as(t.render()).isBetween(0.3, 0.7);
    assertThat(QueueSlopeTable.slope(t, "rsq", "1", "1")).as(t.render()).isBetween(0.3, 0.7);
  }

  @Test
  void rowsFollowTheKeysInTheOrderTheRunsShowThem() {
    Table t = new QueueSlopeTable(List.of("lb", "x"), 100).analyze(List.of());
    assertThat(t.header()).containsExactly("lb", "x", "slope");
    assertThat(t.rows()).isEmpty();
  }
}
