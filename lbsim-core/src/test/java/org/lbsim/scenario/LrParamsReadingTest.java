package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The built-in loss recoveries' keys go through the reader's one design-parameter path: the
 * scenario holds the chosen design and its {@code Params}, and each refusal reads as it always has.
 */
class LrParamsReadingTest {

  private static List<String> problems(String... overrides) {
    return catchThrowableOfType(() -> Scenarios.of(overrides), ScenarioException.class).problems();
  }

  @Test
  void theScenarioHoldsTheChosenRecoveryAndItsTypedParams() {
    Scenario s = Scenarios.of("lr=sack", "sack.trigger=newreno", "sack.threshold=4");
    assertThat(s.designs().lr().name()).isEqualTo("sack");
    assertThat(s.designs().lrParams().number("trigger")).isEqualTo(2.0); // newreno's index
    assertThat(s.designs().lrParams().isAuto("dupacks")).isTrue();
    assertThat(s.designs().lrParams().integer("threshold")).isEqualTo(4);
    Scenario irn = Scenarios.of("lr=irn", "irn.rto_low_us=12.5", "irn.bdp_cap=40");
    assertThat(irn.designs().lrParams().number("rto_low_us")).isEqualTo(12.5);
    assertThat(irn.designs().lrParams().isAuto("rto_high_us")).isTrue();
    assertThat(irn.designs().lrParams().integerOr("bdp_cap", -1)).isEqualTo(40);
    assertThat(Scenarios.of("lr=gbn").designs().lrParams().has("threshold")).isFalse();
  }

  @Test
  void eachRefusalReadsAsBefore() {
    assertThat(problems("lr=sack", "sack.threshold=1e3")).containsExactly(
        "--set sack.threshold: invalid value (got '1e3'; allowed: an integer from 0 to 2147483647)");
    assertThat(problems("lr=sack", "sack.fast_retransmit=-1")).containsExactly(
        "--set sack.fast_retransmit: invalid value (got '-1'; allowed: an integer from 0 to 2147483647)");
    assertThat(problems("lr=sack", "sack.fast_retransmit=2")).containsExactly(
        "--set sack.fast_retransmit: invalid value (got '2'; allowed: 0 or 1)");
    assertThat(problems("lr=sack", "sack.trigger=dupacks", "sack.dupacks=1e2")).containsExactly(
        "--set sack.dupacks: invalid value (got '1e2'; allowed: an integer from 1 to 2147483647)");
    assertThat(problems("lr=sack", "sack.trigger=newreno", "sack.threshold=0")).containsExactly(
        "--set sack.threshold: invalid value (got '0'; allowed: at least 1 with sack.trigger newreno and "
            + "sack.dupacks auto (a duplicate-ACK count))");
    assertThat(problems("lr=irn", "irn.bdp_cap=0")).containsExactly(
        "--set irn.bdp_cap: invalid value (got '0'; allowed: an integer from 1 to 9223372036854775807)",
        "--set irn.bdp_cap: invalid value (got '0'; allowed: auto or a number of packets from 1 to "
            + "9223372036854775807)");
    assertThat(problems("lr=irn", "irn.rto_low_us=0")).containsExactly(
        "--set irn.rto_low_us: invalid value (got '0'; allowed: auto or a positive number of microseconds up to 1e9)");
    assertThat(problems("lr=irn", "irn.rto_low_us=50", "irn.rto_high_us=20")).containsExactly(
        "--set irn.rto_high_us: invalid value (got '20'; allowed: at least irn.rto_low_us (50))");
    assertThat(problems("lr=irn", "irn.low_packets=2.5")).containsExactly(
        "--set irn.low_packets: invalid value (got '2.5'; allowed: an integer from 0 to 2147483647)");
  }
}
