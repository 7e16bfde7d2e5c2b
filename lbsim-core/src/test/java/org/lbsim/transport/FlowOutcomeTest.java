package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An outcome built by name: unset times are never (-1), unset counts zero, and a copy keeps every field. */
class FlowOutcomeTest {
  @Test
  void anUnsetTimeIsNeverAndAnUnsetCountIsZero() {
    FlowOutcome never = FlowOutcome.builder().id(3).src(1).dst(2).bytes(100).build();
    assertThat(never.id()).isEqualTo(3);
    assertThat(never.src()).isEqualTo(1);
    assertThat(never.dst()).isEqualTo(2);
    assertThat(never.bytes()).isEqualTo(100);
    assertThat(never.startPs()).isEqualTo(-1);
    assertThat(never.finishPs()).isEqualTo(-1);
    assertThat(never.receivedPs()).isEqualTo(-1);
    assertThat(never.packetsSent()).isZero();
    assertThat(never.timeouts()).isZero();
    assertThat(never.finished()).isFalse();
    assertThat(never.fctPs()).isEqualTo(-1);
  }

  @Test
  void eachSetterFillsItsOwnFieldAndACopyKeepsThemAll() {
    FlowOutcome o = FlowOutcome.builder().id(12).src(1).dst(2).bytes(3_000).startPs(40).finishPs(500)
        .receivedPs(450).packetsSent(6).packetsLost(7).meanRttPs(80).retransmissions(9).spuriousRetransmissions(10)
        .timeouts(11).build();
    assertThat(new long[] {o.id(), o.src(), o.dst(), o.bytes(), o.startPs(), o.finishPs(), o.receivedPs(),
        o.packetsSent(), o.packetsLost(), o.meanRttPs(), o.retransmissions(), o.spuriousRetransmissions(), o.timeouts()})
        .containsExactly(12, 1, 2, 3_000, 40, 500, 450, 6, 7, 80, 9, 10, 11);
    assertThat(o.toBuilder().build()).isEqualTo(o);
    assertThat(o.toBuilder().meanRttPs(0).build().meanRttPs()).isZero();
  }
}
