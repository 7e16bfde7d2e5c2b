package org.lbsim.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.engine.Simulator;

class EgressPortTest {
  private final Simulator sim = new Simulator(1);
  private final PacketPool pool = new PacketPool();
  private final FabricCounters counters = new FabricCounters();
  private final List<long[]> arrivals = new ArrayList<>();
  private final List<Boolean> marks = new ArrayList<>();

  private EgressPort port(long capacity, long ecn) {
    Link link = new Link(500_000);
    link.connectTo(p -> {
      arrivals.add(new long[] {sim.now(), p.seq});
      marks.add(p.ce);
      pool.release(p);
    });
    // 800 Gb/s: 10 ps per byte; 20 B gap = 200 ps
    return new EgressPort(sim, pool, counters, new PortConfig(800_000_000_000L, capacity, ecn, 20), link, "p");
  }

  private Packet packet(long seq, int size) {
    Packet p = pool.acquire();
    p.seq = seq;
    p.sizeBytes = size;
    return p;
  }

  @Test
  void backToBackPacketsAreSpacedBySerializationPlusGap() {
    EgressPort port = port(1_000_000, -1);
    for (int i = 0; i < 3; i++) {
      port.enqueue(packet(i, 4158));
    }
    sim.run(Long.MAX_VALUE);
    // first bit at 0, last bit at 41,580 ps, then 500,000 ps of propagation; next starts after the 200 ps gap
    assertThat(arrivals).hasSize(3);
    assertThat(arrivals.get(0)[0]).isEqualTo(541_580);
    assertThat(arrivals.get(1)[0]).isEqualTo(541_580 + 41_780);
    assertThat(arrivals.get(2)[0]).isEqualTo(541_580 + 2 * 41_780);
    assertThat(port.statistics().maxQueueBytes()).isEqualTo(3 * 4158);
    assertThat(pool.outstanding()).isZero();
  }

  @Test
  void dropTailCountsTheBytesBeingSerialized() {
    EgressPort port = port(2 * 4158, -1);
    for (int i = 0; i < 4; i++) {
      port.enqueue(packet(i, 4158));
    }
    sim.run(Long.MAX_VALUE);
    assertThat(port.statistics().drops()).isEqualTo(2);
    assertThat(counters.dataDropped).isEqualTo(2);
    assertThat(arrivals).extracting(a -> a[1]).containsExactly(0L, 1L);
    assertThat(pool.outstanding()).isZero();
  }

  @Test
  void ecnMarksDeparturesAboveTheThreshold() {
    EgressPort port = port(10 * 1000, 2500); // mark when more than 2500 B queued, departing packet included
    for (int i = 0; i < 5; i++) {
      port.enqueue(packet(i, 1000));
    }
    sim.run(Long.MAX_VALUE);
    // the first packet leaves at once (1000 B queued); later ones leave with 4000, 3000, 2000, 1000 B queued
    assertThat(marks).containsExactly(false, true, true, false, false);
    assertThat(port.statistics().ecnMarks()).isEqualTo(2);
  }

  @Test
  void meanQueueIntegratesWaitingAndServingBytes() {
    EgressPort port = port(1_000_000, -1);
    port.enqueue(packet(0, 1000)); // serving 10,000 ps
    port.enqueue(packet(1, 1000)); // waits 10,200 ps, then serves 10,000 ps
    sim.run(Long.MAX_VALUE);
    long area = 1000L * 10_000 + 1000L * 10_200 + 1000L * 10_000;
    assertThat(port.statistics().meanQueueBytes(100_000)).isEqualTo(area / 100_000.0);
  }

  @Test
  void departuresComputedOnArrivalNeedNoTransmitterEventAndMarkWhatArrivedBeforeTheStart() {
    EgressPort port = port(1_000_000, 1500);
    assertThat(port.departuresOnArrival()).isTrue();
    port.enqueue(packet(0, 1000)); // serializes over [0, 10,000) ps
    port.enqueue(packet(1, 1000)); // starts at 10,200 ps: 1000 B queued then, not marked
    // an arrival at exactly 10,200 ps comes after that start (the transmitter goes first)
    sim.schedule(10_200, (k, a) -> port.enqueue(packet(2, 1000)), 0, 0);
    sim.run(Long.MAX_VALUE);
    assertThat(arrivals).extracting(a -> a[0]).containsExactly(510_000L, 520_200L, 530_400L);
    assertThat(marks).containsExactly(false, false, false);
    // one event per delivery (the link's) and the scheduled arrival: no "transmitter free" events
    assertThat(sim.eventsRun()).isEqualTo(4);
  }

  @Test
  void aFeatureThatActsAtDepartureMakesThePortEventDrivenButNotWhilePacketsWait() {
    EgressPort idle = port(1_000_000, -1);
    idle.setLoss(new LossModel(0.5, 0, 0, new java.util.SplittableRandom(1)));
    assertThat(idle.departuresOnArrival()).isFalse();
    EgressPort busy = port(1_000_000, -1);
    busy.enqueue(packet(0, 1000));
    busy.enqueue(packet(1, 1000));
    org.assertj.core.api.Assertions.assertThatThrownBy(busy::useEventDrivenTransmitter)
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("1 packets already scheduled");
  }

  /**
   * The cable's FIFO is a list through the packets: hundreds on one cable at once (ACK-sized
   * packets, 500 us of propagation), mixed sizes, then the cable runs empty and fills again. Every
   * packet lands in order at its exact time, in both transmitter modes, and none is lost.
   */
  @Test
  void aLongCableDeliversHundredsOfPacketsInOrderAndRefillsAfterRunningEmpty() {
    for (boolean eventDriven : new boolean[] {false, true}) {
      arrivals.clear();
      Simulator s = new Simulator(1);
      List<long[]> got = new ArrayList<>();
      Link link = new Link(500_000_000); // 500 us
      link.connectTo(p -> {
        got.add(new long[] {s.now(), p.seq});
        pool.release(p);
      });
      EgressPort port = new EgressPort(s, pool, counters, new PortConfig(800_000_000_000L, 10_000_000, -1, 20), link, "p");
      if (eventDriven) {
        port.useEventDrivenTransmitter();
      }
      List<Long> expected = new ArrayList<>();
      long free = 0;
      for (int burst = 0; burst < 2; burst++) {
        long at = burst * 2_000_000_000L; // the second burst comes after the first has landed
        free = Math.max(free, at);
        for (int i = 0; i < 300; i++) {
          int size = i % 3 == 0 ? 4158 : 64;
          long seq = burst * 1000L + i;
          s.schedule(at, (k, a) -> {
            Packet p = pool.acquire();
            p.seq = seq;
            p.sizeBytes = size;
            port.enqueue(p);
          }, 0, 0);
          long end = free + size * 10L;
          expected.add(end + 500_000_000);
          free = end + 200;
        }
      }
      s.run(Long.MAX_VALUE);
      assertThat(got).as("event-driven %s", eventDriven).hasSize(600);
      assertThat(got).extracting(a -> a[0]).containsExactlyElementsOf(expected);
      assertThat(got).extracting(a -> a[1] % 1000).containsExactlyElementsOf(
          java.util.stream.LongStream.range(0, 600).map(i -> i % 300).boxed().toList());
      assertThat(port.statistics().packetsSent()).isEqualTo(600);
      assertThat(port.statistics().bytesSent()).as("each start played with its own packet's size").isEqualTo(2 * (100 * 4158 + 200 * 64));
    }
    assertThat(pool.outstanding()).isZero();
  }
}
