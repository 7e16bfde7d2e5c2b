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
 * <p>Optional features, all off by default: payload trimming on overflow (NDP: the header goes
 * to a strict-priority FIFO of twice the buffer), losses after serialization ({@link LossModel}),
 * and PFC as the upstream side of a link into a switch ({@link #enablePfc}).
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
public final class EgressPort extends PortHotFields implements EventTarget {
  private static final int TX_FREE = 0;
  private static final int PAUSE = 1;
  private static final int RESUME = 2;
  private static final int DELIVER = 3;
  /** PFC pause frames are minimum-size Ethernet frames. */
  static final int PAUSE_FRAME_BYTES = 64;

  private final PacketPool pool;
  private final FabricCounters counters;
  private PortConfig config; // replaced only when a failure degrades the link
  private final String name;
  private final Link link;

  // the cable's FIFO, the waiting packets' bookkeeping and the statistics a hop updates are in
  // PortHotFields
  private final PacketRing queue = new PacketRing(); // event-driven transmitter: the packets waiting
  private int trimmedBytes;
  private java.util.SplittableRandom trimCoin; // null: always trim the arriving packet
  private Node returnRouter; // non-null: return-to-sender, through this switch's routing
  private LossModel loss;
  private PortFault fault; // a failed or flaky link (org.lbsim.failure); null = healthy
  private boolean held; // a failed link that holds what it is given (black hole that queues)
  private double lineCapacityBefore; // bytes the line could carry before its latest rate change
  private long rateSincePs; // when the line got its current rate
  private boolean wakeupPending; // invariant: packets waiting and not paused => a TX_FREE event is pending
  private DequeueListener dequeueListener;

  // PFC, as the upstream port of a link into a switch
  private EgressPort pauseSender; // the far switch's port back towards this one: carries its pause frames
  private long xoffBytes = -1;
  private long xonBytes;
  private long downstreamBytes; // bytes this port put into the next switch's buffers, not yet forwarded
  private boolean pauseRequested;
  private boolean paused;
  private long pausedSincePs;
  // PFC, as the port that carries pause frames back to pfcTarget: XOFF and XON alternate, so a
  // count and the kind of the oldest pending frame describe the whole FIFO of control frames
  private EgressPort pfcTarget;
  private int controlPending;
  private boolean nextControlIsXoff;
  private long controlFramesSent;

  // statistics
  private long drops;
  private long ecnMarks;
  private long trims;
  private long returns;
  private long pauseFrames;
  private long pausedPs;

  public EgressPort(Simulator sim, PacketPool pool, FabricCounters counters, PortConfig config, Link link, String name) {
    super(sim, config.capacityBytes(), config.ecnThresholdBytes(), link.latencyPs());
    this.pool = pool;
    this.counters = counters;
    this.config = config;
    this.link = link;
    this.name = name;
    this.psPerByte = 8_000_000_000_000L % config.bitsPerSecond() == 0 ? 8_000_000_000_000L / config.bitsPerSecond() : 0;
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
    settle(sim.now());
    if (unstarted > 0) {
      throw new IllegalStateException("port " + name + " cannot switch to an event-driven transmitter with "
          + unstarted + " packets already scheduled on its link");
    }
    onArrival = false;
  }

  /** Whether this port computes departures on arrival (false: one event per departure). */
  public boolean departuresOnArrival() {
    return onArrival;
  }

  /** On overflow, cut a data packet to {@code headerBytes} and send it ahead in a header queue of twice the buffer. */
  public void enableTrimming(int headerBytes) {
    useEventDrivenTransmitter();
    this.headers = new PacketRing();
    this.trimmedBytes = headerBytes;
  }

  /** Whether this port trims on overflow. */
  public boolean trimming() {
    return headers != null;
  }

  /**
   * On overflow, trim the newest queued data packet instead of the arriving one with probability
   * ½ (NDP's defence against phase effects; the study simulator's trimming queue does the same).
   */
  public void setTrimCoin(java.util.SplittableRandom coin) {
    this.trimCoin = coin;
  }

  /**
   * NDP's return-to-sender: a trimmed header that finds the header queue full is not dropped but
   * turned into a NACK to its sender and handed to {@code router} (the switch that owns this
   * port) to be routed back.
   */
  public void enableReturnToSender(Node router) {
    useEventDrivenTransmitter();
    this.returnRouter = router;
  }

  /** Stamp departing data packets with this hop's INT record (HPCC), naming this port {@code portId}. */
  public void enableIntStamping(int portId) {
    this.intPortId = portId;
  }

  /** Mark CE with a RED-like probability profile instead of the config's single threshold. */
  public void setRedMarking(RedMarking red) {
    this.red = red;
  }

  public void setLoss(LossModel loss) {
    if (loss != null) {
      useEventDrivenTransmitter();
    }
    this.loss = loss;
  }

  /** A fault that may swallow packets after serialization (black hole, flaky link); null = none. */
  public void setFault(PortFault fault) {
    if (fault != null) {
      useEventDrivenTransmitter();
    }
    this.fault = fault;
  }

  /**
   * A held port stops transmitting: what it is given waits in its buffer (and overflows it) until
   * it is released, as a failed link that queues instead of dropping.
   */
  public void setHeld(boolean hold) {
    if (held == hold) {
      return;
    }
    useEventDrivenTransmitter();
    held = hold;
    if (!hold) {
      long now = sim.now();
      boolean waiting = queue.size() > 0 || (headers != null && headers.size() > 0);
      if (!wakeupPending && ((waiting && !paused) || controlPending > 0)) {
        startOrWake(now);
      }
    }
  }

  /** Changes the line rate from now on (a degraded link); the packet on the wire keeps its timing. */
  public void setRate(long bitsPerSecond) {
    if (bitsPerSecond != config.bitsPerSecond()) {
      useEventDrivenTransmitter();
      long now = sim.now();
      lineCapacityBefore += config.bitsPerSecond() / 8e12 * (now - rateSincePs);
      rateSincePs = now;
    }
    config = new PortConfig(bitsPerSecond, capacityBytes, ecnThresholdBytes, config.gapBytes());
    psPerByte = 8_000_000_000_000L % bitsPerSecond == 0 ? 8_000_000_000_000L / bitsPerSecond : 0;
    gapPs = serializationPs(config.gapBytes());
  }

  /** Packets waiting in the buffer (not the one on the wire). */
  public int waitingPackets() {
    settle(sim.now());
    return unstarted + queue.size() + (headers == null ? 0 : headers.size());
  }

  /**
   * Calls {@code action} for each packet this port holds, waiting in its buffer or on its cable
   * ({@code waitingOnly}: in its buffer only), oldest first. For end-of-run diagnostics: what a
   * held link keeps, which flows still have packets in the fabric.
   */
  public void forEachPacket(boolean waitingOnly, java.util.function.Consumer<Packet> action) {
    settle(sim.now());
    Packet p = waitingOnly ? firstUnstarted : wireHead;
    for (int i = waitingOnly ? unstarted : wireCount; i > 0; i--, p = p.nextOnWire) {
      action.accept(p); // on-arrival ports keep their waiting packets at the cable's tail
    }
    queue.forEach(action);
    if (headers != null) {
      headers.forEach(action);
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
    useEventDrivenTransmitter();
    reverse.useEventDrivenTransmitter(); // it will carry pause frames ahead of its data
    if (to instanceof Switch s) {
      s.enablePfcAccounting();
    }
    this.xoffBytes = xoff;
    this.xonBytes = xon;
    this.pauseSender = reverse;
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

  /** Bytes in the buffer now, the packet being serialized included. */
  public long queuedBytes() {
    settle(sim.now());
    return waitingBytes() + (sim.now() < servingEndPs ? servingBytes : 0);
  }

  public long serializationPs(long bytes) {
    return psPerByte > 0 ? bytes * psPerByte : config.serializationPs(bytes);
  }

  /** Admits the packet, trims it (or the newest queued one), or drops or returns it when it would overflow the buffer. */
  public void enqueue(Packet p) {
    long now = sim.now();
    if (onArrival) {
      settle(now);
    }
    long occupancy = (onArrival ? unstartedBytes : queue.bytes()) + (now < servingEndPs ? servingBytes : 0);
    PacketRing into = queue;
    if (headers != null && p.priority > 0) {
      if (headers.bytes() + p.sizeBytes > 2 * capacityBytes) {
        dropOrReturn(p);
        return;
      }
      into = headers; // an already trimmed header keeps its priority at every trimming port
    } else if (occupancy + p.sizeBytes > capacityBytes) {
      if (headers == null || !p.isData()) {
        drop(p);
        return;
      }
      byteTimeArea += waitingBytes() * (now - lastChangePs);
      lastChangePs = now;
      Packet tail = trimCoin != null && trimCoin.nextBoolean() ? queue.peekLast() : null;
      if (tail != null && tail.isData() && tail.priority == 0
          && occupancy - tail.sizeBytes + p.sizeBytes <= capacityBytes
          && headers.bytes() + trimmedBytes <= 2 * capacityBytes) {
        headers.add(trim(queue.pollLast())); // the coin chose the newest queued packet: the arrival takes its place
      } else if (headers.bytes() + trimmedBytes <= 2 * capacityBytes) {
        trim(p);
        into = headers;
      } else if (returnRouter != null) {
        dropOrReturn(trim(p)); // no room for its header: the header goes back to the sender
        return;
      } else {
        drop(p);
        return;
      }
    }
    byteTimeArea += waitingBytes() * (now - lastChangePs);
    lastChangePs = now;
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
    if (!wakeupPending && !paused && !held) {
      startOrWake(now);
    }
  }

  /** Cuts the payload off the data packet {@code p}: it becomes a header for the priority queue. */
  private Packet trim(Packet p) {
    int cut = p.sizeBytes - trimmedBytes;
    if (p.pfcCharged) {
      p.from.discharge(cut); // still charged for the header that remains
    }
    p.sizeBytes = trimmedBytes;
    p.payloadBytes = 0;
    p.trimmed = true;
    p.priority = 1;
    trims++;
    counters.dataTrimmed++;
    return p;
  }

  /** A header the priority queue has no room for: back to its sender under return-to-sender, else dropped. */
  private void dropOrReturn(Packet p) {
    if (returnRouter == null || !p.isData()) {
      drop(p);
      return;
    }
    if (p.pfcCharged) {
      p.from.discharge(p.sizeBytes);
      p.pfcCharged = false;
    }
    p.from = null;
    p.endpoint = null; // it now goes to its sender, which the transport finds by flow id
    int src = p.src;
    p.src = p.dst;
    p.dst = src;
    p.type = Packet.NACK; // names the trimmed sequence, carries no acknowledgement
    p.extras().returned = true;
    p.clearAcknowledgement();
    p.receivedBytes = 0;
    p.route = Packet.NO_ROUTE;
    p.ceEcho = p.ce;
    returns++;
    counters.dataReturned++;
    counters.ackSent++;
    counters.nackSent++;
    returnRouter.receive(p);
  }

  private void drop(Packet p) {
    if (p.pfcCharged) {
      p.from.discharge(p.sizeBytes);
      p.pfcCharged = false;
    }
    drops++;
    counters.countDrop(p);
    pool.release(p);
  }

  private long waitingBytes() {
    if (onArrival) {
      return unstartedBytes; // no header queue: trimming ports are event-driven
    }
    return headers == null ? queue.bytes() : queue.bytes() + headers.bytes();
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
    if (controlPending > 0) {
      sendControlFrame(now);
      return;
    }
    boolean fromHeaders = headers != null && headers.size() > 0;
    long waiting = waitingBytes();
    Packet p = fromHeaders ? headers.poll() : queue.poll();
    depart(p, fromHeaders, waiting, now);
    if ((loss != null && loss.drops(now)) || (fault != null && fault.swallows(p, now))) {
      drops++;
      counters.countDrop(p);
      pool.release(p);
    } else {
      transmit(p, servingEndPs);
    }
    // Only a port with packets waiting needs to wake up when the line frees: an idle port starts
    // the next arrival directly, which saves one event per packet on uncongested hops.
    wakeupPending = (queue.size() > 0 || (headers != null && headers.size() > 0)) && !paused && !held;
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
    if (intPortId >= 0 && p.isData() && p.intHops() < Packet.INT_MAX_HOPS) {
      PacketExtras x = p.intRecord();
      int h = x.intHops++;
      x.intPort[h] = intPortId;
      x.intQueueBytes[h] = waiting - p.sizeBytes; // what it leaves behind
      x.intTxBytes[h] = bytesSent;
      x.intTimePs[h] = now;
      x.intBitsPerSecond[h] = config.bitsPerSecond();
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

  /** PFC: the next switch now holds {@code bytes} more that came through this port. */
  void charge(int bytes) {
    downstreamBytes += bytes;
    if (!pauseRequested && downstreamBytes > xoffBytes) {
      pauseRequested = true;
      pauseFrames++;
      counters.pauseFrames++;
      pauseSender.queueControlFrame(this, true);
    }
  }

  void discharge(int bytes) {
    downstreamBytes -= bytes;
    if (pauseRequested && downstreamBytes <= xonBytes) {
      pauseRequested = false;
      pauseFrames++;
      counters.pauseFrames++;
      pauseSender.queueControlFrame(this, false);
    }
  }

  boolean pfcEnabled() {
    return xoffBytes >= 0;
  }

  /** Queues an XOFF ({@code xoff}) or XON frame for {@code target}, ahead of this port's data. */
  private void queueControlFrame(EgressPort target, boolean xoff) {
    if (pfcTarget != null && pfcTarget != target) {
      throw new IllegalStateException("port " + name + " already carries pause frames for " + pfcTarget.name);
    }
    pfcTarget = target;
    if (controlPending == 0) {
      nextControlIsXoff = xoff;
    }
    controlPending++;
    if (!wakeupPending && !held) {
      startOrWake(sim.now());
    }
  }

  /** Serializes the oldest pending pause frame; it takes effect at the far end one link latency after its last bit. */
  private void sendControlFrame(long now) {
    boolean xoff = nextControlIsXoff;
    nextControlIsXoff = !xoff;
    controlPending--;
    controlFramesSent++;
    long end = now + serializationPs(PAUSE_FRAME_BYTES);
    sim.schedule(end + latencyPs, pfcTarget, xoff ? PAUSE : RESUME, 0);
    freeAtPs = end + gapPs;
    wakeupPending = !held && (controlPending > 0 || ((queue.size() > 0 || (headers != null && headers.size() > 0)) && !paused));
    if (wakeupPending) {
      sim.scheduleFirst(freeAtPs, this, TX_FREE, 0);
    }
  }

  /** The far end of the cable, told by the {@link Link}. */
  void connected(Node node) {
    this.to = node;
    this.toSwitch = node instanceof Switch s ? s : null;
  }

  /** Puts a packet on the wire, its last bit leaving this port at {@code lastBitPs}. */
  private void transmit(Packet p, long lastBitPs) {
    long at = lastBitPs + latencyPs;
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
      if (!held && (!paused || controlPending > 0)) {
        startNext(now);
      }
    } else if (kind == PAUSE) {
      paused = true;
      pausedSincePs = now;
    } else {
      paused = false;
      pausedPs += now - pausedSincePs;
      boolean waiting = queue.size() > 0 || (headers != null && headers.size() > 0);
      if (waiting && !wakeupPending && !held) {
        startOrWake(now);
      }
    }
  }

  /**
   * The most bytes this port can hold, the packet being serialized included: its buffer; when it
   * trims, also twice that for the header queue, whose admission leaves out a header being
   * serialized, so one header more; Long.MAX_VALUE for an unbounded buffer (a host NIC).
   */
  public long queueLimitBytes() {
    if (capacityBytes == Long.MAX_VALUE) {
      return Long.MAX_VALUE;
    }
    return headers == null ? capacityBytes : 3 * capacityBytes + trimmedBytes;
  }

  public long maxQueueBytes() {
    return maxQueueBytes;
  }

  /** Time-averaged queued bytes over [0, endPs]. */
  public double meanQueueBytes(long endPs) {
    settle(sim.now());
    if (endPs <= 0) {
      return 0;
    }
    long area = byteTimeArea + waitingBytes() * Math.max(0, endPs - lastChangePs);
    return (double) area / endPs;
  }

  /**
   * The queued byte-time over [0, now]: the area {@link #meanQueueBytes} integrates, without the
   * share of the packet being serialized that lies after now.
   */
  public long queueAreaUntilNow() {
    long now = sim.now();
    settle(now);
    return byteTimeArea + waitingBytes() * (now - lastChangePs) - servingBytes * Math.max(0, servingEndPs - now);
  }

  /**
   * The bytes this port's line carried over [0, now], gaps included: every started packet and
   * its gap, less the part of the serving packet and its gap that lies after now.
   */
  public double lineBytesUntilNow() {
    long now = sim.now();
    settle(now);
    long onWire = bytesSent + packetsSent * config.gapBytes();
    long overhangPs = Math.max(0, servingEndPs + gapPs - now);
    return onWire - overhangPs * (config.bitsPerSecond() / 8e12);
  }

  /** The bytes this port's line could have carried over [0, now], at the rates it had. */
  public double lineCapacityUntilNow() {
    return config.bitsPerSecond() / 8e12 * (sim.now() - rateSincePs) + lineCapacityBefore;
  }

  public long packetsSent() {
    settle(sim.now());
    return packetsSent;
  }

  public long bytesSent() {
    settle(sim.now());
    return bytesSent;
  }

  public long drops() {
    return drops;
  }

  public long ecnMarks() {
    settle(sim.now());
    return ecnMarks;
  }

  /** Data packets whose payload this port cut off. */
  public long trims() {
    return trims;
  }

  /** Trimmed headers this port returned to their senders. */
  public long returns() {
    return returns;
  }

  /** PFC frames (XOFF and XON) the next switch sent to pause and resume this port. */
  public long pauseFrames() {
    return pauseFrames;
  }

  /** Time this port spent paused by PFC, up to {@code endPs}. */
  public long pausedPs(long endPs) {
    return pausedPs + (paused ? Math.max(0, endPs - pausedSincePs) : 0);
  }

  public boolean paused() {
    return paused;
  }

  /** PFC pause frames (XOFF and XON) this port serialized towards the port it pauses. */
  public long controlFramesSent() {
    return controlFramesSent;
  }

}
