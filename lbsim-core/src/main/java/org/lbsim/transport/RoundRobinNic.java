package org.lbsim.transport;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import org.lbsim.engine.EventTarget;
import org.lbsim.engine.Simulator;
import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;

/**
 * The study simulator's host NIC (csg-htsim {@code ConstFairScheduler}): one FIFO per flow, the
 * data a host sends and the ACKs it returns for a flow it receives each in the queue of their
 * flow id, served round robin in flow-id order from the one after the last served. The choice is
 * made when the line frees, so a packet that arrives while another is serialized competes for
 * the next turn, and one that arrives at the very instant the line frees competes for the turn
 * after; the NIC port itself is handed one packet at a time, when it is free.
 *
 * <p>A packet posted to an idle NIC with nothing waiting goes out at once, as through a FIFO. The
 * NIC costs no event of its own while its port computes departures on arrival: it is the port's
 * {@link EgressPort.Feed}, and the turns due since it was last asked are played when the port
 * is next touched (a post, a delivery, a query), each handed over at the instant its line freed.
 * Once the port is event-driven (PFC, a failure, {@code engine.transmitter: events}) the NIC
 * wakes itself when the line frees, with the same choices; a NIC that cannot start a packet it
 * was handed (paused by PFC, held by a failure) keeps it, and those handed after it, in its own
 * FIFO.
 */
final class RoundRobinNic implements EventTarget, EgressPort.Feed {
  private final Simulator sim;
  private final EgressPort nic;
  private final int[] flowIds; // ascending: the flows whose packets this host sends (data and ACKs)
  private final ArrayDeque<Packet>[] queues; // by position in flowIds, made when first needed
  private final BitSet waiting = new BitSet(); // positions whose queue holds a packet
  private int lastServed = -1; // position in flowIds
  private long freeAtPs; // when the line may start the next packet (after the one handed last, and its gap)
  private boolean wakeupPending; // only while the port is event-driven

  /** @param flowIds every flow id whose packets this host may send, ascending */
  @SuppressWarnings("unchecked")
  RoundRobinNic(Simulator sim, EgressPort nic, int[] flowIds) {
    this.sim = sim;
    this.nic = nic;
    this.flowIds = flowIds.clone();
    this.queues = new ArrayDeque[flowIds.length];
    nic.setFeed(this);
  }

  /** Posts a packet this host sends (data, ACK, NACK or any control packet) to its flow's queue. */
  void send(Packet p) {
    long now = sim.now();
    int at = position(p.flow);
    boolean lazy = nic.departuresOnArrival();
    if (lazy) {
      catchUp(now); // the turns due before this packet, which competes for the next one only
    }
    if (waiting.isEmpty() && now >= freeAtPs) {
      handOver(p, at, now);
      return;
    }
    ArrayDeque<Packet> q = queues[at];
    if (q == null) {
      q = new ArrayDeque<>(4);
      queues[at] = q;
    }
    q.add(p);
    waiting.set(at);
    if (!lazy && !wakeupPending) {
      wakeupPending = true;
      sim.scheduleFirst(Math.max(now, freeAtPs), this, 0, 0); // before arrivals of the same instant, as a port's TX_FREE
    }
  }

  /**
   * Hands over the packets whose turn came by {@code now}, each at the instant the line freed for
   * it; once the port is event-driven, only makes sure a wake-up is pending while packets wait.
   */
  @Override
  public void catchUp(long now) {
    if (!nic.departuresOnArrival()) {
      if (!waiting.isEmpty() && !wakeupPending) {
        wakeupPending = true;
        sim.scheduleFirst(Math.max(now, freeAtPs), this, 0, 0);
      }
      return;
    }
    while (freeAtPs <= now && !waiting.isEmpty()) {
      serveNext(freeAtPs);
    }
  }

  /** The line is free (event-driven port): the next flow's head packet goes. */
  @Override
  public void onEvent(int kind, long arg) {
    wakeupPending = false;
    serveNext(sim.now());
    if (!waiting.isEmpty()) {
      wakeupPending = true;
      sim.scheduleFirst(freeAtPs, this, 0, 0);
    }
  }

  /** Hands over the head packet of the next flow after the last served that has one, at {@code atPs}. */
  private void serveNext(long atPs) {
    int next = waiting.nextSetBit(lastServed + 1);
    if (next < 0) {
      next = waiting.nextSetBit(0);
    }
    ArrayDeque<Packet> q = queues[next];
    Packet p = q.poll();
    if (q.isEmpty()) {
      waiting.clear(next);
    }
    handOver(p, next, atPs);
  }

  private int position(int flow) {
    int at = Arrays.binarySearch(flowIds, flow);
    if (at < 0) {
      throw new IllegalStateException("flow " + flow + " does not send from the host of NIC " + nic.name());
    }
    return at;
  }

  private void handOver(Packet p, int at, long atPs) {
    lastServed = at;
    freeAtPs = atPs + nic.serializationPs(p.sizeBytes) + nic.serializationPs(nic.config().gapBytes());
    nic.enqueueAt(p, atPs);
  }

  /** Packets posted and not yet handed to the NIC port. */
  int waitingPackets() {
    int n = 0;
    for (int i = waiting.nextSetBit(0); i >= 0; i = waiting.nextSetBit(i + 1)) {
      n += queues[i].size();
    }
    return n;
  }
}
