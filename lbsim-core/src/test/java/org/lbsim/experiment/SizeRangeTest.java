package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SizeRangeTest {
  private static final long MIB = 1 << 20;

  @Test
  void aFactorMultipliesFromMinWhileAtMostMax() {
    assertThat(new SizeRange(MIB, 1024 * MIB, 2, 0).sizes()).hasSize(11).startsWith(MIB, 2 * MIB).endsWith(1024 * MIB);
    assertThat(new SizeRange(MIB, 3 * MIB, 2, 0).sizes()).containsExactly(MIB, 2 * MIB);
    assertThat(new SizeRange(8, 8, 2, 0).sizes()).containsExactly(8L);
    assertThat(new SizeRange(1, 100, 10, 0).sizes()).containsExactly(1L, 10L, 100L);
  }

  @Test
  void aStepAddsBytes() {
    assertThat(new SizeRange(64, 256, 2, 64).sizes()).isEqualTo(List.of(64L, 128L, 192L, 256L));
  }

  @Test
  void tooManySizesOrABadRangeAreRefused() {
    assertThatThrownBy(() -> new SizeRange(1, 1000, 2, 1).sizes()).hasMessageContaining("more than 64 sizes");
    assertThatThrownBy(() -> new SizeRange(2, 1, 2, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new SizeRange(1, 2, 1, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
