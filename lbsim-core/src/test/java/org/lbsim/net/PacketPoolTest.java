package org.lbsim.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PacketPoolTest {
  @Test
  void aReusedPacketKeepsItsExtrasButNoneOfTheirValues() {
    PacketPool pool = new PacketPool();
    Packet p = pool.acquire();
    assertThat(p.cumAck()).isZero();
    assertThat(p.congaFbTag()).isEqualTo(-1);
    p.extras().cumAck = 7;
    p.extras().sackBits = 0b101;
    p.extras().pullTarget = 3;
    p.extras().congaTag = 2;
    p.extras().congaMetric = 5;
    p.extras().congaFbTag = 1;
    p.extras().congaFbMetric = 4;
    PacketExtras record = p.intRecord();
    record.intPort[0] = 9;
    record.intHops = 1;
    pool.release(p);

    Packet q = pool.acquire();
    assertThat(q).isSameAs(p); // the free list is last in, first out
    assertThat(q.extras()).isSameAs(record); // attached once per pooled packet
    assertThat(q.cumAck()).isZero();
    assertThat(q.sackBits()).isZero();
    assertThat(q.pullTarget()).isZero();
    assertThat(q.congaTag()).isZero();
    assertThat(q.congaMetric()).isZero();
    assertThat(q.congaFbTag()).isEqualTo(-1);
    assertThat(q.congaFbMetric()).isZero();
    assertThat(q.intHops()).isZero();
    assertThat(pool.outstanding()).isEqualTo(1);
    assertThat(pool.created()).isEqualTo(1);
  }

  @Test
  void clearingTheAcknowledgementResetsCumulativeAckAndSack() {
    Packet p = new PacketPool().acquire();
    p.clearAcknowledgement();
    assertThat(p.cumAck()).isZero();
    p.extras().cumAck = 4;
    p.extras().sackBits = 1;
    p.clearAcknowledgement();
    assertThat(p.cumAck()).isZero();
    assertThat(p.sackBits()).isZero();
  }

  @Test
  void theDesignWordIsAttachedWhenFirstWrittenAndClearedWithThePacket() {
    PacketPool pool = new PacketPool();
    Packet p = pool.acquire();
    p.setDesignWord(0);
    assertThat(p.designWord()).isZero();
    p.setDesignWord(-3);
    assertThat(p.designWord()).isEqualTo(-3);
    PacketExtras extras = p.extras();
    PacketExtras.DesignWord slot = extras.design;
    pool.release(p);

    Packet q = pool.acquire();
    assertThat(q).isSameAs(p);
    assertThat(q.designWord()).isZero();
    q.setDesignWord(5);
    assertThat(q.extras().design).isSameAs(slot); // kept for the packet's later lives
    Packet header = pool.header(Packet.CONTROL, 1, 2, 3, 64, 0, 0, null);
    assertThat(header.designWord()).as("a new header starts at 0").isZero();
  }
}
