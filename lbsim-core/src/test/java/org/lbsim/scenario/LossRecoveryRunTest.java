package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;
import org.lbsim.transport.IrnSettings;
import org.lbsim.transport.SackSettings;

/** Loss recovery, trimming, PFC and link losses on whole fabrics; every run conserves packets. */
class LossRecoveryRunTest {
  private static final String[] SPRAYED_PERMUTATION = {"topology.k=4", "lb=host-spray", "workload.kind=permutation",
      "workload.size=256KiB", "buffer.bytes=8MB"};

  private static RunResult run(String[] base, String... more) {
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return Scenarios.run(Scenarios.of(all));
  }

  @Test
  void goBackNRetransmitsSpuriouslyUnderSprayingWhileSackBeyondTheReorderingDepthDoesNot() {
    RunResult gbn = run(SPRAYED_PERMUTATION, "lr=gbn");
    assertThat(gbn.unfinishedFlows()).isZero();
    assertThat(gbn.drops()).isZero();
    assertThat(gbn.counters().get("spurious_retransmissions")).isPositive();
    assertThat(gbn.counters().get("nack_sent")).isPositive();
    assertThat(gbn.flows().stream().mapToLong(FlowOutcome::spuriousRetransmissions).sum())
        .isEqualTo(gbn.counters().get("spurious_retransmissions"));

    RunResult sack = run(SPRAYED_PERMUTATION, "lr=sack", "sack.threshold=64");
    assertThat(sack.unfinishedFlows()).isZero();
    assertThat(sack.drops()).isZero();
    assertThat(sack.counters().get("retransmissions")).isZero();
    assertThat(sack.counters().get("spurious_retransmissions")).isZero();
    assertThat(sack.cctPs()).isLessThan(gbn.cctPs());
  }

  @Test
  void aSmallSackThresholdMistakesReorderingForLoss() {
    RunResult sack = run(SPRAYED_PERMUTATION, "lr=sack", "sack.threshold=1");
    assertThat(sack.drops()).isZero();
    assertThat(sack.counters().get("spurious_retransmissions")).isPositive();
    assertThat(sack.counters().get("spurious_retransmissions")).isEqualTo(sack.counters().get("retransmissions"));
  }

  private static final String[] INCAST = {"topology.k=4", "workload.kind=incast", "workload.senders=15",
      "workload.size=256KiB", "buffer.packets=8"};

  @ParameterizedTest
  @ValueSource(strings = {"erasure", "sack", "irn"})
  void trimmingTurnsIncastLossesIntoNacks(String lr) {
    RunResult dropTail = run(INCAST, "lr=" + lr);
    assertThat(dropTail.counters().get("data_dropped")).isPositive();
    RunResult trimmed = run(INCAST, "lr=" + lr, "buffer.trimming=all");
    Map<String, Long> c = trimmed.counters();
    assertThat(trimmed.unfinishedFlows()).isZero();
    assertThat(c.get("data_dropped")).isZero();
    assertThat(c.get("data_trimmed")).isPositive();
    if (lr.equals("irn")) {
      assertThat(c.get("nack_sent")).isGreaterThan(c.get("data_trimmed")); // IRN also NACKs out-of-order packets
    } else {
      assertThat(c.get("nack_sent")).isEqualTo(c.get("data_trimmed")); // one NACK per trimmed header
    }
    assertThat(trimmed.ports().stream().mapToLong(PortStats::trims).sum()).isEqualTo(c.get("data_trimmed"));
  }

  /** 100 senders into one host: more headers per data slot than a port can serialize, so the header queues overflow. */
  private static final String[] HEADER_OVERFLOW = {"topology.k=8", "workload.kind=incast", "workload.senders=100",
      "workload.size=32KiB", "buffer.packets=2", "buffer.trimming=all"};

  @ParameterizedTest
  @ValueSource(strings = {"erasure", "sack", "gbn", "irn"})
  void returnToSenderBouncesHeadersTheFullPriorityQueueWouldDrop(String lr) {
    RunResult dropping = run(HEADER_OVERFLOW, "lr=" + lr);
    assertThat(dropping.counters().get("data_dropped")).isPositive();
    assertThat(dropping.counters()).doesNotContainKey("data_returned");

    RunResult rts = run(HEADER_OVERFLOW, "lr=" + lr, "buffer.trim_return=on");
    Map<String, Long> c = rts.counters();
    assertThat(rts.unfinishedFlows()).isZero();
    assertThat(c.get("data_dropped")).isZero();
    assertThat(c.get("data_returned")).isPositive();
    assertThat(rts.ports().stream().mapToLong(PortStats::trims).sum()).isEqualTo(c.get("data_trimmed"));
    if (!lr.equals("irn") && !lr.equals("gbn")) {
      // every trimmed header is answered once: by its receiver, or by the switch that returned it
      assertThat(c.get("nack_sent")).isEqualTo(c.get("data_trimmed"));
    }
  }

  @Test
  void theTrimCoinKeepsIncastLosslessAndIsTheReferenceProfilesDefault() {
    RunResult coin = run(INCAST, "lr=sack", "buffer.trimming=all", "buffer.trim_victim=coin");
    assertThat(coin.unfinishedFlows()).isZero();
    assertThat(coin.counters().get("data_dropped")).isZero();
    assertThat(coin.counters().get("data_trimmed")).isPositive();
    assertThat(Scenarios.of("buffer.trimming=all", "profile=reference").buffer().features().trimCoin()).isTrue();
    assertThat(Scenarios.of("buffer.trimming=all").buffer().features().trimCoin()).isFalse();
  }

  @Test
  void trimmingOnlyAtTorDownlinksLeavesOtherPortsDropTail() {
    RunResult r = run(INCAST, "lr=sack", "buffer.trimming=tor-down");
    assertThat(r.unfinishedFlows()).isZero();
    for (PortStats p : r.ports()) {
      if (!p.tier().equals("tor-down")) {
        assertThat(p.trims()).as(p.port()).isZero();
      }
    }
    assertThat(r.counters().get("data_trimmed")).isPositive();
  }

  @ParameterizedTest
  @ValueSource(strings = {"erasure", "gbn"})
  void pfcMakesA16To1IncastOnAFatTreeLossless(String lr) {
    RunResult r = Scenarios.run(Scenarios.of("topology.k=8", "workload.kind=incast", "workload.senders=16",
        "workload.size=64KiB", "buffer.pfc=on", "buffer.bytes=2MB", "lr=" + lr));
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(r.drops()).isZero();
    assertThat(r.counters().get("pause_frames")).isPositive();
    assertThat(r.counters().get("paused_ps")).isPositive();
    assertThat(r.counters().get("ports_paused_at_end")).isZero();
    assertThat(r.ports().stream().mapToLong(PortStats::pauseFrames).sum()).isEqualTo(r.counters().get("pause_frames"));
    assertThat(r.ports().stream().mapToLong(PortStats::pausedPs).sum()).isEqualTo(r.counters().get("paused_ps"));
  }

  @Test
  void pfcRefusesBuffersWithoutHeadroom() {
    assertThatThrownBy(() -> Scenarios.of("buffer.pfc=on"))
        .isInstanceOf(ScenarioException.class)
        .hasMessageContaining("buffer.pfc")
        .hasMessageContaining("raise buffer.bytes");
  }

  @ParameterizedTest
  @ValueSource(strings = {"erasure", "sack", "gbn", "irn"})
  void everyRecoveryCompletesOverRandomAndBurstyLoss(String lr) {
    RunResult r = Scenarios.run(Scenarios.of("topology.k=4", "workload.kind=permutation", "workload.size=128KiB",
        "loss.random_rate=0.01", "loss.flaky_links=2", "loss.burst_us=2", "loss.period_us=10", "lr=" + lr));
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(r.drops()).isPositive();
    if (!lr.equals("erasure")) {
      assertThat(r.counters().get("retransmissions")).isPositive();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"dupacks", "newreno"})
  void theStudySimulatorsDupAckSendersCompleteOverLossAndTrimming(String trigger) {
    for (String trimming : List.of("off", "all")) {
      RunResult r = Scenarios.run(Scenarios.of("topology.k=4", "workload.kind=permutation", "workload.size=128KiB",
          "loss.random_rate=0.01", "loss.flaky_links=2", "loss.burst_us=2", "loss.period_us=10", "lr=sack",
          "sack.trigger=" + trigger, "sack.threshold=3", "buffer.packets=8", "buffer.trimming=" + trimming));
      assertThat(r.unfinishedFlows()).isZero();
      assertThat(r.counters().get("retransmissions")).isPositive();
      assertThat(r.counters().get("timeouts")).isPositive();
    }
  }

  @Test
  void theDefaultTriggerIsTheSackDistanceAndDupAckCountsFollowTheThresholdUnlessSet() {
    SackSettings d = SackSettings.bind(Scenarios.of("lr=sack", "sack.threshold=5").designs().lrParams());
    assertThat(d.trigger()).isEqualTo("beyond");
    assertThat(d.dupAckTrigger()).isFalse();
    SackSettings auto = SackSettings.bind(Scenarios.of("lr=sack", "sack.threshold=5", "sack.trigger=dupacks")
        .designs().lrParams());
    assertThat(auto.dupAckThreshold()).isEqualTo(5);
    SackSettings set = SackSettings.bind(Scenarios.of("lr=sack", "sack.threshold=0", "sack.trigger=dupacks",
        "sack.dupacks=6").designs().lrParams());
    assertThat(set.threshold()).isZero();
    assertThat(set.dupAckThreshold()).isEqualTo(6);
  }

  @Test
  void irnTimeoutsScaleWithTheFabricsBaseRttUnlessSet() {
    IrnSettings auto = IrnSettings.bind(Scenarios.of("lr=irn").designs().lrParams());
    assertThat(auto.rtoLowPs()).isEqualTo(-1);
    // at the paper's own base RTT: its published 100 / 320 us
    assertThat(auto.rtoLowPs(22_000_000L)).isEqualTo(100_000_000L);
    assertThat(auto.rtoHighPs(22_000_000L)).isEqualTo(320_000_000L);
    // the study's fabric: 6 links of 0.5 us at 800 Gb/s, 4158 B data out, 64 B ACK back = 6,253,320 ps
    long studyRtt = 6 * (41_580L + 500_000) + 6 * (640L + 500_000);
    assertThat(auto.rtoLowPs(studyRtt)).isEqualTo(28_424_182L);
    assertThat(auto.rtoHighPs(studyRtt)).isEqualTo(90_957_382L);
    IrnSettings set = IrnSettings.bind(Scenarios.of("lr=irn", "irn.rto_low_us=50", "irn.rto_high_us=200")
        .designs().lrParams());
    assertThat(set.rtoLowPs(studyRtt)).isEqualTo(50_000_000L);
    assertThat(set.rtoHighPs(studyRtt)).isEqualTo(200_000_000L);
    assertThatThrownBy(() -> Scenarios.of("lr=irn", "irn.rto_low_us=soon")).hasMessageContaining("irn.rto_low_us")
        .hasMessageContaining("auto or a positive number of microseconds");
    assertThatThrownBy(() -> Scenarios.of("lr=irn", "irn.rto_low_us=50", "irn.rto_high_us=20"))
        .hasMessageContaining("irn.rto_high_us");
  }

  @Test
  void badLossRecoveryValuesAreRefusedWithKeyValueAndAllowed() {
    assertThatThrownBy(() -> Scenarios.of("lr=tcp")).hasMessageContaining("lr: invalid value (got 'tcp'; allowed: erasure, sack, gbn, irn)");
    assertThatThrownBy(() -> Scenarios.of("sack.fast_retransmit=2")).hasMessageContaining("sack.fast_retransmit");
    assertThatThrownBy(() -> Scenarios.of("sack.trigger=sometimes")).hasMessageContaining("allowed: beyond, dupacks, newreno");
    assertThatThrownBy(() -> Scenarios.of("lr=sack", "sack.trigger=dupacks", "sack.dupacks=0"))
        .hasMessageContaining("sack.dupacks");
    assertThatThrownBy(() -> Scenarios.of("lr=sack", "sack.trigger=newreno", "sack.threshold=0"))
        .hasMessageContaining("sack.threshold");
    assertThatThrownBy(() -> Scenarios.of("buffer.trimming=some")).hasMessageContaining("allowed: off, all, tor-down");
    assertThatThrownBy(() -> Scenarios.of("loss.random_rate=1.5")).hasMessageContaining("loss.random_rate");
    assertThatThrownBy(() -> Scenarios.of("buffer.pfc_xoff_packets=4", "buffer.pfc_xon_packets=6"))
        .hasMessageContaining("buffer.pfc_xon_packets");
    assertThatThrownBy(() -> Scenarios.of("irn.bdp_cap=0")).hasMessageContaining("irn.bdp_cap");
  }
}
