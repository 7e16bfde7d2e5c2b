package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lbsim.design.Params;
import org.lbsim.scenario.Applicability;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;
import org.lbsim.scenario.ScenarioSchema;

/** The loss-recovery registry: the names the schema offers, and what each design builds at both ends. */
class LrDesignsTest {

  @Test
  void theSchemaOffersExactlyTheRegistryInItsOrder() {
    assertThat(ScenarioSchema.get("lr").choices()).containsExactly("erasure", "sack", "gbn", "irn");
    assertThat(ScenarioSchema.get("lr").defaultValue()).isEqualTo("erasure");
    for (String name : ScenarioSchema.get("lr").choices()) {
      LrDesign d = LrDesigns.find(name);
      assertThat(d).as(name).isNotNull();
      assertThat(d.name()).isEqualTo(name);
      assertThat(d.summary()).isNotBlank();
      assertThat(d.source()).isNotBlank();
    }
    assertThat(LrDesigns.find("tcp")).isNull();
  }

  @Test
  void aReceiverSideTakenFromSackKeepsSacksSettingsWhenAnotherDesignBindsItsOwn() {
    LrDesign sack = LrDesigns.find("sack");
    LrDesign other = LrDesign.withParams("borrowing", "a sender of its own on SACK's receiver", "a test",
        List.of(org.lbsim.design.Param.integer("timeout_us", 5, 1, 100, "a parameter SACK does not have")),
        (values, t, f, target, rtt) -> null, sack.receiver());
    LrDesign bound = other.bind(Params.defaults(other.params()));
    assertThat(bound.receiver()).isSameAs(sack.receiver());
    LrDesign sackBound = sack.bind(Params.defaults(sack.params()));
    assertThat(sackBound.receiver()).as("SACK's own receiver reads SACK's values").isNotSameAs(sack.receiver());
  }

  @Test
  void aDesignsKeysApplyOnlyUnderIt() {
    for (LrDesign d : LrDesigns.all()) {
      for (String key : d.keys()) {
        assertThat(ScenarioSchema.get(key)).as(key).isNotNull();
        assertThat(Applicability.of(key).governing()).as(key).contains("lr");
        assertThat(Applicability.of(key).when()).as(key).startsWith("lr is " + d.name());
      }
    }
    assertThat(LrDesigns.find("sack").keys()).contains("sack.threshold", "sack.dupacks");
    assertThat(LrDesigns.find("irn").keys()).contains("irn.bdp_cap", "irn.low_packets");
    assertThat(Applicability.of("sack.dupacks").when()).isEqualTo("lr is sack and sack.trigger is dupacks or newreno");
  }

  @Test
  void sackAndIrnSettingsBindFromTheirParamsAndRefuseAnUnknownTrigger() {
    Params sack = Params.defaults(LrDesigns.find("sack").params());
    assertThat(sack.number("trigger")).isZero(); // the index of beyond
    assertThat(sack.isAuto("dupacks")).isTrue();
    assertThat(SackSettings.bind(sack)).isEqualTo(new SackSettings(3, "beyond", -1, true));
    assertThat(SackSettings.bind(sack.with("trigger", 2).with("dupacks", 4).with("fast_retransmit", 0)))
        .isEqualTo(new SackSettings(3, "newreno", 4, false));
    assertThat(IrnSettings.bind(Params.defaults(LrDesigns.find("irn").params())))
        .isEqualTo(new IrnSettings(-1, -1, -1, 3));
    assertThat(IrnSettings.bind(Params.defaults(LrDesigns.find("irn").params()).with("rto_low_us", 2.5)).rtoLowPs())
        .isEqualTo(2_500_000L);
    assertThatThrownBy(() -> new SackSettings(3, "often", -1, true)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown sack trigger 'often' (allowed: beyond, dupacks, newreno)");
    assertThat(LrDesigns.find("erasure").bind(new Params(java.util.Map.of()))).isSameAs(LrDesigns.find("erasure"));
  }

  /** Each design's sender and receiver classes, as a run on a small fat tree builds them for every flow. */
  @ParameterizedTest
  @CsvSource({
      "erasure, default,   TimedErasureCoding,     CodedReceiver",
      "erasure, reference, ReferenceErasureCoding, CodedReceiver",
      "sack,    default,   SelectiveRepeat,        SackReceiver",
      "gbn,     default,   GoBackN,                GbnReceiver",
      "irn,     default,   SelectiveRepeat,        SackReceiver"})
  void eachDesignBuildsItsSenderAndReceiver(String lr, String profile, String sender, String receiver) {
    Transport t = transport("lr=" + lr, "profile=" + profile);
    for (int i = 0; i < t.flowCount(); i++) {
      assertThat(t.lossRecovery(i).getClass().getSimpleName()).isEqualTo(sender);
      assertThat(t.receiver(i).getClass().getSimpleName()).isEqualTo(receiver);
    }
  }

  @Test
  void sackWithADuplicateAckTriggerRunsTheStudysSender() {
    for (String trigger : List.of("dupacks", "newreno")) {
      Transport t = transport("lr=sack", "sack.trigger=" + trigger);
      assertThat(t.lossRecovery(0)).isInstanceOf(DupAckRecovery.class);
      assertThat(t.receiver(0)).isInstanceOf(SackReceiver.class);
    }
  }

  @Test
  void sackAndIrnDifferInTheirReceiversNacks() {
    SackReceiver sack = (SackReceiver) transport("lr=sack").receiver(0);
    SackReceiver irn = (SackReceiver) transport("lr=irn").receiver(0);
    org.lbsim.net.Packet p = new org.lbsim.net.Packet();
    p.seq = 2; // beyond the hole at 0
    assertThat(sack.accept(p)).isEqualTo(org.lbsim.net.Packet.ACK);
    p = new org.lbsim.net.Packet();
    p.seq = 2;
    assertThat(irn.accept(p)).isEqualTo(org.lbsim.net.Packet.NACK);
  }

  private static Transport transport(String... overrides) {
    List<String> all = new java.util.ArrayList<>(List.of("topology.k=4", "workload.kind=all-to-all", "workload.size=64KiB"));
    all.addAll(List.of(overrides));
    return ScenarioRunner.prepare(ScenarioReader.fromText("", "test", Path.of("."), "test", all)).transport();
  }
}
