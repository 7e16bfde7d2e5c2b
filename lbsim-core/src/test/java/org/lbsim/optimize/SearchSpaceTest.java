package org.lbsim.optimize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.ScenarioException;

class SearchSpaceTest {
  private static SearchSpace space(Map<String, List<String>> axes, Map<String, double[]> ranges, boolean ideal) {
    return SearchSpace.of(Catalog.builtIn(), new SpaceRequest(axes, Set.of(), ranges, ideal));
  }

  @Test
  void leavesOutTheIdealTransportAndTheOracleUnlessAskedFor() {
    SearchSpace all = SearchSpace.of(Catalog.builtIn(), SpaceRequest.everything());
    assertThat(all.combos()).isNotEmpty().noneMatch(c -> c.cc().equals("ideal") || c.lr().equals("erasure")
        || c.lb().equals("central-te"));
    assertThat(all.excluded()).anyMatch(e -> e.startsWith("cc ideal")).anyMatch(e -> e.startsWith("lr erasure"))
        .anyMatch(e -> e.startsWith("lb central-te"));

    Map<String, List<String>> axes = Map.of("lb", List.of("ecmp"), "cc", List.of("ideal", "dctcp"), "lr", List.of("sack"));
    assertThat(space(axes, Map.of(), false).combos()).extracting(DesignCombo::cc).containsExactly("dctcp");
    SearchSpace asked = space(axes, Map.of(), true);
    assertThat(asked.combos()).extracting(DesignCombo::cc).containsExactly("ideal", "dctcp");
    assertThat(asked.combos().get(0).label()).isEqualTo("ecmp ideal sack (not deployable)");
    assertThat(asked.combos().get(1).label()).isEqualTo("ecmp dctcp sack");
  }

  @Test
  void onlyTheIdealTransportLeavesNothingToSearchAndSaysHowToAskForIt() {
    assertThatThrownBy(() -> space(Map.of("cc", List.of("ideal")), Map.of(), false))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("nothing left to search")
        .hasMessageContaining("--include-ideal");
  }

  @Test
  void knobsAreTheNumericParametersAroundTheirDefaultsWithinTheRegistry() {
    SearchSpace s = space(Map.of("lb", List.of("plb"), "cc", List.of("dctcp"), "lr", List.of("sack")), Map.of(), false);
    Map<String, Knob> knobs = new java.util.HashMap<>();
    s.combos().get(0).knobs().forEach(k -> knobs.put(k.key(), k));
    assertThat(knobs).containsKeys("plb.window", "plb.repath_fraction", "dctcp.g", "sack.threshold")
        .doesNotContainKey("sack.trigger"); // a choice, left at its default
    Knob g = knobs.get("dctcp.g");
    assertThat(g.low()).isEqualTo(0.00625);
    assertThat(g.high()).isEqualTo(0.625);
    assertThat(g.logScale()).isTrue();
    assertThat(g.value(g.position(0.0625))).isEqualTo(0.0625);
    Knob f = knobs.get("plb.repath_fraction");
    assertThat(f.high()).isEqualTo(1); // 10 x 0.4 capped at the registry's 1
    assertThat(knobs.get("plb.window").value(0.5)).isEqualTo(Math.rint(knobs.get("plb.window").value(0.5)));
  }

  @Test
  void theNetworksTimeoutsAreKnobsOfEveryCombinationOnlyWhenARangeNamesThem() {
    Map<String, List<String>> axes = Map.of("lb", List.of("ecmp", "ofan"), "cc", List.of("dctcp"), "lr", List.of("sack"));
    assertThat(space(axes, Map.of(), false).knobKeys()).doesNotContain("transport.initial_rto_us");
    SearchSpace s = space(axes, Map.of("transport.initial_rto_us", new double[] {10, 2000}), false);
    assertThat(s.combos()).hasSize(2).allSatisfy(c -> assertThat(c.knobs()).filteredOn(k -> k.key().equals(
        "transport.initial_rto_us")).singleElement().satisfies(k -> {
          assertThat(k.low()).isEqualTo(10);
          assertThat(k.high()).isEqualTo(2000);
          assertThat(k.defaultValue()).isEqualTo(1000); // the schema's default
          assertThat(k.logScale()).isTrue();
        }));
    assertThatThrownBy(() -> space(axes, Map.of("transport.min_rto_us", new double[] {0.001, 5}), false))
        .isInstanceOf(ScenarioException.class).hasMessage("--range transport.min_rto_us=0.001:5: outside the range the network "
            + "takes (allowed: 0.01 to 1000000)");
    assertThatThrownBy(() -> SearchSpace.of(Catalog.builtIn(), new SpaceRequest(axes, Set.of("transport.min_rto_us"),
        Map.of("transport.min_rto_us", new double[] {1, 5}), false)))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("is fixed by --set; drop one of the two");
    assertThatThrownBy(() -> space(axes, Map.of("transport.rate_coef", new double[] {0.5, 1}), false))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("unknown parameter 'transport.rate_coef'")
        .hasMessageContaining("or a network setting: transport.initial_rto_us, transport.min_rto_us, "
            + "buffer.ecn_fraction");
  }

  /** The ECN threshold, whose default is auto, is searched from 0.5 of the buffer within [0, 1]. */
  @Test
  void theEcnThresholdIsANetworkKnobStartingAtHalfTheBuffer() {
    Map<String, List<String>> axes = Map.of("lb", List.of("ecmp"), "cc", List.of("dctcp"), "lr", List.of("sack"));
    SearchSpace s = space(axes, Map.of("buffer.ecn_fraction", new double[] {0.05, 0.9}), false);
    assertThat(s.combos()).singleElement().satisfies(c -> assertThat(c.knobs()).filteredOn(k -> k.key().equals(
        "buffer.ecn_fraction")).singleElement().satisfies(k -> {
          assertThat(k.low()).isEqualTo(0.05);
          assertThat(k.high()).isEqualTo(0.9);
          assertThat(k.defaultValue()).isEqualTo(0.5);
        }));
    assertThatThrownBy(() -> space(axes, Map.of("buffer.ecn_fraction", new double[] {0.1, 2}), false))
        .isInstanceOf(ScenarioException.class).hasMessage("--range buffer.ecn_fraction=0.1:2: outside the range the network "
            + "takes (allowed: 0 to 1)");
  }

  @Test
  void refusesAnUnknownParameterAndARangeOutsideTheRegistry() {
    Map<String, List<String>> axes = Map.of("lb", List.of("plb"), "cc", List.of("dctcp"), "lr", List.of("sack"));
    assertThatThrownBy(() -> space(axes, Map.of("plb.colour", new double[] {1, 2}), false))
        .hasMessageContaining("--range plb.colour=1:2: unknown parameter 'plb.colour'").hasMessageContaining("plb.window");
    assertThatThrownBy(() -> space(axes, Map.of("plb.repath_fraction", new double[] {0.1, 2}), false))
        .hasMessageContaining("--range plb.repath_fraction=0.1:2: outside the registry's range (allowed: a number from 0 to 1)");
    assertThatThrownBy(() -> space(Map.of("lb", List.of("nope")), Map.of(), false))
        .hasMessageContaining("unknown design 'nope'").hasMessageContaining("ecmp");
    Knob narrowed = space(axes, Map.of("plb.window", new double[] {5, 40}), false).combos().get(0).knobs().stream()
        .filter(k -> k.key().equals("plb.window")).findFirst().orElseThrow();
    assertThat(narrowed.low()).isEqualTo(5);
    assertThat(narrowed.high()).isEqualTo(40);
  }
}
