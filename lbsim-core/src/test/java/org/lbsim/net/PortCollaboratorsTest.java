package org.lbsim.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.lbsim.engine.Simulator;
import org.lbsim.lb.Ecmp;
import org.lbsim.topo.Fabric;
import org.lbsim.topo.FabricSettings;
import org.lbsim.topo.FatTree;
import org.lbsim.topo.PortFeatures;
import org.lbsim.topo.TierLink;

/** A port's optional features are collaborators the fabric attaches only where a scenario asks for them. */
class PortCollaboratorsTest {
  private static final TierLink LINK = new TierLink(800_000_000_000L, 500_000);

  private static Fabric fabric(PortFeatures features) {
    return Fabric.build(new Simulator(3), new FatTree(4, 1),
        new FabricSettings(LINK, LINK, LINK, 1_000_000, 0.5, 20, features), sw -> new Ecmp());
  }

  @Test
  void aPlainFabricAttachesNothingAndComputesEveryDepartureOnArrival() {
    Fabric f = fabric(PortFeatures.NONE);
    assertThat(f.ports()).hasSize(16 + 16 + 2 * 16 + 2 * 16);
    for (EgressPort p : f.ports()) {
      assertThat(p.departuresOnArrival()).as(p.name()).isTrue();
      assertThat(p.trimming()).as(p.name()).isFalse();
      assertThat(p.pfcEnabled()).as(p.name()).isFalse();
      assertThat(p.statistics().queueLimitBytes()).as(p.name()).isIn(1_000_000L, Long.MAX_VALUE);
    }
  }

  @Test
  void torDownTrimmingAttachesTrimmingToThePortsTowardsHostsOnly() {
    Fabric f = fabric(new PortFeatures(PortFeatures.TrimScope.TOR_DOWN, 62, false, 0, 0, 0, 0, 10_000_000, 100_000_000));
    for (int i = 0; i < f.ports().size(); i++) {
      EgressPort p = f.ports().get(i);
      boolean towardsHost = f.portTier(i).equals("tor-down");
      assertThat(p.trimming()).as(p.name()).isEqualTo(towardsHost);
      assertThat(p.departuresOnArrival()).as(p.name()).isEqualTo(!towardsHost);
      assertThat(p.statistics().queueLimitBytes()).as(p.name())
          .isEqualTo(towardsHost ? 3 * 1_000_000L + 62 : f.portTier(i).equals("host-up") ? Long.MAX_VALUE : 1_000_000L);
    }
  }

  /** Every link into a switch is paused by it; its frames travel on the same cable's other direction. */
  @Test
  void pfcPausesEveryPortFeedingASwitchAndLeavesThePortsTowardsHostsUnpaused() {
    Fabric f = fabric(new PortFeatures(PortFeatures.TrimScope.OFF, 62, true, 12 * 4158, 6 * 4158, 0, 0, 10_000_000, 100_000_000));
    for (int i = 0; i < f.ports().size(); i++) {
      EgressPort p = f.ports().get(i);
      assertThat(p.pfcEnabled()).as(p.name()).isEqualTo(!f.portTier(i).equals("tor-down"));
      assertThat(p.departuresOnArrival()).as(p.name()).isFalse(); // paused, or carrying pause frames
      assertThat(p.paused()).isFalse();
      assertThat(p.statistics().pauseFrames()).isZero();
    }
  }

  @Test
  void pfcNeedsXonBelowXoffAndTheFarEndsPort() {
    EgressPort a = port("a");
    EgressPort b = port("b");
    assertThatThrownBy(() -> a.enablePfc(4158, 4158, b)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("0 <= XON < XOFF");
    assertThatThrownBy(() -> a.enablePfc(4158, 0, a)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("far end's port");
    assertThat(a.pfcEnabled()).isFalse();
  }

  @Test
  void aPortCarriesThePauseFramesOfOnePortOnly() {
    EgressPort a = port("a");
    EgressPort b = port("b");
    EgressPort c = port("c");
    a.enablePfc(4158, 0, c);
    assertThatThrownBy(() -> b.enablePfc(4158, 0, c)).isInstanceOf(IllegalStateException.class)
        .hasMessage("port c already carries pause frames for a");
  }

  @Test
  void theTrimmingOptionsNeedATrimmingPort() {
    EgressPort p = port("p");
    assertThatThrownBy(() -> p.setTrimCoin(new java.util.SplittableRandom(1))).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("does not trim");
    assertThatThrownBy(() -> p.enableReturnToSender(q -> {})).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("does not trim");
  }

  /** The line's capacity follows its rate changes: 800 Gb/s = 100 B/ns until 1 us, then 200 Gb/s. */
  @Test
  void aRateChangeSplitsTheLineCapacityAtTheChange() {
    Simulator sim = new Simulator(1);
    EgressPort p = new EgressPort(sim, new PacketPool(), new FabricCounters(),
        new PortConfig(800_000_000_000L, 1_000_000, -1, 20), new Link(500_000), "p");
    sim.schedule(1_000_000, (k, a) -> p.setRate(200_000_000_000L), 0, 0);
    sim.schedule(3_000_000, (k, a) -> {}, 0, 0);
    sim.run(1_000_000);
    assertThat(p.statistics().lineCapacityUntilNow()).isEqualTo(100_000.0);
    sim.run(Long.MAX_VALUE);
    assertThat(sim.now()).isEqualTo(3_000_000);
    assertThat(p.statistics().lineCapacityUntilNow()).isEqualTo(100_000.0 + 50_000.0);
    assertThat(p.departuresOnArrival()).isFalse();
  }

  private static EgressPort port(String name) {
    return new EgressPort(new Simulator(1), new PacketPool(), new FabricCounters(),
        new PortConfig(800_000_000_000L, 1_000_000, -1, 20), new Link(500_000), name);
  }
}
