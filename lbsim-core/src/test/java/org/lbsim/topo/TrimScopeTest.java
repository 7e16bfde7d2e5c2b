package org.lbsim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.lbsim.scenario.ScenarioSchema;
import org.lbsim.topo.PortFeatures.TrimScope;

class TrimScopeTest {

  @Test
  void theScopesAreTheScenarioWordsInOrder() {
    assertThat(Arrays.stream(TrimScope.values()).map(TrimScope::word))
        .containsExactlyElementsOf(ScenarioSchema.get("buffer.trimming").choices());
    for (TrimScope t : TrimScope.values()) {
      assertThat(TrimScope.of(t.word())).isSameAs(t);
    }
  }

  @Test
  void allTrimsEverySwitchPortAndTorDownOnlyThoseTowardsHosts() {
    assertThat(TrimScope.OFF.trims(true)).isFalse();
    assertThat(TrimScope.OFF.trims(false)).isFalse();
    assertThat(TrimScope.ALL.trims(true)).isTrue();
    assertThat(TrimScope.ALL.trims(false)).isTrue();
    assertThat(TrimScope.TOR_DOWN.trims(true)).isTrue();
    assertThat(TrimScope.TOR_DOWN.trims(false)).isFalse();
  }

  @Test
  void anUnknownWordIsRefused() {
    assertThatThrownBy(() -> TrimScope.of("tor-up")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("trimming must be off, all or tor-down, got tor-up");
  }
}
