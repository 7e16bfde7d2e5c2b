package org.lbsim.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.engine.Simulator;

/** Trimming priorities and capacities, PFC hysteresis and pause timing, losses after serialization. */
class PortFeaturesTest {
  private static final int DATA = 4158;
  private final Simulator sim = new Simulator(1);
  private final PacketPool pool = new PacketPool();
  private final FabricCounters counters = new FabricCounters();
  private final List<Packet> arrived = new ArrayList<>();
  private final List<Long> arrivalTimes = new ArrayList<>();

  private final List<Packet> returned = new ArrayList<>();
  private final List<Long> returnTimes = new ArrayList<>();

  private EgressPort port(long capacity) {
    Link link = new Link(500_000);
    link.connectTo(p -> {
      arrived.add(p);
      arrivalTimes.add(sim.now());
    });
    return new EgressPort(sim, pool, counters, new PortConfig(800_000_000_000L, capacity, -1, 20), link, "p");
  }

  /** The same cable's other direction: it carries the PFC frames for {@code port(..)}. */
  private EgressPort reverse() {
    Link link = new Link(500_000);
    link.connectTo(p -> {
      returned.add(p);
      returnTimes.add(sim.now());
    });
    return new EgressPort(sim, pool, counters, new PortConfig(800_000_000_000L, 1_000_000, -1, 20), link, "back");
  }

  private Packet data(long seq) {
    Packet p = pool.acquire();
    p.type = Packet.DATA;
    p.seq = seq;
    p.sizeBytes = DATA;
    p.payloadBytes = 4096;
    return p;
  }

  @Test
  void overflowTrimsDataToHeadersThatOvertakeTheQueue() {
    EgressPort port = port(2 * DATA);
    port.enableTrimming(62);
    for (int i = 0; i < 5; i++) {
      port.enqueue(data(i));
    }
    Packet ack = pool.acquire();
    ack.type = Packet.ACK;
    ack.sizeBytes = 64;
    port.enqueue(ack); // control packets are not trimmed: dropped
    sim.run(Long.MAX_VALUE);
    assertThat(arrived).extracting(p -> p.seq).containsExactly(0L, 2L, 3L, 4L, 1L);
    assertThat(arrived).extracting(p -> p.trimmed).containsExactly(false, true, true, true, false);
    assertThat(arrived.get(1).sizeBytes).isEqualTo(62);
    assertThat(arrived.get(1).payloadBytes).isZero();
    assertThat(port.statistics().trims()).isEqualTo(3);
    assertThat(counters.dataTrimmed).isEqualTo(3);
    assertThat(port.statistics().drops()).isEqualTo(1);
    assertThat(counters.ackDropped).isEqualTo(1);
  }

  @Test
  void theHeaderQueueHoldsTwiceTheBufferThenDrops() {
    EgressPort port = port(2 * DATA);
    port.enableTrimming(62);
    for (int i = 0; i < 400; i++) {
      port.enqueue(data(i));
    }
    long headers = 2L * 2 * DATA / 62;
    assertThat(port.statistics().trims()).isEqualTo(headers);
    assertThat(port.statistics().drops()).isEqualTo(400 - 2 - headers);
    assertThat(counters.dataDropped).isEqualTo(400 - 2 - headers);
  }

  @Test
  void theTrimCoinCutsTheNewestQueuedPacketInsteadOfTheArrivingOneHalfTheTime() {
    EgressPort plain = port(2 * DATA);
    plain.enableTrimming(62);
    for (int i = 0; i < 200; i++) {
      plain.enqueue(data(i));
    }
    sim.run(Long.MAX_VALUE);
    assertThat(arrived).filteredOn(p -> !p.trimmed).extracting(p -> p.seq).containsExactly(0L, 1L);
    arrived.clear();

    EgressPort coin = port(2 * DATA);
    coin.enableTrimming(62);
    coin.setTrimCoin(new java.util.SplittableRandom(11));
    for (int i = 0; i < 200; i++) {
      coin.enqueue(data(i));
    }
    sim.run(Long.MAX_VALUE);
    // the same buffer: one packet serving, one queued, every other arrival trimmed (198 cuts) ...
    assertThat(coin.statistics().trims()).isEqualTo(plain.statistics().trims()).isEqualTo(198);
    assertThat(coin.statistics().drops()).isZero();
    // ... but the full packet left queued is the last arrival the coin let in over the tail
    List<Long> full = arrived.stream().filter(p -> !p.trimmed).map(p -> p.seq).toList();
    assertThat(full).hasSize(2).startsWith(0L);
    assertThat(full.get(1)).isGreaterThan(100L);
    long tailCuts = arrived.stream().filter(p -> p.trimmed && p.seq < full.get(1)).count();
    assertThat(tailCuts).isEqualTo(full.get(1) - 1); // every packet queued before it was cut, none after
  }

  @Test
  void returnToSenderSendsTheHeaderBackAsANackWhenThePriorityQueueIsFull() {
    EgressPort port = port(2 * DATA);
    port.enableTrimming(62);
    List<Packet> bounced = new ArrayList<>();
    port.enableReturnToSender(bounced::add);
    long headers = 2L * 2 * DATA / 62;
    for (int i = 0; i < 400; i++) {
      Packet p = data(i);
      p.src = 3;
      p.dst = 9;
      p.route = 0x0102;
      port.enqueue(p);
    }
    assertThat(port.statistics().drops()).isZero();
    assertThat(port.statistics().returns()).isEqualTo(400 - 2 - headers);
    assertThat(port.statistics().trims()).isEqualTo(400 - 2); // returned ones were trimmed first
    assertThat(counters.dataReturned).isEqualTo(400 - 2 - headers);
    assertThat(counters.nackSent).isEqualTo(counters.dataReturned);
    assertThat(counters.ackSent).isEqualTo(counters.dataReturned);
    Packet b = bounced.get(0);
    assertThat(b.seq).isEqualTo(2 + headers);
    assertThat(b.type).isEqualTo(Packet.NACK);
    assertThat(b.returned()).isTrue();
    assertThat(b.trimmed).isTrue();
    assertThat(b.src).isEqualTo(9);
    assertThat(b.dst).isEqualTo(3);
    assertThat(b.route).isEqualTo(Packet.NO_ROUTE);
    assertThat(b.sizeBytes).isEqualTo(62);
    assertThat(b.cumAck()).isZero();
  }

  @Test
  void pfcPausesAboveXoffAndResumesOnlyAtXon() {
    EgressPort up = port(1_000_000);
    EgressPort back = reverse();
    up.enablePfc(12 * DATA, 6 * DATA, back);
    long delay = 640 + 500_000; // 64 B at 10 ps/B on the idle reverse port + the link latency
    for (int i = 0; i < 12; i++) {
      up.charge(DATA);
    }
    sim.run(Long.MAX_VALUE);
    assertThat(up.paused()).isFalse(); // at XOFF, not above
    up.charge(DATA);
    assertThat(up.statistics().pauseFrames()).isEqualTo(1);
    long t0 = sim.now();
    sim.run(Long.MAX_VALUE);
    assertThat(sim.now()).isEqualTo(t0 + delay);
    assertThat(up.paused()).isTrue();
    up.enqueue(data(99));
    for (int i = 0; i < 6; i++) {
      up.discharge(DATA); // 7 packets left: above XON, still paused
    }
    sim.run(Long.MAX_VALUE);
    assertThat(up.paused()).isTrue();
    assertThat(arrived).isEmpty();
    assertThat(up.statistics().pauseFrames()).isEqualTo(1);
    long t1 = sim.now();
    up.discharge(DATA); // 6 = XON: resume
    sim.run(Long.MAX_VALUE);
    assertThat(up.paused()).isFalse();
    assertThat(up.statistics().pauseFrames()).isEqualTo(2);
    assertThat(up.statistics().pausedPs(sim.now())).isEqualTo(t1 + delay - (t0 + delay));
    assertThat(arrived).extracting(p -> p.seq).containsExactly(99L); // sent once resumed
    assertThat(arrivalTimes.get(0)).isEqualTo(t1 + delay + DATA * 10L + 500_000);
    assertThat(back.statistics().controlFramesSent()).isEqualTo(2);
  }

  @Test
  void aPauseFrameWaitsForThePacketOnTheReverseLinkThenOvertakesItsQueue() {
    EgressPort up = port(1_000_000);
    EgressPort back = reverse();
    up.enablePfc(DATA, 0, back);
    back.enqueue(data(1)); // starts serializing at 0: busy until 41,580 ps, free again after the 20 B gap
    back.enqueue(data(2)); // waits behind it
    up.charge(2 * DATA); // above XOFF at t = 0
    long frameStart = DATA * 10L + 200;
    long pauseAt = frameStart + 640 + 500_000;
    sim.run(pauseAt - 1);
    assertThat(up.paused()).isFalse(); // not yet: the frame is still on its way
    sim.run(pauseAt);
    assertThat(up.paused()).isTrue();
    sim.run(Long.MAX_VALUE);
    // the queued data packet went after the frame: its start moved by the frame and its gap
    assertThat(returned).extracting(p -> p.seq).containsExactly(1L, 2L);
    assertThat(returnTimes.get(1)).isEqualTo(frameStart + 640 + 200 + DATA * 10L + 500_000);
  }

  @Test
  void aPausedPortStillSendsPauseFrames() {
    EgressPort a = port(1_000_000);
    EgressPort b = reverse();
    a.enablePfc(DATA, 0, b);
    b.enablePfc(DATA, 0, a);
    b.charge(2 * DATA); // a sends XOFF to b
    sim.run(Long.MAX_VALUE);
    assertThat(b.paused()).isTrue();
    b.enqueue(data(7)); // held by the pause
    a.charge(2 * DATA); // b, though paused, must still pause a
    sim.run(Long.MAX_VALUE);
    assertThat(a.paused()).isTrue();
    assertThat(returned).isEmpty();
    assertThat(b.statistics().controlFramesSent()).isEqualTo(1);
  }

  @Test
  void randomLossDropsAfterSerialization() {
    EgressPort port = port(100 * DATA);
    port.setLoss(new LossModel(0.5, 0, 0, new java.util.SplittableRandom(3)));
    for (int i = 0; i < 100; i++) {
      port.enqueue(data(i));
    }
    sim.run(Long.MAX_VALUE);
    assertThat(port.statistics().packetsSent()).isEqualTo(100); // every packet used the link
    assertThat(port.statistics().drops()).isBetween(30L, 70L);
    assertThat(arrived.size() + port.statistics().drops()).isEqualTo(100);
  }

  @Test
  void flakyLinkDropsEverythingDuringABurst() {
    LossModel flaky = new LossModel(0, 10_000_000, 100_000_000, new java.util.SplittableRandom(5));
    int dropped = 0;
    boolean inBurst = false;
    int bursts = 0;
    for (long t = 0; t < 10_000_000_000L; t += 100_000) { // 10 ms, one packet every 0.1 us
      boolean d = flaky.drops(t);
      if (d && !inBurst) {
        bursts++;
      }
      inBurst = d;
      dropped += d ? 1 : 0;
    }
    // about 100 bursts of 10 us in 10 ms: ~10 % of the time lost
    assertThat(bursts).isBetween(70, 130);
    assertThat(dropped / 100_000.0).isBetween(0.06, 0.14);
  }
}
