package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A run's default name: the file's stem and its overrides, as a sweep names its points. */
class RunNameTest {
  @Test
  void theStemAloneWithoutOverrides() {
    assertThat(RunName.of("my run", List.of())).isEqualTo("my run");
    assertThat(RunName.of("my", List.of("name=x"))).as("a name override names the run itself").isEqualTo("my");
  }

  @Test
  void eachOverrideAppendsItsKeyAndValueWithUnsafeCharactersAsDashes() {
    assertThat(RunName.of("my", List.of("lb=ofan", "failures.links=tier2:0,tier2:1", "plb.window?=5")))
        .isEqualTo("my_lb-ofan_failures.links-tier2-0-tier2-1_plb.window-5");
  }

  @Test
  void aLongListIsAHashOfItself() {
    List<String> many = List.of("workload.file=../lbsim-bench/crosscheck/cm/a2a_128n_64KiB.cm", "lb=subflow",
        "subflow.count=4", "failures.kind=drop", "failures.links=tier2:0,tier2:1");
    String name = RunName.of("perm", many);
    assertThat(name).matches("perm_set-[0-9a-f]{10}");
    assertThat(RunName.of("perm", many)).isEqualTo(name);
    assertThat(RunName.of("perm", List.of(many.get(0), "lb=ecmp", many.get(2), many.get(3), many.get(4))))
        .as("other overrides, another name").isNotEqualTo(name);
  }
}
