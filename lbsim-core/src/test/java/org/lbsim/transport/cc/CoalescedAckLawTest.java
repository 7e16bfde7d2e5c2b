package org.lbsim.transport.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;

/** One ACK that acknowledges several packets (receivers that coalesce ACKs) credits every one of them. */
class CoalescedAckLawTest {
  private static final long SLOT = 41_780;
  private static final long US = 1_000_000;

  private static Packet ack(long seq) {
    Packet p = new Packet();
    p.type = Packet.ACK;
    p.seq = seq;
    return p;
  }

  @Test
  void nsccCreditsTheBytesOfEveryPacketAcknowledged() {
    // base RTT 12 us, target 6 us, MTU 4000 B (ControlLawTest's NSCC): a sample 2 us above the base
    // is below the target, a proportional increase per byte acknowledged
    double alpha = 4 * 4000 * 1.0 * 0.5 / (6 * US);
    Nscc n = new Nscc(new Nscc.Config(12 * US, 6 * US, 0.8, 3, 150_000, 1, 4000, SLOT));
    n.onCoalescedAck(ack(3), false, 14 * US, 4, 1000);
    assertThat(n.pendingIncrease()).isCloseTo(alpha * 16_000 * (4 * US), within(1e-3));
  }

  @Test
  void dctcpCountsEveryPacketInItsMarkedFractionAndItsWindow() {
    Dctcp d = new Dctcp(1.0 / 16, 10, 1.0, SLOT);
    for (int s = 0; s < 10; s++) {
      d.onSent(s, 4158, 0);
    }
    d.onCoalescedAck(ack(3), false, 0, 4, 0); // closes the first window: F = 0/4
    assertThat(d.alpha()).isEqualTo(15.0 / 16);
    assertThat(d.cwnd()).isEqualTo(14); // slow start: one packet per packet acknowledged
    d.onCoalescedAck(ack(4), false, 0, 0, 0); // an ACK that acknowledges nothing new changes no count
    assertThat(d.cwnd()).isEqualTo(14);
    assertThat(d.alpha()).isEqualTo(15.0 / 16);
  }

  @Test
  void swiftGrowsByItsAdditiveStepPerPacketAcknowledged() {
    // ai 1, target 6.4 us (ControlLawTest's Swift); a 1 us sample is below it: + ai x 4 / cwnd
    Swift s = new Swift(new Swift.Config(1, 0.8, 0.5, 5 * US, US, US / 10, 4, 0, 0.1, 100, 0.001, 1000, 5, 5, SLOT));
    s.onCoalescedAck(ack(3), false, US, 4, 100 * US);
    assertThat(s.cwnd()).isCloseTo(5.8, within(1e-12));
  }
}
