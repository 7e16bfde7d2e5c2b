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

  private EgressPort port(long capacity) {
    Link link = new Link(sim, 500_000);
    link.connectTo(p -> {
      arrived.add(p);
      arrivalTimes.add(sim.now());
    });
    return new EgressPort(sim, pool, counters, new PortConfig(800_000_000_000L, capacity, -1, 20), link, "p");
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
    assertThat(port.trims()).isEqualTo(3);
    assertThat(counters.dataTrimmed).isEqualTo(3);
    assertThat(port.drops()).isEqualTo(1);
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
    assertThat(port.trims()).isEqualTo(headers);
    assertThat(port.drops()).isEqualTo(400 - 2 - headers);
    assertThat(counters.dataDropped).isEqualTo(400 - 2 - headers);
  }

  @Test
  void pfcPausesAboveXoffAndResumesOnlyAtXon() {
    EgressPort up = port(1_000_000);
    up.enablePfc(12 * DATA, 6 * DATA);
    long delay = 640 + 500_000; // 64 B at 10 ps/B + the link latency
    for (int i = 0; i < 12; i++) {
      up.charge(DATA);
    }
    sim.run(Long.MAX_VALUE);
    assertThat(up.paused()).isFalse(); // at XOFF, not above
    up.charge(DATA);
    assertThat(up.pauseFrames()).isEqualTo(1);
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
    assertThat(up.pauseFrames()).isEqualTo(1);
    long t1 = sim.now();
    up.discharge(DATA); // 6 = XON: resume
    sim.run(Long.MAX_VALUE);
    assertThat(up.paused()).isFalse();
    assertThat(up.pauseFrames()).isEqualTo(2);
    assertThat(up.pausedPs(sim.now())).isEqualTo(t1 + delay - (t0 + delay));
    assertThat(arrived).extracting(p -> p.seq).containsExactly(99L); // sent once resumed
    assertThat(arrivalTimes.get(0)).isEqualTo(t1 + delay + DATA * 10L + 500_000);
  }

  @Test
  void randomLossDropsAfterSerialization() {
    EgressPort port = port(100 * DATA);
    port.setLoss(new LossModel(0.5, 0, 0, new java.util.SplittableRandom(3)));
    for (int i = 0; i < 100; i++) {
      port.enqueue(data(i));
    }
    sim.run(Long.MAX_VALUE);
    assertThat(port.packetsSent()).isEqualTo(100); // every packet used the link
    assertThat(port.drops()).isBetween(30L, 70L);
    assertThat(arrived.size() + port.drops()).isEqualTo(100);
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
