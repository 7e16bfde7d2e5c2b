package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
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
 * the line frees.
 */
class RoundRobinNicTest {
  // 100 Gb/s: 80 ps per byte; no gap on the wire (the reference profile's); 1 us cable
  private static final long LINK_PS = 1_000_000;
  private final Simulator sim = new Simulator(1);
  private final PacketPool pool = new PacketPool();
  private final List<String> arrivals = new ArrayList<>(); // "flow/seq@ps" at the cable's far end
  private final RoundRobinNic nic;

  RoundRobinNicTest() {
    Link link = new Link(LINK_PS);
    link.connectTo(p -> {
      arrivals.add(p.flow + "/" + p.seq + "@" + sim.now());
      pool.release(p);
    });
    EgressPort port = new EgressPort(sim, pool, new FabricCounters(), new PortConfig(100_000_000_000L, Long.MAX_VALUE, -1, 0),
        link, "h0>tor0");
    nic = new RoundRobinNic(sim, port, new int[] {1, 2, 3, 4, 5, 7});
  }

  private void post(long atPs, int flow, long seq, int bytes) {
    sim.schedule(atPs, new EventTarget() {
      @Override
      public void onEvent(int kind, long arg) {
        Packet p = pool.data(flow, 0, 1, seq, bytes, bytes, sim.now(), null);
        nic.send(p);
      }
    }, 0, 0);
  }

  @Test
  void aLoneFlowGoesOutAsThroughAFifo() {
    for (int i = 0; i < 3; i++) {
      post(0, 5, i, 4096);
    }
    sim.run(Long.MAX_VALUE);
    long data = 4096 * 80;
    assertThat(arrivals).containsExactly("5/0@" + (data + LINK_PS), "5/1@" + (2 * data + LINK_PS),
        "5/2@" + (3 * data + LINK_PS));
    assertThat(nic.waitingPackets()).isZero();
  }

  /**
   * Flow 3's backlog of data does not hold back the ACKs the host returns for flow 1, nor flow 7's
   * data: each flow gets one turn per round, in flow-id order after the last served (3, then 7,
   * then around to 1).
   */
  @Test
  void flowsTakeTurnsInFlowIdOrderAfterTheLastServed() {
    for (int i = 0; i < 4; i++) {
      post(0, 3, i, 4096); // the first goes at once; three wait
    }
    post(100, 1, 10, 82); // ACKs of flow 1, arriving while flow 3's first packet is serialized
    post(100, 1, 11, 82);
    post(200, 7, 20, 4096);
    sim.run(Long.MAX_VALUE);
    long data = 4096 * 80;
    long ack = 82 * 80;
    long t = data;
    List<String> expected = new ArrayList<>(List.of("3/0@" + (t + LINK_PS)));
    String[] order = {"7/20", "1/10", "3/1", "1/11", "3/2", "3/3"};
    for (String p : order) {
      t += p.startsWith("1/") ? ack : data;
      expected.add(p + "@" + (t + LINK_PS));
    }
    assertThat(arrivals).containsExactlyElementsOf(expected);
    assertThat(pool.outstanding()).isZero();
  }

  /** The turn is taken when the line frees: a packet that arrives during a serialization competes for it. */
  @Test
  void aPacketArrivingDuringASerializationCompetesForTheNextTurn() {
    post(0, 2, 0, 4096);
    post(0, 2, 1, 4096);
    post(4096 * 80 - 1, 4, 0, 4096); // one picosecond before the line frees
    sim.run(Long.MAX_VALUE);
    long data = 4096 * 80;
    assertThat(arrivals).containsExactly("2/0@" + (data + LINK_PS), "4/0@" + (2 * data + LINK_PS),
        "2/1@" + (3 * data + LINK_PS));
  }
}
