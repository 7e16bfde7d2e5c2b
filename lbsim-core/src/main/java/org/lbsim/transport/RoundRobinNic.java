package org.lbsim.transport;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.TreeMap;
import org.lbsim.engine.EventTarget;
import org.lbsim.engine.Simulator;
import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;

/**
 * The study simulator's host NIC (csg-htsim {@code ConstFairScheduler}): one FIFO per flow, the
 * data a host sends and the ACKs it returns for a flow it receives each in the queue of their
 * flow id, served round robin in flow-id order from the one after the last served. The choice is
 * made when the line frees, so a packet that arrives while another is serialized competes for
 * the next turn; the NIC port itself is handed one packet at a time, when it is free.
 *
 * <p>A packet posted to an idle NIC with nothing waiting goes out at once, as through a FIFO: a
 * host that never has two packets waiting costs no event. A NIC that cannot start a packet it was
 * handed (paused by PFC, held by a failure) keeps it, and those handed after it, in its own FIFO.
 */
final class RoundRobinNic implements EventTarget {
  private final Simulator sim;
  private final EgressPort nic;
  private final TreeMap<Integer, ArrayDeque<Packet>> waiting = new TreeMap<>(); // non-empty queues only
  private final ArrayDeque<ArrayDeque<Packet>> spare = new ArrayDeque<>();
  private int lastServed = Integer.MIN_VALUE;
  private long freeAtPs; // when the line may start the next packet (after the one handed last, and its gap)
  private boolean wakeupPending;

  RoundRobinNic(Simulator sim, EgressPort nic) {
    this.sim = sim;
    this.nic = nic;
  }

  /** Posts a packet this host sends (data, ACK, NACK or any control packet) to its flow's queue. */
  void send(Packet p) {
    long now = sim.now();
    if (waiting.isEmpty() && now >= freeAtPs) {
      handOver(p, now);
      return;
    }
    ArrayDeque<Packet> q = waiting.get(p.flow);
    if (q == null) {
      q = spare.isEmpty() ? new ArrayDeque<>() : spare.poll();
      waiting.put(p.flow, q);
    }
    q.add(p);
    if (!wakeupPending) {
      wakeupPending = true;
      sim.scheduleFirst(Math.max(now, freeAtPs), this, 0, 0); // before arrivals of the same instant, as a port's TX_FREE
    }
  }

  /** The line is free: the next flow's head packet goes. */
  @Override
  public void onEvent(int kind, long arg) {
    wakeupPending = false;
    Map.Entry<Integer, ArrayDeque<Packet>> next = waiting.higherEntry(lastServed);
    if (next == null) {
      next = waiting.firstEntry();
    }
    ArrayDeque<Packet> q = next.getValue();
    Packet p = q.poll();
    if (q.isEmpty()) {
      waiting.remove(next.getKey());
      spare.add(q);
    }
    long now = sim.now();
    handOver(p, now);
    if (!waiting.isEmpty()) {
      wakeupPending = true;
      sim.scheduleFirst(freeAtPs, this, 0, 0);
    }
  }

  private void handOver(Packet p, long now) {
    lastServed = p.flow;
    freeAtPs = now + nic.serializationPs(p.sizeBytes) + nic.serializationPs(nic.config().gapBytes());
    nic.enqueue(p);
  }

  /** Packets posted and not yet handed to the NIC port. */
  int waitingPackets() {
    int n = 0;
    for (ArrayDeque<Packet> q : waiting.values()) {
      n += q.size();
    }
    return n;
  }
}
