package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Packet;

/**
 * A recovery says whether it uses a retransmission timer ({@link LossRecovery#usesTimer}), so
 * that the sender makes the timer's state with the flow or not at all: the answer must match what
 * {@link LossRecovery#timerDeadlinePs} does once a packet is out.
 */
class LossRecoveryTimerTest {
  private static final long RTO = 10_000_000;

  private static Map<String, LossRecovery> recoveries() {
    return Map.of(
        "sack", SelectiveRepeat.sack(8, RttEstimator.of(RTO, RTO), 3, true),
        "irn", SelectiveRepeat.irn(8, RttEstimator.of(RTO, RTO), 4, RTO / 10, RTO, 3),
        "sack-dupacks", new DupAckRecovery(8, RttEstimator.of(RTO, RTO), 3, -1, true, false),
        "gbn", new GoBackN(8, RttEstimator.of(RTO, RTO)),
        "erasure", ErasureCoding.create(8, 4096, false, RttEstimator.of(RTO, RTO)),
        "erasure-reference", ErasureCoding.create(8, 4096, true, RttEstimator.of(RTO, RTO)));
  }

  @Test
  void aRecoveryWithATimerSetsADeadlineOnceAPacketIsOut() {
    recoveries().forEach((name, lr) -> {
      lr.setPathPolicy(new PathPolicy() {
        @Override
        public void choose(Packet p, long nowPs) {}
      });
      long seq = lr.nextToSend(0);
      assertThat(seq).as(name).isGreaterThanOrEqualTo(0);
      lr.onSent(seq, 0, 0);
      boolean deadline = lr.timerDeadlinePs() >= 0;
      assertThat(lr.usesTimer()).as(name + ": usesTimer() against a deadline after one send").isEqualTo(deadline);
    });
  }

  @Test
  void onlyTheErasureCodingRecoveriesHaveNoTimer() {
    recoveries().forEach((name, lr) -> assertThat(lr.usesTimer()).as(name).isEqualTo(!name.startsWith("erasure")));
  }
}
