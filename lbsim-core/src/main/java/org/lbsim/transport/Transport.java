package org.lbsim.transport;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.lbsim.engine.Simulator;
import org.lbsim.engine.SplitMix;
import org.lbsim.lb.FlowInfo;
import org.lbsim.lb.PathPolicy;
import org.lbsim.lb.PathPolicyFactory;
import org.lbsim.net.Endpoint;
import org.lbsim.net.FabricCounters;
import org.lbsim.net.Host;
import org.lbsim.net.Node;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketFormat;
import org.lbsim.net.PacketPool;
import org.lbsim.net.PortConfig;
import org.lbsim.topo.Fabric;
import org.lbsim.topo.TierLink;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.FlowTriggers;
import org.lbsim.workload.LocalStep;

/**
 * All endpoints of a run: one sender and one receiver per flow, the hosts' packet dispatch, and
 * the dependency bookkeeping that starts a flow once the flows it waits for have been received,
 * or once its run-time trigger fires ({@link TriggerFiring}).
 */
public final class Transport implements Node {
  private final Fabric fabric;
  private final Simulator sim;
  private final TransportSettings settings;
  private final List<FlowSpec> flows;
  private final Sender[] senders;
  private final Receiver[] receivers;
  private final long[] gapPs;
  private final long[] startPs; // when each flow started (its FCT's origin); -1 = not yet
  private final long[] phasePs;
  private final Dependencies dependencies;
  private final TriggerFiring triggers; // null: no flow is linked to a run-time trigger
  private TriggerActivators activators; // built when first asked
  private final LocalSteps local;
  private final RoundRobinNic[] nics; // null: each host's NIC is one FIFO
  private final Simulator[] clockOf; // by host: its partition's simulator
  // counted from every partition's thread; whichever completes the last flow stops the run
  private final java.util.concurrent.atomic.AtomicInteger sendersDone = new java.util.concurrent.atomic.AtomicInteger();
  private long allDonePs = -1; // the last finish of a flow or step so far (guarded by this)
  private boolean lastByStep; // a local step finished at allDonePs (its events come after a sampler's)
  // the STALLS_KEPT earliest senders (by time, then flow) that broke the liveness rule
  private final java.util.TreeSet<Stall> stalls = new java.util.TreeSet<>(
      java.util.Comparator.comparingLong(Stall::atPs).thenComparingInt(Stall::flow));
  private int stallCount;
  static final int STALLS_KEPT = 10;

  /**
   * @param paths creates each flow's data path policy
   * @param ackPaths creates each flow's ACK path policy at the receiver; null = ACKs echo the
   *     data packet's entropy
   */
  public Transport(Fabric fabric, TransportSettings settings, List<FlowSpec> flows, PathPolicyFactory paths,
      PathPolicyFactory ackPaths) {
    this(fabric, settings, flows, paths, ackPaths, List.of());
  }

  /**
   * As above, plus fabric-free steps (compute, NVLink copies) that flows may wait for and that may
   * wait for flows; see {@link LocalStep}.
   */
  public Transport(Fabric fabric, TransportSettings settings, List<FlowSpec> flows, PathPolicyFactory paths,
      PathPolicyFactory ackPaths, List<LocalStep> localSteps) {
    this.fabric = fabric;
    this.sim = fabric.simulator();
    this.clockOf = new Simulator[fabric.hostCount()];
    for (int h = 0; h < clockOf.length; h++) {
      clockOf[h] = fabric.host(h).partition().sim();
    }
    this.settings = settings;
    this.flows = List.copyOf(flows);
    int n = flows.size();
    senders = new Sender[n];
    receivers = new Receiver[n];
    gapPs = new long[n];
    startPs = new long[n];
    java.util.Arrays.fill(startPs, -1);
    dependencies = new Dependencies(this.flows, localSteps, this::begin);
    triggers = TriggerFiring.of(this, this.flows);
    local = new LocalSteps(this, localSteps, n);
    // What setup needs per flow but the run never touches (the boxed keys of the fair-share
    // lookup, each flow's parent random stream, the streams that the spray policy and the
    // constant rate continue in their own fields) is made in a pass of its own: allocated in the
    // loop below, it would lie as garbage between one flow's objects and the next's, which no
    // collection removes before the run (docs/architecture.md, "Memory layout rules").
    int[] flowsSharingHost = new int[n];
    SplitMix[] pathRandoms = new SplitMix[n];
    SplitMix[] jitters = new SplitMix[n];
    SplitMix[] ackRandoms = new SplitMix[n];
    Map<Long, Integer> share = fairShareGroups(this.flows);
    for (int i = 0; i < n; i++) {
      FlowSpec f = this.flows.get(i);
      if (f.id() != i) {
        throw new IllegalArgumentException("flow ids must be 0..n-1 in order; flow at index " + i + " has id " + f.id());
      }
      if (f.src() >= fabric.hostCount() || f.dst() >= fabric.hostCount() || f.src() < 0 || f.dst() < 0) {
        throw new IllegalArgumentException("flow " + i + " (" + f.src() + "->" + f.dst() + ") names a host outside 0.."
            + (fabric.hostCount() - 1));
      }
      flowsSharingHost[i] = share.get(key(f.src(), f.stage()));
      SplitMix flowRandom = sim.random().splitMix("flow", i);
      pathRandoms[i] = flowRandom.split();
      jitters[i] = settings.referencePacing() ? flowRandom.split() : null;
      // the ACK path's stream is the last split: not making it when no design steers ACKs shifts no other draw
      ackRandoms[i] = ackPaths == null ? null : flowRandom.split();
    }
    long hostBps = fabric.settings().hostLink().bitsPerSecond();
    LrDesign recovery = settings.recovery();
    for (int i = 0; i < n; i++) {
      FlowSpec f = this.flows.get(i);
      long slotPs = PortConfig.serializationPs((long) settings.format().pacingSlotBytes() * flowsSharingHost[i], hostBps);
      gapPs[i] = Math.max(1, (long) (slotPs / settings.rateCoef()));
      SplitMix pathRandom = pathRandoms[i];
      SplitMix jitter = jitters[i];
      SplitMix ackRandom = ackRandoms[i];
      CongestionControl cc = settings.cc() == null ? new ConstantRate(gapPs[i], jitter)
          : settings.cc().create(ccContext(f, gapPs[i], jitter));
      long target = settings.format().packetsFor(f.bytes()) + settings.extraPackets();
      Sender sender = new Sender(this, i, fabric.host(f.src()), f.dst(), cc); // also the flow's RTT estimate
      LossRecovery lr = recovery.sender().create(this, f, target, sender);
      sender.setLossRecovery(lr);
      PathPolicy path = paths.create(sender, pathRandom);
      sender.setPath(path);
      lr.setPathPolicy(path);
      senders[i] = sender;
      PathPolicy ackPath = ackPaths == null ? null
          : ackPaths.create(new AckFlow(i, f.dst(), f.src(), gapPs[i]), ackRandom);
      receivers[i] = recovery.receiver().create(this, i, ackPath, target);
      sender.receiver = receivers[i];
      receivers[i].sender = sender;
    }
    attachReceiverControl();
    phasePs = phases(this.flows, gapPs, fabric.hostCount());
    if (settings.nicBackpressure()) {
      NicGate[] gates = new NicGate[fabric.hostCount()];
      long limit = 2L * settings.format().dataBytes(); // one packet in service and one waiting
      for (Sender s : senders) {
        int h = s.src();
        if (gates[h] == null) {
          Host host = fabric.host(h);
          gates[h] = new NicGate(clockOf[h], host.nics(), limit * host.planes()); // that much per plane, counted together
        }
        s.setGate(gates[h]);
      }
    }
    boolean dependent = !localSteps.isEmpty() || this.flows.stream().anyMatch(f -> f.waitCount() > 0);
    nics = settings.roundRobinNic() && dependent ? roundRobinNics(fabric, this.flows) : null;
    for (int h = 0; h < fabric.hostCount(); h++) {
      fabric.host(h).setStack(this);
    }
  }

  /** Each host's round-robin NIC, over the flows it sends data for and those it returns ACKs for. */
  private static RoundRobinNic[] roundRobinNics(Fabric fabric, List<FlowSpec> flows) {
    int hosts = fabric.hostCount();
    if (hosts > RoundRobinNic.MAX_HOSTS) {
      throw new IllegalArgumentException("a round-robin NIC serves fabrics of at most " + RoundRobinNic.MAX_HOSTS
          + " hosts, got " + hosts);
    }
    int[] count = new int[hosts];
    long[] places = new long[flows.size()];
    for (FlowSpec f : flows) { // flow ids ascend, so each host's positions follow flow-id order
      int atSrc = count[f.src()]++;
      int atDst = f.dst() == f.src() ? atSrc : count[f.dst()]++;
      if (Math.max(atSrc, atDst) >= RoundRobinNic.MAX_QUEUES) {
        throw new IllegalArgumentException("a round-robin NIC serves at most " + RoundRobinNic.MAX_QUEUES
            + " flows per host");
      }
      places[f.id()] = RoundRobinNic.place(f.src(), atSrc, atDst);
    }
    RoundRobinNic[] nics = new RoundRobinNic[hosts];
    for (int h = 0; h < hosts; h++) {
      nics[h] = new RoundRobinNic(fabric.host(h).partition().sim(), fabric.host(h).nic(), h, count[h], places);
    }
    return nics;
  }

  /**
   * The receivers' part in congestion control, made after every flow's own objects (see
   * {@link ReceiverControl}): for a {@link PullCredited} control its {@link PullCredit}, served
   * by one pull pacer per receiving host, shared by all the flows it receives and pulling at the
   * control's pull rate x its link rate; for a run whose control asks for CNPs (a CNP interval) a
   * {@link CnpNotifier}; for a control whose design has a receiver part, that part
   * ({@link CcReceiver}, in a {@link PartControl}), made from the flow's context without the
   * sender's jitter stream.
   */
  private void attachReceiverControl() {
    PullPacer[] pacers = new PullPacer[fabric.hostCount()];
    PacketFormat fmt = settings.format();
    long slotPs = PortConfig.serializationPs(fmt.dataBytes() + fmt.gapBytes(), fabric.settings().hostLink().bitsPerSecond());
    boolean cnp = settings.cnpIntervalPs() >= 0;
    Function<CcContext, CcReceiver> parts = settings.ccReceivers();
    CcContext[] contexts = null; // made in a pass of their own, so that they do not lie as garbage between the parts
    if (parts != null) {
      contexts = new CcContext[senders.length];
      for (int i = 0; i < senders.length; i++) {
        contexts[i] = ccContext(flows.get(i), gapPs[i], null);
      }
    }
    for (int i = 0; i < senders.length; i++) {
      if (senders[i].congestionControl() instanceof PullCredited credited) {
        if (cnp || parts != null) {
          throw new IllegalArgumentException("a credit-driven congestion control has its own receiver part and takes "
              + "neither CNPs nor another part (flow " + i + ")");
        }
        int h = flows.get(i).dst();
        if (pacers[h] == null) {
          pacers[h] = new PullPacer(clockOf[h], (long) Math.ceil(slotPs / credited.creditPullRate()));
          pacers[h].setTieRank(h);
        }
        receivers[i].setControl(new PullCredit(receivers[i], pacers[h], h, credited.idlePulls()));
      } else if (cnp) {
        receivers[i].setControl(new CnpNotifier());
      } else if (parts != null) {
        receivers[i].setControl(new PartControl(parts.apply(contexts[i]), receivers[i]));
      }
    }
  }

  private CcContext ccContext(FlowSpec f, long idealGapPs, SplitMix jitter) {
    PacketFormat fmt = settings.format();
    long hostBps = fabric.settings().hostLink().bitsPerSecond();
    long slotPs = PortConfig.serializationPs(fmt.dataBytes() + fmt.gapBytes(), hostBps);
    TierLink[] out = fabric.path(f.src(), f.dst());
    return new CcContext(idealGapPs, slotPs, hostBps, fmt.dataBytes(), unloadedRttPs(f.src(), f.dst()),
        Math.max(0, out.length - 1), jitter);
  }

  /** A data packet out and its ACK back on the unloaded path (serialization + propagation per link). */
  long unloadedRttPs(int src, int dst) {
    PacketFormat fmt = settings.format();
    long rttPs = 0;
    for (TierLink l : fabric.path(src, dst)) {
      rttPs += PortConfig.serializationPs(fmt.dataBytes(), l.bitsPerSecond()) + l.latencyPs();
    }
    for (TierLink l : fabric.path(dst, src)) {
      rttPs += PortConfig.serializationPs(fmt.ackBytes(), l.bitsPerSecond()) + l.latencyPs();
    }
    return rttPs;
  }

  /** The fabric's base RTT: data out and ACK back on its longest unloaded path (IRN scales its timeouts by it). */
  long baseRttPs() {
    return unloadedRttPs(0, fabric.hostCount() - 1);
  }

  /** Bandwidth-delay product of the unloaded path, in data packets (IRN's default cap on packets in flight). */
  long bdpPackets(int src, int dst) {
    PacketFormat fmt = settings.format();
    long rttPs = unloadedRttPs(src, dst);
    long slotPs = PortConfig.serializationPs(fmt.dataBytes() + fmt.gapBytes(), fabric.settings().hostLink().bitsPerSecond());
    return Math.max(1, (rttPs + slotPs - 1) / slotPs);
  }

  /** Schedules the flows (and local steps) that wait for nothing. */
  public void start() {
    for (FlowSpec f : flows) {
      if (f.waitCount() == 0) {
        startFlow(f.id(), f.startPs());
      }
    }
    local.start(dependencies);
  }

  /** Begins flow or local step {@code id}, whose last wait ended at {@code nowPs}. */
  private void begin(int id, long nowPs) {
    if (id < senders.length) {
      startFlow(id, nowPs + flows.get(id).startPs());
    } else {
      local.begin(id, nowPs);
    }
  }

  private void startFlow(int i, long atPs) {
    if (settings.referencePacing()) {
      long at = atPs + sim.random().stream("start-jitter", i).nextLong(gapPs[i]);
      senders[i].start(at, at); // the reference measures the FCT from the jittered start
    } else {
      senders[i].start(atPs, atPs + phasePs[i]);
    }
  }

  /**
   * The ideal sender's slot within its host's pacing round: the flows a host sources in one
   * stage take turns, ordered by their distance (dst - src) mod n, so that in each slot every
   * host sends to the host at the same distance and an all-to-all proceeds as a sequence of
   * permutations (the study's "union of permutations") instead of every host sweeping the
   * destinations in the same order at the same time.
   */
  private static long[] phases(List<FlowSpec> flows, long[] gapPs, int hosts) {
    Map<Long, List<FlowSpec>> groups = new HashMap<>();
    for (FlowSpec f : flows) {
      groups.computeIfAbsent(key(f.src(), f.stage()), k -> new ArrayList<>()).add(f);
    }
    long[] phase = new long[flows.size()];
    for (List<FlowSpec> g : groups.values()) {
      g.sort(java.util.Comparator.comparingInt((FlowSpec f) -> Math.floorMod(f.dst() - f.src(), hosts))
          .thenComparingInt(FlowSpec::id));
      for (int r = 0; r < g.size(); r++) {
        FlowSpec f = g.get(r);
        phase[f.id()] = gapPs[f.id()] * r / g.size();
      }
    }
    return phase;
  }

  @Override
  public void receive(Packet p) {
    // a packet normally carries its destination end (no lookup in a 16,000-entry table); one
    // a switch turned back to its sender (return-to-sender) does not
    Endpoint to = p.endpoint;
    if (to == null) {
      to = p.type == Packet.DATA || p.type == Packet.RTS ? receivers[p.flow] : senders[p.flow];
    }
    to.deliver(p, clockOf[p.dst].now()); // p.dst is the host it reached, a returned header's too
  }

  /** Flow or local step {@code id} has finished: start whatever was waiting only for it. */
  void onReceived(int id, long nowPs) {
    dependencies.received(id, nowPs);
    if (triggers != null && id < senders.length) {
      triggers.onReceived(id, nowPs);
    }
  }

  /** The run's waits, which a run-time trigger's activation also releases. */
  Dependencies dependencies() {
    return dependencies;
  }

  /** Flow {@code flow}'s sender has the ACK that completes it: start the flows waiting for that. */
  void onSenderDone(int flow, long nowPs) {
    noteFinish(nowPs, false);
    sendersDone.incrementAndGet();
    dependencies.senderDone(flow, nowPs);
    if (triggers != null) {
      triggers.onSent(flow, nowPs);
    }
    stopIfAllDone(clockOf[flows.get(flow).src()]);
  }

  /** Stops the run (at the end of its window, in every partition) if everything is done; {@code clock} is the caller's partition's. */
  void stopIfAllDone(Simulator clock) {
    if (allDone()) {
      clock.stop();
    }
  }

  /** A flow's sender or a local step ({@code byStep}) finished at {@code nowPs}, from any partition's thread. */
  synchronized void noteFinish(long nowPs, boolean byStep) {
    if (nowPs > allDonePs) {
      allDonePs = nowPs;
      lastByStep = byStep;
    } else if (nowPs == allDonePs) {
      lastByStep |= byStep;
    }
  }

  /**
   * Whether everything is done as seen by a run-wide observer at {@code atPs}, after every host
   * and port event of that picosecond and before a local step's (read between windows).
   */
  public synchronized boolean doneAt(long atPs) {
    return allDone() && (allDonePs < atPs || (allDonePs == atPs && !lastByStep));
  }

  /** Flows whose sender has learned that they are complete. */
  public int flowsFinished() {
    return sendersDone.get();
  }

  public boolean allDone() {
    return sendersDone.get() == senders.length && local.allDone();
  }

  /** When local step {@code id} (n..n+m-1) finished, -1 if it did not. */
  public long localFinishPs(int id) {
    return local.finishPs(id);
  }

  public List<FlowOutcome> outcomes() {
    List<FlowOutcome> out = new ArrayList<>(flows.size());
    for (int i = 0; i < flows.size(); i++) {
      FlowSpec f = flows.get(i);
      Sender s = senders[i];
      out.add(FlowOutcome.builder().id(i).src(f.src()).dst(f.dst()).bytes(f.bytes())
          .startPs(startPs[i]).finishPs(s.finishPs()).receivedPs(receivers[i].completedAtPs())
          .packetsSent(s.packetsSent()).packetsLost(s.lossRecovery().packetsDeclaredLost()).meanRttPs(s.meanRttPs())
          .retransmissions(s.lossRecovery().retransmissions()).spuriousRetransmissions(receivers[i].duplicates())
          .timeouts(s.lossRecovery().timeouts()).build());
    }
    return out;
  }

  /**
   * At the end of the run: notes, as stalls, the unfinished senders whose window was closed with
   * nothing under way that could reopen it ({@link Sender#stallAtEnd}); {@code inFabric} counts
   * each flow's packets (data and ACKs) in the fabric's ports and cables.
   */
  public void checkStallsAtEnd(long endPs, long[] inFabric) {
    for (int i = 0; i < senders.length; i++) {
      Sender s = senders[i];
      if (s.finishPs() >= 0) {
        continue;
      }
      boolean underWay = inFabric[i] > 0 || nicHolds(s.src()) || nicHolds(s.dst());
      Stall stall = s.stallAtEnd(endPs, underWay);
      if (stall != null) {
        noteStall(stall);
      }
    }
  }

  /** Whether host {@code h}'s round-robin NIC (the reference profile's) holds packets not yet handed to its port. */
  private boolean nicHolds(int h) {
    return nics != null && nics[h] != null && nics[h].waitingPackets() > 0;
  }

  /** A sender broke the liveness rule; the run reports it when it ends ({@link #stalls}). */
  synchronized void noteStall(Stall stall) {
    stallCount++;
    stalls.add(stall);
    if (stalls.size() > STALLS_KEPT) {
      stalls.pollLast();
    }
  }

  /** The earliest senders (at most {@value #STALLS_KEPT}) that broke the liveness rule, by time, then flow. */
  public synchronized List<Stall> stalls() {
    return List.copyOf(stalls);
  }

  /** How many senders broke the liveness rule. */
  public synchronized int stallCount() {
    return stallCount;
  }

  /** What the sender of unfinished flow {@code flow} is doing at {@code endPs}, the end of the run. */
  public SenderEnd senderEnd(int flow, long endPs) {
    return senders[flow].end(endPs);
  }

  /** The number of flows (ids 0..n-1; local steps follow from n). */
  public int flowCount() {
    return flows.size();
  }

  /**
   * The flows and local steps (ids n and up) that flow {@code flow} still waits for; for a flow
   * waiting on a run-time trigger, the flows that activate it and have not done so yet.
   */
  public List<Integer> pendingDependencies(int flow) {
    List<Integer> out = new ArrayList<>();
    FlowSpec f = flows.get(flow);
    for (int j = 0; j < f.depCount(); j++) {
      int d = f.dep(j);
      boolean done = d < senders.length ? receivers[d].completedAtPs() >= 0 : local.finishPs(d) >= 0;
      if (!done) {
        out.add(d);
      }
    }
    for (int d : f.sentDeps()) {
      if (senders[d].finishPs() < 0) {
        out.add(d);
      }
    }
    int t = f.triggers().waitsFor();
    if (t != FlowTriggers.NO_TRIGGER) {
      for (int a : activatorsOf(t)) {
        FlowTriggers l = flows.get(a).triggers();
        if (l.whenSent() == t && senders[a].finishPs() < 0 || l.whenReceived() == t && receivers[a].completedAtPs() < 0) {
          out.add(a);
        }
      }
    }
    return out;
  }

  private int[] activatorsOf(int t) {
    if (activators == null) {
      activators = TriggerActivators.of(flows); // only explanations of unfinished flows ask
    }
    return activators.of(t);
  }

  /** Flow {@code flow}'s sender-side loss recovery. */
  LossRecovery lossRecovery(int flow) {
    return senders[flow].lossRecovery();
  }

  /** Flow {@code flow}'s receiver. */
  Receiver receiver(int flow) {
    return receivers[flow];
  }

  /** Host {@code id}: where a receiver's ACKs, CNPs and pulls leave (receivers keep no Host reference). */
  Host host(int id) {
    return fabric.host(id);
  }

  /** Sends {@code p} from {@code host}: into its NIC, or into its flow's queue at a round-robin NIC. */
  void send(Host host, Packet p) {
    if (nics == null) {
      host.send(p);
    } else {
      nics[host.id()].send(p);
    }
  }

  /** The flow's nominal pacing gap: its fair share of its host link at the rate coefficient. */
  long nominalGapPs(int flow) {
    return gapPs[flow];
  }

  void noteStart(int flow, long originPs) {
    startPs[flow] = originPs;
  }

  /** Partition 0's simulator: the run's random streams, and its clock when the run is not split. */
  Simulator simulator() {
    return sim;
  }

  TransportSettings settings() {
    return settings;
  }

  /** The pool host {@code h}'s endpoints take packets from and return them to. */
  PacketPool pool(int h) {
    return fabric.host(h).partition().pool();
  }

  /** The counters host {@code h}'s endpoints add to. */
  FabricCounters counters(int h) {
    return fabric.host(h).partition().counters();
  }

  /** The reverse direction of a flow, as its receiver's ACK path policy sees it. */
  private record AckFlow(int flow, int src, int dst, long pacingGapPs) implements FlowInfo {
    @Override
    public long rtoPs() {
      return 0;
    }
  }

  private static long key(int src, int stage) {
    return ((long) src << 32) | (stage & 0xffffffffL);
  }

  /** Flows from one host in the same dependency stage share its link equally. */
  private static Map<Long, Integer> fairShareGroups(List<FlowSpec> flows) {
    Map<Long, Integer> m = new HashMap<>();
    for (FlowSpec f : flows) {
      m.merge(key(f.src(), f.stage()), 1, Integer::sum);
    }
    return m;
  }
}
