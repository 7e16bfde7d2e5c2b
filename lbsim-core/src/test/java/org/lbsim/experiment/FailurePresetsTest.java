package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FailurePresetsTest {
  @Test
  void fig4SweepsConvergenceUpToAMillisecondOnTheStudysMessageSize() {
    Preset p = Presets.find("fig4");
    assertThat(p.base()).contains("failures.rate=0.01", "workload.kind=all-to-all", "workload.size=1MiB");
    // the later limit wins: a black hole that never converges must not cut the 1 MiB collective short
    assertThat(p.base().lastIndexOf("run.limit_ms=20")).isGreaterThan(p.base().indexOf("run.limit_ms=2"));
    assertThat(p.axes().get(1).values()).containsExactly("0", "100", "300", "1000", "never");
    assertThat(p.grid(1)).hasSize(4 * 5);
  }

  @Test
  void fig3AndFig5RunTheStudysMessageSizeAndTheirQuickVariantsASmallerOne() {
    Preset fig3 = Presets.find("fig3");
    assertThat(fig3.base()).contains("failures.convergence_us=never", "workload.size=1MiB");
    // the later limit wins: long enough for every design that can finish under a black hole
    assertThat(fig3.base()).endsWith("run.limit_ms=20");
    assertThat(fig3.quickVariant().base()).endsWith("workload.size=256KiB", "run.limit_ms=5");
    assertThat(fig3.quickVariant().seeds()).isEqualTo(3);
    Preset fig5 = Presets.find("fig5");
    assertThat(fig5.base()).contains("failures.convergence_us=0", "workload.size=1MiB");
    assertThat(fig5.quickVariant().base()).endsWith("workload.size=64KiB");
  }
}
