package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;

class ReceiverLogicTest {
  private static Packet data(long seq) {
    Packet p = new Packet();
    p.type = Packet.DATA;
    p.seq = seq;
    p.payloadBytes = 4096;
    return p;
  }

  private static Packet reply(ReceiverLogic r, Packet p) {
    Packet a = new Packet();
    a.type = r.accept(p);
    r.fill(p, a);
    return a;
  }

  @Test
  void sackReceiverKeepsCumulativeAckAndBitmapBeyondIt() {
    SackReceiver r = new SackReceiver(200, 4096, false);
    reply(r, data(0));
    reply(r, data(2));
    reply(r, data(3));
    Packet a = reply(r, data(66)); // bit 64 beyond cum+1 = 2: outside the window
    assertThat(a.type).isEqualTo(Packet.ACK);
    assertThat(a.cumAck()).isEqualTo(1);
    assertThat(a.seq).isEqualTo(66);
    // bit i = packet cum + 1 + i: packets 2, 3 -> bits 0, 1; 66 is bit 64, outside
    assertThat(a.sackBits()).isEqualTo(0b11L);
    a = reply(r, data(1));
    assertThat(a.cumAck()).isEqualTo(4);
    assertThat(a.sackBits()).isEqualTo(1L << (66 - 5)); // 66 now inside the window
    assertThat(a.receivedBytes).isEqualTo(4 * 4096);
    assertThat(r.duplicates()).isZero();
    reply(r, data(2));
    assertThat(r.duplicates()).isEqualTo(1);
  }

  @Test
  void sackReceiverNacksTrimmedPacketsAndIrnNacksOutOfOrderOnes() {
    SackReceiver sack = new SackReceiver(10, 4096, false);
    Packet t = data(0);
    t.trimmed = true;
    Packet n = reply(sack, t);
    assertThat(n.type).isEqualTo(Packet.NACK);
    assertThat(n.trimmed).isTrue();
    assertThat(n.cumAck()).isZero();
    assertThat(reply(sack, data(2)).type).isEqualTo(Packet.ACK);

    SackReceiver irn = new SackReceiver(10, 4096, true);
    assertThat(reply(irn, data(0)).type).isEqualTo(Packet.ACK);
    Packet ooo = reply(irn, data(2));
    assertThat(ooo.type).isEqualTo(Packet.NACK);
    assertThat(ooo.trimmed).isFalse();
    assertThat(ooo.cumAck()).isEqualTo(1);
    assertThat(ooo.sackBits()).isEqualTo(1L);
  }

  @Test
  void sackReceiverCompletesWhenEveryPacketIsHeld() {
    SackReceiver r = new SackReceiver(3, 4096, false);
    reply(r, data(2));
    reply(r, data(0));
    assertThat(r.complete()).isFalse();
    reply(r, data(1));
    assertThat(r.complete()).isTrue();
  }

  @Test
  void gbnReceiverNacksOncePerHoleAndDiscardsOutOfOrderPackets() {
    GbnReceiver r = new GbnReceiver(10, 4096);
    assertThat(reply(r, data(0)).type).isEqualTo(Packet.ACK);
    Packet n = reply(r, data(2));
    assertThat(n.type).isEqualTo(Packet.NACK);
    assertThat(n.cumAck()).isEqualTo(1);
    assertThat(r.accept(data(3))).isEqualTo(ReceiverLogic.NO_REPLY); // same hole: no second NACK
    assertThat(reply(r, data(1)).cumAck()).isEqualTo(2); // 2 and 3 were discarded
    assertThat(reply(r, data(3)).type).isEqualTo(Packet.NACK); // a new hole at 2
    assertThat(reply(r, data(2)).cumAck()).isEqualTo(3);
    assertThat(reply(r, data(1)).cumAck()).isEqualTo(3); // old sequence: a duplicate, ACKed
    assertThat(r.duplicates()).isEqualTo(1);
  }

  @Test
  void codedReceiverCountsEveryPacketAndNacksTrimmedOnes() {
    CodedReceiver r = new CodedReceiver(2 * 4096);
    Packet t = data(5);
    t.trimmed = true;
    assertThat(reply(r, t).type).isEqualTo(Packet.NACK);
    reply(r, data(7));
    assertThat(r.complete()).isFalse();
    Packet a = reply(r, data(7));
    assertThat(a.receivedBytes).isEqualTo(2 * 4096);
    assertThat(r.complete()).isTrue();
  }
}
