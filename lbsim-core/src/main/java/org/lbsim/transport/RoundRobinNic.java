package org.lbsim.transport;

import java.util.Arrays;
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
  private static final int POSITION_BITS = 22;
  private static final int POSITION_MASK = (1 << POSITION_BITS) - 1;
  /** The most hosts and the most queues per NIC that {@link #place} can encode. */
  static final int MAX_HOSTS = 1 << 20;
  static final int MAX_QUEUES = 1 << POSITION_BITS;

  private final Simulator sim;
  private final EgressPort nic;
  private final int host;
  private final long[] places; // by flow id, shared by every host's NIC: see place()
  // What a post and a turn read is kept to a few cache lines: one bit per queue (the first
  // words: it holds a packet; the next as many: it holds more than one), the oldest packet of
  // each queue, and only for a queue that holds more, the rest in lists through slots that every
  // queue of the host shares (a freed slot is the next one taken): ends[2i] and ends[2i + 1] are
  // the first and last slot of position i's further packets (-1: none), link[s] the slot after s
  // in its list, or the next free slot.
  private final long[] bits;
  private final int words;
  private final Packet[] oldest;
  private final int[] ends;
  private Packet[] slots = new Packet[16];
  private int[] link = new int[16];
  private int freeSlot;
  private int waitingPackets;
  private int lastServed = -1; // a position
  private long freeAtPs; // when the line may start the next packet (after the one handed last, and its gap)
  private boolean wakeupPending; // only while the port is event-driven

  /**
   * @param host the host this NIC sends for
   * @param queues how many flows send packets from it (data or ACKs): its queues' positions are
   *     0 .. queues - 1, in flow-id order
   * @param places by flow id, where each flow's packets queue at the NIC of its source and of
   *     its destination ({@link #place})
   */
  /** The NIC's events happen at its host. */
  @Override
  public int tieRank() {
    return host;
  }

  RoundRobinNic(Simulator sim, EgressPort nic, int host, int queues, long[] places) {
    this.sim = sim;
    this.nic = nic;
    this.host = host;
    this.places = places;
    this.words = (queues + 63) >>> 6;
    this.bits = new long[2 * words];
    this.oldest = new Packet[queues];
    this.ends = new int[2 * queues];
    Arrays.fill(ends, -1);
    for (int s = 0; s < link.length; s++) {
      link[s] = s + 1;
    }
    nic.setFeed(this);
  }

  /**
   * A flow's place: its source host, its queue's position at the source's NIC and at its
   * destination's (the source's when they are the same host). Hosts below {@link #MAX_HOSTS},
   * positions below {@link #MAX_QUEUES}.
   */
  static long place(int srcHost, int atSrc, int atDst) {
    return (long) srcHost << (2 * POSITION_BITS) | (long) atSrc << POSITION_BITS | atDst;
  }

  /** Posts a packet this host sends (data, ACK, NACK or any control packet) to its flow's queue. */
  void send(Packet p) {
    long now = sim.now();
    long place = places[p.flow];
    int at = (int) (place >>> (2 * POSITION_BITS)) == host ? (int) (place >>> POSITION_BITS) & POSITION_MASK
        : (int) place & POSITION_MASK;
    boolean lazy = nic.departuresOnArrival();
    if (lazy) {
      catchUp(now); // the turns due before this packet, which competes for the next one only
    }
    if (waitingPackets == 0 && now >= freeAtPs) {
      handOver(p, at, now);
      return;
    }
    add(at, p);
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
      if (waitingPackets > 0 && !wakeupPending) {
        wakeupPending = true;
        sim.scheduleFirst(Math.max(now, freeAtPs), this, 0, 0);
      }
      return;
    }
    while (freeAtPs <= now && waitingPackets > 0) {
      serveNext(freeAtPs);
    }
  }

  /** The line is free (event-driven port): the next flow's head packet goes. */
  @Override
  public void onEvent(int kind, long arg) {
    wakeupPending = false;
    serveNext(sim.now());
    if (waitingPackets > 0) {
      wakeupPending = true;
      sim.scheduleFirst(freeAtPs, this, 0, 0);
    }
  }

  /** Hands over the head packet of the next flow after the last served that has one, at {@code atPs}. */
  private void serveNext(long atPs) {
    int next = nextWaiting(lastServed + 1);
    if (next < 0) {
      next = nextWaiting(0);
    }
    handOver(poll(next), next, atPs);
  }

  /** The first position from {@code from} on whose queue holds a packet; -1: none. */
  private int nextWaiting(int from) {
    int w = from >>> 6;
    if (w >= words) {
      return -1;
    }
    long b = bits[w] & (-1L << from); // the shift counts mod 64: from's bit within its word
    while (b == 0) {
      if (++w == words) {
        return -1;
      }
      b = bits[w];
    }
    return (w << 6) + Long.numberOfTrailingZeros(b);
  }

  /** Appends {@code p} to position {@code at}'s queue. */
  private void add(int at, Packet p) {
    waitingPackets++;
    if (oldest[at] == null) {
      oldest[at] = p;
      bits[at >>> 6] |= 1L << at;
      return;
    }
    if (freeSlot == slots.length) {
      int n = slots.length;
      slots = Arrays.copyOf(slots, 2 * n);
      link = Arrays.copyOf(link, 2 * n);
      for (int s = n; s < 2 * n; s++) {
        link[s] = s + 1;
      }
    }
    int s = freeSlot;
    freeSlot = link[s];
    slots[s] = p;
    link[s] = -1;
    int tail = ends[2 * at + 1];
    if (tail < 0) {
      ends[2 * at] = s;
      bits[words + (at >>> 6)] |= 1L << at;
    } else {
      link[tail] = s;
    }
    ends[2 * at + 1] = s;
  }

  /** Takes the oldest packet of position {@code at}'s queue, which holds one. */
  private Packet poll(int at) {
    waitingPackets--;
    Packet p = oldest[at];
    if ((bits[words + (at >>> 6)] & 1L << at) == 0) {
      oldest[at] = null;
      bits[at >>> 6] &= ~(1L << at);
      return p;
    }
    int s = ends[2 * at];
    oldest[at] = slots[s];
    slots[s] = null;
    int next = link[s];
    ends[2 * at] = next;
    if (next < 0) {
      ends[2 * at + 1] = -1;
      bits[words + (at >>> 6)] &= ~(1L << at);
    }
    link[s] = freeSlot;
    freeSlot = s;
    return p;
  }

  private void handOver(Packet p, int at, long atPs) {
    lastServed = at;
    freeAtPs = atPs + nic.serializationPs(p.sizeBytes) + nic.serializationPs(nic.config().gapBytes());
    nic.enqueueAt(p, atPs);
  }

  /** Packets posted and not yet handed to the NIC port. */
  int waitingPackets() {
    return waitingPackets;
  }
}
