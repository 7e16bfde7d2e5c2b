package org.lbsim.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lbsim.scenario.Profile;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioReader;

/**
 * Keeps the benchmark catalogue valid as the scenario schema evolves. Only parses: no scenario
 * is run here, because benchmarks never run in the build.
 */
class MacroScenariosTest {

  @Test
  void everyScenarioParsesWithItsName() {
    Set<String> names = new HashSet<>();
    for (MacroScenario m : MacroScenarios.all()) {
      assertThat(names.add(m.name())).as("unique name %s", m.name()).isTrue();
      Scenario s = ScenarioReader.fromText("", "macro", null, m.name(), m.overrides());
      assertThat(s.name()).isEqualTo(m.name());
      assertThat(s.profile()).isEqualTo(m.name().endsWith("-default") ? Profile.DEFAULT : Profile.REFERENCE);
    }
  }

  @Test
  void everyScenarioAlsoParsesAsItsSetupOnlyRun() {
    for (MacroScenario m : MacroScenarios.all()) {
      Scenario s = ScenarioReader.fromText("", "macro", null, m.name(), MacroRun.setupOverrides(m, List.of()));
      assertThat(s.engine().limitPs()).as(m.name()).isEqualTo(1_000_000L);
    }
  }

  @Test
  void theBarIsTheStudySetting() {
    Scenario s = ScenarioReader.fromText("", "macro", null, "bar", MacroScenarios.find("ata-128-2MiB").overrides());
    assertThat(s.topology().hosts()).isEqualTo(128);
    assertThat(s.fabric().links().host().bitsPerSecond()).isEqualTo(100_000_000_000L);
    assertThat(s.fabric().links().host().latencyPs()).isEqualTo(1_000_000L);
    assertThat(s.buffer().bytes()).isEqualTo(100L * 4178);
    assertThat(s.workload().kind().name()).isEqualTo("all-to-all");
    assertThat(s.workload().sizeBytes()).isEqualTo(2L << 20);
    assertThat(s.designs().lb().name()).isEqualTo("host-spray");
  }

  @Test
  void theBarScenarioFileIsTheMacroBar() {
    // lbsim-bench/bar.yaml is what run-cli-ab.sh and the docs run through the CLI: it must stay
    // the scenario the macro benchmark calls the bar (the build runs tests in the module folder)
    Scenario file = ScenarioReader.read(java.nio.file.Path.of("bar.yaml"), List.of());
    Scenario macro = ScenarioReader.fromText("", "macro", null, "bar", MacroScenarios.find("ata-128-2MiB").overrides());
    assertThat(file.identity().values()).isEqualTo(macro.identity().values()); // every resolved key, defaults included
  }

  @Test
  void extraOverridesComeLastSoTheyWin() {
    MacroScenario m = MacroScenarios.find("ata-16-256KiB");
    List<String> all = m.overridesWith(List.of("lb=ecmp"));
    assertThat(all.get(all.size() - 1)).isEqualTo("lb=ecmp");
    assertThat(ScenarioReader.fromText("", "macro", null, m.name(), all).designs().lb().name()).isEqualTo("ecmp");
  }

  @Test
  void medianOfOddAndEvenCounts() {
    assertThat(MacroBenchmark.median(new long[] {5, 1, 3})).isEqualTo(3);
    assertThat(MacroBenchmark.median(new long[] {4, 1, 3, 2})).isEqualTo(2);
    assertThat(MacroBenchmark.median(new long[] {7})).isEqualTo(7);
  }
}
