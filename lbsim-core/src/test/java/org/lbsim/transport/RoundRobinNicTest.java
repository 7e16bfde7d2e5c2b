package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lbsim.engine.EventTarget;
import org.lbsim.engine.Simulator;
import org.lbsim.net.EgressPort;
import org.lbsim.net.FabricCounters;
import org.lbsim.net.Link;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketPool;
import org.lbsim.net.PortConfig;

/**
 * The reference profile's host NIC (csg-htsim {@code ConstFairScheduler}): one FIFO per flow,
 * served round robin in flow-id order from the one after the last served, the choice made when
 * the line frees. Each case runs on a NIC port that computes departures on arrival (the NIC
 * plays its turns when the port is next touched, with no event of its own) and on an
 * event-driven one (the NIC wakes itself when the line frees): the arrivals are the same to the
 * picosecond.
 */
class RoundRobinNicTest {
  // 100 Gb/s: 80 ps per byte; no gap on the wire (the reference profile's); 1 us cable
  private static final long LINK_PS = 1_000_000;
  private static final long DATA = 4096 * 80;
  private static final long ACK = 82 * 80;
  private final Simulator sim = new Simulator(1);
  private final PacketPool pool = new PacketPool();
  private final List<String> arrivals = new ArrayList<>(); // "flow/seq@ps" at the cable's far end
  private final EgressPort port;
  private final RoundRobinNic nic;
  private int posts;

  RoundRobinNicTest() {
    Link link = new Link(LINK_PS);
    link.connectTo(p -> {
      arrivals.add(p.flow + "/" + p.seq + "@" + sim.now());
      pool.release(p);
    });
    port = new EgressPort(sim, pool, new FabricCounters(), new PortConfig(100_000_000_000L, Long.MAX_VALUE, -1, 0),
        link, "h0>tor0");
    int[] flows = {1, 2, 3, 4, 5, 7}; // sent from host 0, to host 1
    long[] places = new long[8];
    for (int i = 0; i < flows.length; i++) {
      places[flows[i]] = RoundRobinNic.place(0, i, 0);
    }
    nic = new RoundRobinNic(sim, port, 0, flows.length, places);
  }

  private void mode(String transmitter) {
    if (transmitter.equals("events")) {
      port.useEventDrivenTransmitter();
    }
    assertThat(port.departuresOnArrival()).isEqualTo(transmitter.equals("on-arrival"));
  }

  private void post(long atPs, int flow, long seq, int bytes) {
    posts++;
    sim.schedule(atPs, new EventTarget() {
      @Override
      public void onEvent(int kind, long arg) {
        Packet p = pool.data(flow, 0, 1, seq, bytes, bytes, sim.now(), null);
        nic.send(p);
      }
    }, 0, 0);
  }

  /** Calls {@code check} at {@code atPs}, after the posts of that instant. */
  private void at(long atPs, Runnable check) {
    sim.schedule(atPs, (kind, arg) -> check.run(), 0, 0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"on-arrival", "events"})
  void aLoneFlowGoesOutAsThroughAFifo(String transmitter) {
    mode(transmitter);
    for (int i = 0; i < 3; i++) {
      post(0, 5, i, 4096);
    }
    sim.run(Long.MAX_VALUE);
    assertThat(arrivals).containsExactly("5/0@" + (DATA + LINK_PS), "5/1@" + (2 * DATA + LINK_PS),
        "5/2@" + (3 * DATA + LINK_PS));
    assertThat(nic.waitingPackets()).isZero();
  }

  /**
   * Flow 3's backlog of data does not hold back the ACKs the host returns for flow 1, nor flow 7's
   * data: each flow gets one turn per round, in flow-id order after the last served (3, then 7,
   * then around to 1).
   */
  @ParameterizedTest
  @ValueSource(strings = {"on-arrival", "events"})
  void flowsTakeTurnsInFlowIdOrderAfterTheLastServed(String transmitter) {
    mode(transmitter);
    for (int i = 0; i < 4; i++) {
      post(0, 3, i, 4096); // the first goes at once; three wait
    }
    post(100, 1, 10, 82); // ACKs of flow 1, arriving while flow 3's first packet is serialized
    post(100, 1, 11, 82);
    post(200, 7, 20, 4096);
    sim.run(Long.MAX_VALUE);
    long t = DATA;
    List<String> expected = new ArrayList<>(List.of("3/0@" + (t + LINK_PS)));
    String[] order = {"7/20", "1/10", "3/1", "1/11", "3/2", "3/3"};
    for (String p : order) {
      t += p.startsWith("1/") ? ACK : DATA;
      expected.add(p + "@" + (t + LINK_PS));
    }
    assertThat(arrivals).containsExactlyElementsOf(expected);
    assertThat(pool.outstanding()).isZero();
  }

  /** The turn is taken when the line frees: a packet that arrives during a serialization competes for it. */
  @ParameterizedTest
  @ValueSource(strings = {"on-arrival", "events"})
  void aPacketArrivingDuringASerializationCompetesForTheNextTurn(String transmitter) {
    mode(transmitter);
    post(0, 2, 0, 4096);
    post(0, 2, 1, 4096);
    post(DATA - 1, 4, 0, 4096); // one picosecond before the line frees
    sim.run(Long.MAX_VALUE);
    assertThat(arrivals).containsExactly("2/0@" + (DATA + LINK_PS), "4/0@" + (2 * DATA + LINK_PS),
        "2/1@" + (3 * DATA + LINK_PS));
  }

  /**
   * A packet posted at the very instant the line frees comes after that instant's turn: flow 2's
   * second packet goes first, and flow 4 waits for the turn after, as in the study simulator,
   * whose queue picks the next packet as the last one leaves.
   */
  @ParameterizedTest
  @ValueSource(strings = {"on-arrival", "events"})
  void aPacketPostedAsTheLineFreesWaitsForTheTurnAfter(String transmitter) {
    mode(transmitter);
    post(0, 2, 0, 4096);
    post(0, 2, 1, 4096);
    post(0, 2, 2, 4096);
    post(DATA, 4, 0, 82);
    sim.run(Long.MAX_VALUE);
    assertThat(arrivals).containsExactly("2/0@" + (DATA + LINK_PS), "2/1@" + (2 * DATA + LINK_PS),
        "4/0@" + (2 * DATA + ACK + LINK_PS), "2/2@" + (3 * DATA + ACK + LINK_PS));
  }

  /**
   * Five flows on one host, data and ACKs, posted in bursts while the line is busy: the service
   * order and every arrival to the picosecond, the port's statistics read between two turns (the
   * turn the line took at its last free instant is counted, the next one not yet).
   */
  @ParameterizedTest
  @ValueSource(strings = {"on-arrival", "events"})
  void severalFlowsOnOneHostAreServedInAPinnedOrder(String transmitter) {
    mode(transmitter);
    post(0, 4, 0, 4096);
    post(0, 4, 1, 4096);
    post(0, 4, 2, 4096);
    post(10, 2, 0, 82);
    post(10, 5, 0, 4096);
    post(10, 5, 1, 4096);
    post(DATA + ACK + 1, 1, 0, 82); // during 5/0: competes for the turn after it
    post(DATA + ACK + 1, 2, 1, 82);
    long[] packets = new long[1];
    long[] queued = new long[1];
    at(DATA + ACK + DATA / 2, () -> { // half-way through 5/0
      packets[0] = port.statistics().packetsSent();
      queued[0] = port.queuedBytes();
    });
    sim.run(Long.MAX_VALUE);
    // 4/0 at once; each later turn goes to the flow after the last served that has a packet
    // waiting: 5 after 4, then around to 1 (posted during 5/0), 2, 4, 5, 2 and 4
    assertThat(arrivals).containsExactly("4/0@" + (DATA + LINK_PS), "5/0@" + (2 * DATA + LINK_PS),
        "1/0@" + (2 * DATA + ACK + LINK_PS), "2/0@" + (2 * DATA + 2 * ACK + LINK_PS),
        "4/1@" + (3 * DATA + 2 * ACK + LINK_PS), "5/1@" + (4 * DATA + 2 * ACK + LINK_PS),
        "2/1@" + (4 * DATA + 3 * ACK + LINK_PS), "4/2@" + (5 * DATA + 3 * ACK + LINK_PS));
    assertThat(packets[0]).as("packets started by the middle of 5/0").isEqualTo(2);
    assertThat(queued[0]).as("bytes in the port then: 5/0 only, the others wait in the NIC").isEqualTo(4096);
    assertThat(nic.waitingPackets()).isZero();
    assertThat(pool.outstanding()).isZero();
  }

  /** On a port that computes departures on arrival the NIC runs no event: one per post and one per delivery. */
  @Test
  void aNicOnAPortComputingDeparturesOnArrivalRunsNoEventOfItsOwn() {
    mode("on-arrival");
    for (int i = 0; i < 4; i++) {
      post(0, 3, i, 4096);
      post(1, 7, i, 4096);
    }
    sim.run(Long.MAX_VALUE);
    assertThat(arrivals).hasSize(8).startsWith("3/0@" + (DATA + LINK_PS), "7/0@" + (2 * DATA + LINK_PS),
        "3/1@" + (3 * DATA + LINK_PS));
    assertThat(sim.eventsRun()).isEqualTo(posts + arrivals.size());
  }

  /**
   * A port that turns event-driven while packets wait at its NIC (a failure striking): the turns
   * due by then are played, and the NIC wakes itself from then on, in the same order.
   */
  @Test
  void aPortTurningEventDrivenWhilePacketsWaitKeepsTheOrder() {
    mode("on-arrival");
    for (int i = 0; i < 3; i++) {
      post(0, 3, i, 4096);
      post(0, 7, i, 4096);
    }
    at(2 * DATA + 5, port::useEventDrivenTransmitter); // during the third packet
    sim.run(Long.MAX_VALUE);
    List<String> expected = new ArrayList<>();
    String[] order = {"3/0", "7/0", "3/1", "7/1", "3/2", "7/2"};
    for (int i = 0; i < order.length; i++) {
      expected.add(order[i] + "@" + ((i + 1) * DATA + LINK_PS));
    }
    assertThat(port.departuresOnArrival()).isFalse();
    assertThat(arrivals).containsExactlyElementsOf(expected);
  }
}
