package org.lbsim.net;

import org.lbsim.engine.EventTarget;
import org.lbsim.engine.Simulator;

/**
 * An output queue and its transmitter: byte-accounted drop-tail buffer, ECN marking at dequeue,
 * serialization at the line rate, then the {@link Link} adds propagation.
 *
 * <p>Store-and-forward: a packet that starts serializing at t is complete at the far end of the
 * link at t + size/rate + latency. The next packet may start after the inter-packet gap. The
 * packet being serialized occupies the buffer until its last bit has left, without an event for
 * that instant: occupancy is computed lazily from {@code servingEndPs}.
 *
 * <p>The port is a small core (enqueue, serialize, deliver, statistics). What only some
 * scenarios use is a collaborator, attached by the scenario and null otherwise, so that a plain
 * port tests one reference per feature on its path: {@link Trimming} (payload trimming on
 * overflow, the header queue, return-to-sender), {@link Pfc} (paused by the switch its link
 * feeds) and {@link PauseFrames} (carrying the pause frames of the port at the cable's other
 * end), {@link PortFaults} (losses after serialization, a failure, a hold, a rate change),
 * {@link RedMarking} and {@link IntStamping}.
 *
 * <p><b>Departures computed on arrival.</b> A FIFO port whose departures nothing can delay or
 * divert (no PFC, trimming, loss, failure or dequeue listener) knows, when it admits a packet,
 * when that packet will start: {@code max(now, end of the packets ahead + gap)}. Such a port hands
 * the packet to its link at once, with its arrival time, and keeps only the start time; what
 * happens at the start (ECN or RED marking, INT stamping, statistics) is played lazily, in order,
 * the next time the port is touched (an arrival, a query, or the link delivering the packet).
 * This saves the "transmitter free" event, one per packet per hop. Results
 * are identical to the event-driven transmitter: arrivals at the instant a transmitter frees are
 * ordered after it in both ({@link Simulator#scheduleFirst}); a link's delivery events are
 * scheduled when its previous packet lands, as before, because the latency exceeds the gap (else
 * the port stays event-driven); and {@link #useEventDrivenTransmitter} is the reference mode,
 * compared with this one by tests.
 */
public final class EgressPort implements EventTarget {
  private static final int TX_FREE = 0;
  private static final int PAUSE = 1;
  private static final int RESUME = 2;
  private static final int DELIVER = 3;
  /** PFC pause frames are minimum-size Ethernet frames. */
  static final int PAUSE_FRAME_BYTES = 64;

  // The JVM lays out primitive fields before references; the references keep this order, which
  // is the order the collector copies what they point to (docs/performance.md, "Memory-layout
  // rules").
  private final Simulator sim;
  // the config's buffer and marking threshold, copied: a hop then reads no PortConfig object
  final long capacityBytes;
  private final long ecnThresholdBytes;
  private final long latencyPs;
  private int psPerByte; // > 0 when the rate divides 8e12 exactly into an int (see exactPsPerByte)
  long gapPs;

  // The cable this port feeds: its packets in propagation, in order, each knowing its arrival
  // time; the port delivers its head packet to the far end (one pending event per busy cable).
  // The FIFO is a list through the packets themselves (Packet.nextOnWire), not an array: every
  // step along it reads a packet the hop reads anyway, where a ring would cost a line of the
  // array at the head, the tail and the next start (docs/performance.md, "Memory-layout rules").
  private Node to; // null: the far end lies in another partition (the link's CableEnd takes the packets), or none yet
  private Switch toSwitch; // `to` when it is a switch: a direct call instead of an interface dispatch per packet
  private Feed feed; // packets waiting in front of the port in an order of their own (null: none)
  private Packet wireHead; // the oldest packet on the cable (null: none)
  private Packet wireTail; // the newest
  private int wireCount;

  // Departures computed on arrival (see the class comment): a packet goes on the wire when
  // admitted, so the packets still waiting are the wire's newest `unstarted` ones, from
  // firstUnstarted on, each carrying its start time; the port keeps no second FIFO for them.
  private boolean onArrival;
  private int unstarted;
  private Packet firstUnstarted; // the oldest packet not yet started (null: none)
  private long unstartedBytes;
  private long tailFreePs; // when the transmitter frees after every packet admitted so far
  private long freeAtPs; // when the transmitter may start the next packet (after the gap)
  long servingBytes;
  long servingEndPs;

  // collaborators, each null unless the scenario uses it
  Trimming trimming; // trims on overflow; its header queue is served first
  private RedMarking red; // marks with a RED profile instead of the config's single threshold
  private IntStamping intStamping; // stamps departing data packets with this hop's INT record

  private final PacketPool pool;
  private final FabricCounters counters;
  PortConfig config; // replaced only when a failure degrades the link
  private final String name;
  private final Link link;
  private int tieRank; // see setTieRank
  /** The event-driven transmitter's waiting packets. */
  final PacketRing queue = new PacketRing();
  PortFaults faults; // losses, a failure, a hold, a rate change
  private DequeueListener dequeueListener; // host NIC back-pressure
  Pfc pfc; // paused by the switch this port's link feeds
  PauseFrames pauseFrames; // carries the pause frames of the port at the cable's other end
  private boolean wakeupPending; // invariant: packets waiting and not paused => a TX_FREE event is pending

  // statistics every packet updates, read by PortStatistics
  long lastChangePs;
  long byteTimeArea; // integral of queued bytes over time, in byte*ps
  long maxQueueBytes;
  long packetsSent;
  long bytesSent;
  long drops;
  long ecnMarks;

  public EgressPort(Simulator sim, PacketPool pool, FabricCounters counters, PortConfig config, Link link, String name) {
    this.sim = sim;
    this.capacityBytes = config.capacityBytes();
    this.ecnThresholdBytes = config.ecnThresholdBytes();
    this.latencyPs = link.latencyPs();
    this.pool = pool;
    this.counters = counters;
    this.config = config;
    this.link = link;
    this.name = name;
    this.psPerByte = exactPsPerByte(config.bitsPerSecond());
    this.gapPs = serializationPs(config.gapBytes());
    // a link no longer than the gap would see its delivery events scheduled at other moments
    this.onArrival = latencyPs > gapPs;
    link.attach(this);
  }

  /**
   * Makes every departure an event (the reference transmitter): required by features that act at
   * the moment a packet leaves, and switched on by them. Only valid while no packet waits.
   */
  public void useEventDrivenTransmitter() {
    if (!onArrival) {
      return;
    }
    catchUp(sim.now());
    if (unstarted > 0) {
      throw new IllegalStateException("port " + name + " cannot switch to an event-driven transmitter with "
          + unstarted + " packets already scheduled on its link");
    }
    onArrival = false;
    if (feed != null) {
      feed.catchUp(sim.now()); // from now on the feed wakes itself when the line frees
    }
  }

  /** Whether this port computes departures on arrival (false: one event per departure). */
  public boolean departuresOnArrival() {
    return onArrival;
  }

  /** On overflow, cut a data packet to {@code headerBytes} and send it ahead in a header queue of twice the buffer. */
  public void enableTrimming(int headerBytes) {
    useEventDrivenTransmitter();
    this.trimming = new Trimming(this, counters, headerBytes);
  }

  /** Whether this port trims on overflow. */
  public boolean trimming() {
    return trimming != null;
  }

  /**
   * On overflow, trim the newest queued data packet instead of the arriving one with probability
   * ½ (NDP's defence against phase effects; the study simulator's trimming queue does the same).
   * Only on a port that trims.
   */
  public void setTrimCoin(java.util.SplittableRandom coin) {
    trimmingOnly("a trimming coin").setCoin(coin);
  }

  /**
   * NDP's return-to-sender: a trimmed header that finds the header queue full is not dropped but
   * turned into a NACK to its sender and handed to {@code router} (the switch that owns this
   * port) to be routed back. Only on a port that trims.
   */
  public void enableReturnToSender(Node router) {
    useEventDrivenTransmitter();
    trimmingOnly("return-to-sender").returnToSender(router);
  }

  private Trimming trimmingOnly(String what) {
    if (trimming == null) {
      throw new IllegalStateException("port " + name + " does not trim: " + what + " needs enableTrimming first");
    }
    return trimming;
  }

  /** Stamp departing data packets with this hop's INT record (HPCC), naming this port {@code portId}. */
  public void enableIntStamping(int portId) {
    this.intStamping = new IntStamping(portId);
  }

  /** Mark CE with a RED-like probability profile instead of the config's single threshold. */
  public void setRedMarking(RedMarking red) {
    this.red = red;
  }

  /** Losses after serialization (a lossy or flaky link); null = none. */
  public void setLoss(LossModel loss) {
    if (loss != null) {
      useEventDrivenTransmitter();
      faults().loss = loss;
    } else if (faults != null) {
      faults.loss = null;
    }
  }

  /** A fault that may swallow packets after serialization (black hole, flaky link); null = none. */
  public void setFault(PortFault fault) {
    if (fault != null) {
      useEventDrivenTransmitter();
      faults().fault = fault;
    } else if (faults != null) {
      faults.fault = null;
    }
  }

  /** This port's faults, attached on first use. */
  private PortFaults faults() {
    if (faults == null) {
      faults = new PortFaults();
    }
    return faults;
  }

  /**
   * A held port stops transmitting: what it is given waits in its buffer (and overflows it) until
   * it is released, as a failed link that queues instead of dropping.
   */
  public void setHeld(boolean hold) {
    if (held() == hold) {
      return;
    }
    useEventDrivenTransmitter();
    faults().held = hold;
    if (!hold) {
      wakeIfIdle(sim.now());
    }
  }

  /** Changes the line rate from now on (a degraded link); the packet on the wire keeps its timing. */
  public void setRate(long bitsPerSecond) {
    if (bitsPerSecond == config.bitsPerSecond()) {
      return;
    }
    useEventDrivenTransmitter();
    faults().rateChanged(config.bitsPerSecond(), sim.now());
    config = new PortConfig(bitsPerSecond, capacityBytes, ecnThresholdBytes, config.gapBytes());
    psPerByte = exactPsPerByte(bitsPerSecond);
    gapPs = serializationPs(config.gapBytes());
  }

  private boolean held() {
    return faults != null && faults.held;
  }

  /** Packets waiting in the buffer (not the one on the wire). */
  public int waitingPackets() {
    catchUp(sim.now());
    return unstarted + queue.size() + (trimming == null ? 0 : trimming.headers.size());
  }

  /**
   * Calls {@code action} for each packet this port holds, waiting in its buffer or on its cable
   * ({@code waitingOnly}: in its buffer only), oldest first. For end-of-run diagnostics: what a
   * held link keeps, which flows still have packets in the fabric.
   */
  public void forEachPacket(boolean waitingOnly, java.util.function.Consumer<Packet> action) {
    catchUp(sim.now());
    Packet p = waitingOnly ? firstUnstarted : wireHead;
    for (int i = waitingOnly ? unstarted : wireCount; i > 0; i--, p = p.nextOnWire) {
      action.accept(p); // on-arrival ports keep their waiting packets at the cable's tail
    }
    queue.forEach(action);
    if (trimming != null) {
      trimming.headers.forEach(action);
    }
    if (landsInAnotherPartition() && !waitingOnly) {
      link.farEnd().forEachPacket(action);
    }
  }

  /**
   * Makes this port the paused side of PFC: the switch its link feeds sends XOFF when the bytes
   * this port has put into its buffers exceed {@code xoff} and XON when they fall to {@code xon}
   * (per-ingress accounting, so up/down routing has no cyclic buffer dependency). The frames
   * travel on {@code reverse}, the far switch's port on the same cable back towards this one: a
   * 64 B control frame that waits for the packet being serialized there, then goes ahead of its
   * queued data (and is sent even while {@code reverse} is itself paused, as MAC control frames
   * are), and takes effect here after its serialization and the link latency.
   */
  public void enablePfc(long xoff, long xon, EgressPort reverse) {
    if (reverse == null || reverse == this) {
      throw new IllegalArgumentException("PFC on port " + name + " needs the far end's port back towards it");
    }
    if (!(xon >= 0 && xon < xoff)) {
      throw new IllegalArgumentException("PFC on port " + name + " needs 0 <= XON < XOFF, got " + xon + " and " + xoff + " B");
    }
    useEventDrivenTransmitter();
    reverse.carryPauseFramesFor(this);
    if (to instanceof Switch s) {
      s.enablePfcAccounting();
    }
    this.pfc = new Pfc(xoff, xon, reverse, counters);
  }

  /** Makes this port carry the pause frames of {@code target}, the port at the other end of its cable. */
  private void carryPauseFramesFor(EgressPort target) {
    if (pauseFrames != null && pauseFrames.target != target) {
      throw new IllegalStateException("port " + name + " already carries pause frames for " + pauseFrames.target.name);
    }
    useEventDrivenTransmitter(); // it sends pause frames ahead of its data
    if (pauseFrames == null) {
      pauseFrames = new PauseFrames(target);
    }
  }

  public String name() {
    return name;
  }

  public Link link() {
    return link;
  }

  public PortConfig config() {
    return config;
  }

  long now() {
    return sim.now();
  }

  /** Bytes in the buffer now, the packet being serialized included. */
  public long queuedBytes() {
    catchUp(sim.now());
    return waitingBytes() + (sim.now() < servingEndPs ? servingBytes : 0);
  }

  /** Picoseconds per byte at {@code bitsPerSecond} when that is a whole number that fits an int, else 0. */
  private static int exactPsPerByte(long bitsPerSecond) {
    long ps = 8_000_000_000_000L / bitsPerSecond;
    return 8_000_000_000_000L % bitsPerSecond == 0 && ps <= Integer.MAX_VALUE ? (int) ps : 0;
  }

  public long serializationPs(long bytes) {
    return psPerByte > 0 ? bytes * psPerByte : config.serializationPs(bytes);
  }

  /** Admits the packet, trims it (or the newest queued one), or drops or returns it when it would overflow the buffer. */
  public void enqueue(Packet p) {
    admit(p, sim.now());
  }

  /**
   * Admits {@code p} as of {@code atPs}, an instant that may have passed: for a {@link Feed}
   * catching up. Only on a port that computes departures on arrival (or with {@code atPs} now),
   * whose line was free at {@code atPs} and which has admitted nothing since.
   */
  public void enqueueAt(Packet p, long atPs) {
    long now = sim.now();
    if (atPs > now || (atPs < now && !onArrival) || atPs < tailFreePs || atPs < lastChangePs) {
      throw new IllegalStateException("port " + name + " cannot admit a packet at " + atPs + " ps (now " + now
          + " ps, line free at " + Math.max(tailFreePs, freeAtPs) + " ps)");
    }
    admit(p, atPs);
  }

  private void admit(Packet p, long now) {
    if (onArrival) {
      settle(now);
    }
    long occupancy = (onArrival ? unstartedBytes : queue.bytes()) + (now < servingEndPs ? servingBytes : 0);
    PacketRing into = queue;
    if (trimming != null) {
      into = trimming.admit(p, occupancy, now);
      if (into == null) {
        return;
      }
    } else if (occupancy + p.sizeBytes > capacityBytes) {
      drop(p);
      return;
    }
    accountQueueArea(now);
    if (onArrival) {
      unstarted++;
      unstartedBytes += p.sizeBytes;
    } else {
      into.add(p);
    }
    long total = waitingBytes() + (now < servingEndPs ? servingBytes : 0);
    if (total > maxQueueBytes) {
      maxQueueBytes = total;
    }
    if (onArrival) {
      scheduleDeparture(p, now);
      return;
    }
    if (!wakeupPending && !paused() && !held()) { // wakeIfIdle, knowing that data waits
      startOrWake(now);
    }
  }

  /** Adds the queued byte-time up to {@code now}, before the waiting bytes change. */
  void accountQueueArea(long now) {
    byteTimeArea += waitingBytes() * (now - lastChangePs);
    lastChangePs = now;
  }

  /** Drops {@code p} at this port. */
  void drop(Packet p) {
    if (p.pfcCharged) {
      p.from.discharge(p.sizeBytes);
      p.pfcCharged = false;
    }
    drops++;
    counters.countDrop(p);
    pool.release(p);
  }

  long waitingBytes() {
    if (onArrival) {
      return unstartedBytes; // no header queue: trimming ports are event-driven
    }
    return trimming == null ? queue.bytes() : queue.bytes() + trimming.headers.bytes();
  }

  /**
   * Departures on arrival: the packet just queued starts when the transmitter has sent everything
   * ahead of it; it goes on the link now, and its start is played by {@link #settle}.
   */
  private void scheduleDeparture(Packet p, long now) {
    long start = Math.max(now, tailFreePs);
    long end = start + serializationPs(p.sizeBytes);
    tailFreePs = end + gapPs;
    p.startPs = start;
    transmit(p, end);
    if (firstUnstarted == null) {
      firstUnstarted = p;
    }
    if (start == now) {
      settle(now);
    }
  }

  /**
   * Departures on arrival: plays, in order, the starts of the queued packets due by {@code now}.
   *
   * <p>The oldest waiting packet starts at max(its admission, {@code freeAtPs}), where
   * {@code freeAtPs} is the previous packet's end plus the gap (set when that start was played),
   * and its admission is at or before now; so it is due exactly when {@code freeAtPs <= now}.
   * Testing that instead of the packet's own start time leaves the packet, which has waited in
   * the queue and is no longer in the cache, untouched until it really starts.
   */
  void settle(long now) {
    while (unstarted > 0 && freeAtPs <= now) {
      Packet p = firstUnstarted;
      firstUnstarted = unstarted > 1 ? p.nextOnWire : null;
      long start = p.startPs;
      long waiting = unstartedBytes;
      unstarted--;
      unstartedBytes -= p.sizeBytes;
      depart(p, false, waiting, start);
    }
  }

  /**
   * Wakes the event-driven transmitter if nothing will wake it and it has something it may send:
   * a pause frame, or data while the port is not paused; a held port sends nothing.
   */
  private void wakeIfIdle(long now) {
    if (!wakeupPending && !held() && (framesPending() || (dataWaiting() && !paused()))) {
      startOrWake(now);
    }
  }

  /**
   * Starts the next frame now if the line is free, else schedules the TX_FREE wake-up for when it
   * frees. The caller has checked that a frame may go and that no wake-up is pending.
   */
  private void startOrWake(long now) {
    if (now >= freeAtPs) {
      startNext(now);
    } else {
      wakeupPending = true;
      sim.scheduleFirst(freeAtPs, this, TX_FREE, 0);
    }
  }

  private void startNext(long now) {
    if (framesPending()) {
      sendPauseFrame(now);
      return;
    }
    boolean fromHeaders = trimming != null && trimming.headers.size() > 0;
    long waiting = waitingBytes();
    Packet p = fromHeaders ? trimming.headers.poll() : queue.poll();
    depart(p, fromHeaders, waiting, now);
    if (faults != null && faults.swallows(p, now)) {
      drops++;
      counters.countDrop(p);
      pool.release(p);
    } else {
      transmit(p, servingEndPs);
    }
    // Only a port with packets waiting needs to wake up when the line frees: an idle port starts
    // the next arrival directly, which saves one event per packet on uncongested hops.
    wakeupPending = dataWaiting() && !paused() && !held();
    if (wakeupPending) {
      sim.scheduleFirst(freeAtPs, this, TX_FREE, 0);
    }
    if (dequeueListener != null) {
      dequeueListener.onDequeue(this); // last: the port is consistent, the listener may enqueue
    }
  }

  /**
   * What happens when {@code p} starts serializing at {@code now} ({@code waiting} = the bytes
   * queued just before, {@code p} included): marking, statistics, INT, PFC accounting.
   */
  private void depart(Packet p, boolean fromHeaders, long waiting, long now) {
    long threshold = ecnThresholdBytes;
    // Marking at dequeue against the bytes queued including the departing packet.
    if (red != null) {
      if (!p.ce && !fromHeaders && red.marks(waiting)) {
        p.ce = true;
        ecnMarks++;
        counters.ecnMarked++;
      }
    } else if (threshold >= 0 && waiting > threshold && !p.ce && !fromHeaders) {
      p.ce = true;
      ecnMarks++;
      counters.ecnMarked++;
    }
    byteTimeArea += waiting * (now - lastChangePs);
    lastChangePs = now;
    long ser = serializationPs(p.sizeBytes);
    servingBytes = p.sizeBytes;
    servingEndPs = now + ser;
    byteTimeArea += (long) p.sizeBytes * ser; // the serving packet's share, known in advance
    packetsSent++;
    bytesSent += p.sizeBytes;
    if (intStamping != null && p.isData() && p.intHops() < Packet.INT_MAX_HOPS) {
      intStamping.stamp(p, waiting - p.sizeBytes, bytesSent, now, config.bitsPerSecond()); // it leaves waiting - size behind
    }
    if (p.pfcCharged) {
      p.from.discharge(p.sizeBytes);
      p.pfcCharged = false;
    }
    p.from = this;
    freeAtPs = servingEndPs + gapPs;
  }

  /** Told each time this port takes a packet off its queue to serialize it (host NIC back-pressure). */
  public interface DequeueListener {
    void onDequeue(EgressPort port);
  }

  public void setDequeueListener(DequeueListener listener) {
    if (listener != null) {
      useEventDrivenTransmitter();
    }
    this.dequeueListener = listener;
  }

  /**
   * Packets that wait in front of the port in an order of their own (the reference profile's
   * round-robin host NIC) and go to it one at a time, each when the line frees. While the port
   * computes departures on arrival nothing wakes at those instants: the feed catches up, handing
   * over with {@link #enqueueAt} what it would have handed over until now, each time the port is
   * read or delivers a packet (a feed holds packets only while the line is busy, so a delivery
   * follows every instant the line frees while they wait: the cable's latency exceeds the gap),
   * and once more when the port turns event-driven, after which the feed wakes itself.
   */
  public interface Feed {
    void catchUp(long now);
  }

  public void setFeed(Feed feed) {
    this.feed = feed;
  }

  /** Brings the port up to {@code now}: what its feed hands over until then, then the starts due. */
  void catchUp(long now) {
    if (feed != null) {
      feed.catchUp(now);
    }
    settle(now);
  }

  /** PFC: the next switch now holds {@code bytes} more that came through this port. */
  void charge(int bytes) {
    pfc.charge(bytes);
  }

  /** PFC: the next switch no longer holds {@code bytes} that came through this port. */
  void discharge(int bytes) {
    pfc.discharge(bytes);
  }

  boolean pfcEnabled() {
    return pfc != null;
  }

  /** Whether packets wait in the buffer of the event-driven transmitter. */
  private boolean dataWaiting() {
    return queue.size() > 0 || (trimming != null && trimming.headers.size() > 0);
  }

  private boolean framesPending() {
    return pauseFrames != null && pauseFrames.pending() > 0;
  }

  /** Queues an XOFF ({@code xoff}) or XON frame for the port this one carries pause frames for, ahead of this port's data. */
  void queuePauseFrame(boolean xoff) {
    pauseFrames.add(xoff);
    wakeIfIdle(sim.now());
  }

  /** Serializes the oldest pending pause frame; it takes effect at the far end one link latency after its last bit. */
  private void sendPauseFrame(long now) {
    boolean xoff = pauseFrames.next();
    long end = now + serializationPs(PAUSE_FRAME_BYTES);
    sim.schedule(end + latencyPs, pauseFrames.target, xoff ? PAUSE : RESUME, 0);
    freeAtPs = end + gapPs;
    wakeupPending = !held() && (framesPending() || (dataWaiting() && !paused()));
    if (wakeupPending) {
      sim.scheduleFirst(freeAtPs, this, TX_FREE, 0);
    }
  }

  /**
   * The cable's far end lies in another partition of the run: every packet goes to it through
   * {@code channel} when it starts serializing, so departures are events (a departure computed on
   * arrival would decide a packet's mark after the far end has read it). Called once the port has
   * its rank and its far end, before any packet.
   */
  public void landThrough(org.lbsim.engine.PartitionedSimulator.Channel channel) {
    if (to == null) {
      throw new IllegalStateException("port " + name + " has no far end yet");
    }
    useEventDrivenTransmitter();
    link.landIn(new CableEnd(channel, to, tieRank));
    to = null;
    toSwitch = null;
  }

  /** Whether the cable's far end lies in another partition of the run. */
  public boolean landsInAnotherPartition() {
    return to == null && link.farEnd() != null;
  }

  /** The far end of the cable, told by the {@link Link}. */
  void connected(Node node) {
    this.to = node;
    this.toSwitch = node instanceof Switch s ? s : null;
  }

  /** Puts a packet on the wire, its last bit leaving this port at {@code lastBitPs}. */
  private void transmit(Packet p, long lastBitPs) {
    long at = lastBitPs + latencyPs;
    if (to == null) { // a cable between partitions, or one not connected yet (a port on its own)
      CableEnd far = link.farEnd();
      if (far != null) {
        far.post(p, at);
        return;
      }
    }
    if (wireCount == 0) {
      wireHead = p;
    } else {
      wireTail.nextOnWire = p;
    }
    wireTail = p;
    p.arrivalPs = at;
    if (wireCount++ == 0) {
      sim.schedule(at, this, DELIVER, 0);
    }
  }

  /** The head packet reaches the far end of the cable. */
  private void deliver() {
    Packet p = wireHead;
    if (p.from != this) {
      // a departure computed on arrival: play its start before it lands (and while the packet
      // is still on the wire, where settle finds the waiting packets)
      settle(sim.now());
    }
    if (feed != null) {
      feed.catchUp(sim.now()); // what it handed over since, before the next delivery is scheduled
    }
    Packet next = p.nextOnWire;
    p.nextOnWire = null;
    wireHead = next;
    if (--wireCount > 0) {
      sim.schedule(next.arrivalPs, this, DELIVER, 0);
    } else {
      wireTail = null;
    }
    if (toSwitch != null) {
      toSwitch.receive(p);
    } else {
      to.receive(p);
    }
  }

  /**
   * What a delivery reads first: the port's hot fields, its cable's head packet (delivered) and
   * the packet behind it (whose arrival the delivery schedules). Touching more (the oldest
   * waiting packet, which settle may start, or a host packet's endpoint) is slower
   * (docs/performance.md, "Levers measured and not kept").
   */
  @Override
  public long prefetch() {
    if (wireCount == 0) {
      return 0;
    }
    Packet p = wireHead;
    Packet q = wireCount > 1 ? p.nextOnWire : p;
    return p.arrivalPs + p.dst + q.arrivalPs;
  }

  /** The port's place in the order of events of one picosecond ({@link EventTarget#tieRank}); 0 until set. */
  public void setTieRank(int rank) {
    this.tieRank = rank;
  }

  @Override
  public int tieRank() {
    return tieRank;
  }

  @Override
  public void onEvent(int kind, long arg) {
    if (kind == DELIVER) {
      deliver();
      return;
    }
    long now = sim.now();
    if (kind == TX_FREE) {
      wakeupPending = false;
      // a held (failed) link sends nothing, not even pause frames; a paused one still sends those
      if (!held() && (!paused() || framesPending())) {
        startNext(now);
      }
    } else if (kind == PAUSE) {
      pfc.pause(now);
    } else {
      pfc.resume(now);
      wakeIfIdle(now);
    }
  }

  /** What this port has done so far: its counters and time-averages, read from its fields now. */
  public PortStatistics statistics() {
    return new PortStatistics(this);
  }

  public boolean paused() {
    return pfc != null && pfc.paused();
  }
}
