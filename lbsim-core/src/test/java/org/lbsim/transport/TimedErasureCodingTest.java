package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Packet;

/**
 * The default erasure sender's window of unsettled packets: a flow starts with as many slots as
 * it has packets (at most 64) and the window grows past them when losses make it wider, keeping
 * every packet's send time and path.
 */
class TimedErasureCodingTest {
  private static final long RTO = 1_000;
  private static final int PAYLOAD = 4096;

  /** Records the path of every packet declared lost. */
  private static final class Paths implements PathPolicy {
    final List<Integer> timedOut = new ArrayList<>();

    @Override
    public void choose(Packet p, long nowPs) {}

    @Override
    public void onTimeout(int entropy, long nowPs) {
      timedOut.add(entropy);
    }
  }

  private static TimedErasureCoding sender(long packets, Paths paths) {
    TimedErasureCoding s = new TimedErasureCoding(packets, PAYLOAD, new RttView() {
      @Override
      public long srttPs() {
        return 0;
      }

      @Override
      public long rtoPs() {
        return RTO;
      }
    });
    s.setPathPolicy(paths);
    return s;
  }

  private static Packet ack(long seq, long receivedPackets) {
    Packet p = new Packet();
    p.seq = seq;
    p.receivedBytes = receivedPackets * PAYLOAD;
    return p;
  }

  @Test
  void aOnePacketFlowWhosePacketsAreLostTwiceGrowsItsWindowAndFinishes() {
    Paths paths = new Paths();
    TimedErasureCoding s = sender(1, paths);
    long now = 0;
    for (int attempt = 0; attempt < 3; attempt++) {
      long seq = s.nextToSend(now);
      assertThat(seq).as("attempt %d", attempt).isEqualTo(attempt);
      s.onSent(seq, 10 + attempt, now);
      assertThat(s.nextToSend(now)).isEqualTo(-1); // one packet out, none more until it is late
      now += RTO + 1;
    }
    // the first two were declared lost on their paths, in order; the third arrives
    s.onAck(ack(2, 1), now);
    assertThat(paths.timedOut).containsExactly(10, 11);
    assertThat(s.complete()).isTrue();
    assertThat(s.packetsDeclaredLost()).isEqualTo(2);
  }

  @Test
  void aWindowWiderThanTheFirstSlotsKeepsEachPacketsSendTimeAndPath() {
    Paths paths = new Paths();
    TimedErasureCoding s = sender(3, paths); // 4 slots
    for (int seq = 0; seq < 3; seq++) {
      s.onSent(seq, 100 + seq, seq);
    }
    // packets 1 to 4 come back trimmed while packet 0 is still under way: the window
    // [0, 7) outgrows the 4 slots
    s.onNack(ack(1, 0), 3);
    s.onNack(ack(2, 0), 3);
    for (int seq = 3; seq < 7; seq++) {
      assertThat(s.nextToSend(seq)).isEqualTo(seq);
      s.onSent(seq, 100 + seq, seq);
      if (seq < 5) {
        s.onNack(ack(seq, 0), seq);
      }
    }
    assertThat(s.nextToSend(7)).isEqualTo(-1);
    // each unsettled packet times out one RTO after its own send time, on its own path
    s.nextToSend(RTO + 1);
    assertThat(paths.timedOut).containsExactly(100);
    s.nextToSend(RTO + 6);
    assertThat(paths.timedOut).containsExactly(100, 105);
    s.nextToSend(RTO + 7);
    assertThat(paths.timedOut).containsExactly(100, 105, 106);
    assertThat(s.packetsDeclaredLost()).isEqualTo(4 + 3);
  }
}
