package org.lbsim.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lbsim.engine.PartitionedSimulator;
import org.lbsim.engine.Simulator;
import org.lbsim.failure.FailureSetup;
import org.lbsim.failure.WhyUnfinished;
import org.lbsim.lb.LbContext;
import org.lbsim.lb.LbDesign;
import org.lbsim.metrics.EngineStats;
import org.lbsim.metrics.LowerBounds;
import org.lbsim.metrics.PathProfile;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.QueueSampler;
import org.lbsim.metrics.RunResult;
import org.lbsim.metrics.RunInvariants;
import org.lbsim.net.EgressPort;
import org.lbsim.net.FabricCounters;
import org.lbsim.net.PacketFormat;
import org.lbsim.net.PortStatistics;
import org.lbsim.topo.Fabric;
import org.lbsim.topo.FabricSettings;
import org.lbsim.topo.PartitionPlan;
import org.lbsim.topo.TierLink;
import org.lbsim.lb.FlowPath;
import org.lbsim.lb.StudyForm;
import org.lbsim.lb.PathPolicyFactory;
import org.lbsim.transport.FlowOutcome;
import org.lbsim.transport.SubflowSplit;
import org.lbsim.transport.Transport;
import org.lbsim.transport.TransportSettings;
import org.lbsim.training.TrainingWorkload;
import org.lbsim.transport.cc.CcDesign;
import org.lbsim.workload.CollectiveBound;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.LocalStep;

/** Builds and runs one scenario: fabric, workload, endpoints, then collects the results. */
public final class ScenarioRunner {
  private ScenarioRunner() {}

  /** The packet sizes as the wire sees them under the scenario's profile. */
  public static PacketFormat wireFormat(Scenario s) {
    return s.profile().wireFormat(s.packet());
  }

  /**
   * The host link as the collectives' bounds see it ({@link CollectiveBound}): the wire format, the
   * NIC's rate and latency; null when receivers coalesce ACKs ({@code transport.ack_coalesce_bytes}),
   * because those bounds count an ACK for every data packet, and such collectives then have none.
   */
  public static CollectiveBound.HostLink collectiveHostLink(Scenario s) {
    if (s.transport().ackCoalesceBytes() > 0) {
      return null;
    }
    TierLink host = s.fabric().links().host();
    return new CollectiveBound.HostLink(wireFormat(s), host.bitsPerSecond(), host.latencyPs());
  }

  public static RunResult run(Scenario s) {
    return run(s, null);
  }

  /** Events between two calls of a {@link ProgressListener}. */
  static final long PROGRESS_EVENTS = 1 << 20;

  /**
   * Runs {@code s}, telling {@code progress} (null: nobody) every {@value #PROGRESS_EVENTS} events
   * how far it is; the result is the same as without it.
   */
  public static RunResult run(Scenario s, ProgressListener progress) {
    return run(s, progress, PROGRESS_EVENTS);
  }

  static RunResult run(Scenario s, ProgressListener progress, long everyEvents) {
    return runOnCores(s, progress, everyEvents, 1);
  }

  /**
   * Runs {@code s} with {@code cores} cores left to it by the command: what {@code engine.threads:
   * auto} may take ({@link PartitionSupport#autoThreads}); the result is the same for any.
   */
  public static RunResult runOnCores(Scenario s, ProgressListener progress, int cores) {
    return runOnCores(s, progress, PROGRESS_EVENTS, cores);
  }

  private static RunResult runOnCores(Scenario s, ProgressListener progress, long everyEvents, int cores) {
    int threads = s.engine().threads() == EngineSection.AUTO ? PartitionSupport.autoThreads(s, cores)
        : s.engine().threads();
    return run(s, progress, everyEvents, Math.min(threads, s.topology().tors()), threads);
  }

  /**
   * Runs {@code s} split into {@code partitions} partitions on {@code threads} threads; the
   * result is the same for every split and thread count (docs/model.md, "Time and events").
   */
  static RunResult run(Scenario s, ProgressListener progress, long everyEvents, int partitions, int threads) {
    PreparedRun p = prepare(s, partitions);
    if (progress != null) {
      progress.prepared();
    }
    p.start();
    Simulator sim = p.simulator();
    PartitionedSimulator engine = p.engine();
    Transport transport = p.transport();
    if (progress != null) {
      int flows = transport.flowCount();
      long bound = p.boundPs;
      engine.everyEvents(everyEvents, () -> progress.progress(new Progress(sim.now(), s.engine().limitPs(), bound,
          transport.flowsFinished(), flows, engine.eventsRun())));
    }
    engine.run(s.engine().limitPs(), threads);
    long stoppedAt = sim.now();
    PortWindows window = PortWindows.take(p.fabric().ports(), stoppedAt);
    boolean drained = false;
    if (transport.allDone()) {
      // Let packets still in flight (late ACKs, surplus coded packets) land so that the counters
      // balance; senders have stopped, so this only drains the fabric.
      drained = engine.run(s.engine().limitPs(), threads);
    }
    if (progress != null) {
      progress.simulated(engine.busyNanos());
    }
    if (!transport.allDone()) {
      transport.checkStallsAtEnd(stoppedAt, packetsInFabric(p.fabric(), transport.flowCount()));
    }
    checkLiveness(s, transport);
    RunResult r = collect(s, engine, p.fabric(), transport, p.split, window, p.failures, p.boundPs);
    invariants(s, p.fabric(), p.format).check(r, drained);
    if (p.training != null) {
      SubflowSplit split = p.split;
      r = TrainingRuns.withReport(s, r, p.training,
          split == null ? transport::localFinishPs : id -> transport.localFinishPs(split.localId(id)));
    }
    List<Long> events = new ArrayList<>();
    for (int i = 0; i < engine.partitions(); i++) {
      events.add(engine.partition(i).eventsRun());
    }
    r = r.withEngine(new EngineStats(threads, engine.windows(), events, p.fabric().packetObjects()));
    return p.sampler == null ? r : r.withQueues(p.sampler.hottest(HOTTEST_PORTS));
  }

  /**
   * The liveness rule: no sender may find itself with bytes left and nothing under way that could
   * move it (see {@link org.lbsim.transport.Stall}); one that did fails the run, naming it.
   */
  static void checkLiveness(Scenario s, Transport transport) {
    if (transport.stallCount() == 0) {
      return;
    }
    String under = transportWords(s);
    List<String> v = new java.util.ArrayList<>();
    for (org.lbsim.transport.Stall st : transport.stalls()) {
      v.add(st.describe(under));
    }
    if (transport.stallCount() > v.size()) {
      v.add("and " + (transport.stallCount() - v.size()) + " more stalled senders");
    }
    throw new org.lbsim.metrics.InvariantViolation(s.name(), v);
  }

  /** Each flow's packets (data, ACKs and its other headers) in the fabric's buffers and cables, by flow id. */
  static long[] packetsInFabric(Fabric fabric, int flows) {
    long[] n = new long[flows];
    for (EgressPort port : fabric.ports()) {
      port.forEachPacket(false, q -> {
        if (q.flow >= 0 && q.flow < flows) {
          n[q.flow]++;
        }
      });
    }
    return n;
  }

  /** The run's congestion control and loss recovery with its settings, as the scenario names them. */
  static String transportWords(Scenario s) {
    DesignsSection d = s.designs();
    StringBuilder b = new StringBuilder("cc ").append(d.cc() == null ? "ideal" : d.cc().name());
    b.append(", lr ").append(d.lr().name());
    String sep = " (";
    for (String key : d.lr().keys()) {
      String value = s.identity().values().get(key);
      if (value != null) {
        b.append(sep).append(key).append(' ').append(value);
        sep = ", ";
      }
    }
    return sep.equals(", ") ? b.append(')').toString() : b.toString();
  }

  /** The rules {@code s}'s results must obey on {@code fabric}. */
  static RunInvariants invariants(Scenario s, Fabric fabric, PacketFormat format) {
    List<EgressPort> ports = fabric.ports();
    long[] limits = new long[ports.size()];
    for (int i = 0; i < limits.length; i++) {
      long limit = ports.get(i).statistics().queueLimitBytes();
      limits[i] = limit == Long.MAX_VALUE ? -1 : limit;
    }
    int trimmed = s.buffer().features().trimmedBytes();
    int smallest = Math.min(format.dataBytes(), Math.min(format.ackBytes(), trimmed));
    int largest = Math.max(format.dataBytes(), Math.max(format.ackBytes(), trimmed));
    return new RunInvariants(limits, smallest, largest, format.dataBytes(), format.payloadBytes(),
        s.fabric().links().host().bitsPerSecond(), s.profile().cctFromFirstStart(),
        s.profile().cctFromFirstStart() && !s.profile().referencePacing() && !s.failures().active());
  }

  /**
   * How far a run is.
   *
   * @param simulatedPs simulated time so far
   * @param limitPs the run's limit ({@code run.limit_ms})
   * @param boundPs the CCT's lower bound, -1 when the workload has none
   * @param finished flows finished so far, of {@code flows}
   * @param events events run so far
   */
  public record Progress(long simulatedPs, long limitPs, long boundPs, int finished, int flows, long events) {}

  /** Told, during a run, how far it is (see {@link #run(Scenario, ProgressListener)}). */
  public interface ProgressListener {
    void progress(Progress p);

    /** The run's fabric, workload and endpoints are built; the simulation starts next. */
    default void prepared() {}

    /**
     * The simulation is over; on more than one thread, {@code busyNanos} is the wall time each
     * thread spent running its partitions' windows (the rest it waited for the others).
     */
    default void simulated(long[] busyNanos) {}

    /**
     * A listener that prints one line to {@code err} when at least {@code everySeconds} of wall
     * time (read from {@code nanoClock}) have passed since it was made or since its last line,
     * so a short run prints nothing; see {@link ProgressLine}.
     */
    static ProgressListener printing(java.io.PrintWriter err, double everySeconds, java.util.function.LongSupplier nanoClock) {
      long every = Math.round(everySeconds * 1e9);
      long start = nanoClock.getAsLong();
      long[] last = {start, 0};
      return p -> {
        long now = nanoClock.getAsLong();
        if (now - last[0] >= every) {
          err.println(ProgressLine.of(p, (now - start) / 1e9, (p.events() - last[1]) / ((now - last[0]) / 1e9)));
          err.flush();
          last[0] = now;
          last[1] = p.events();
        }
      };
    }

    /** {@link #printing(java.io.PrintWriter, double, java.util.function.LongSupplier)} on the system's clock, every 10 s. */
    static ProgressListener printing(java.io.PrintWriter err) {
      return printing(err, 10, System::nanoTime);
    }
  }

  /**
   * The run's window: the shortest link latency of the fabric, the least time a packet takes from
   * one switch or host to the next, so that a run split at any links has the same windows (and so
   * its stop, at the end of a window, at the same picosecond); 1 µs where a tier's links have none.
   */
  static long lookaheadPs(LinksSection links) {
    long l = Math.min(links.host().latencyPs(), Math.min(links.tier1().latencyPs(), links.tier2().latencyPs()));
    return l > 0 ? l : Simulator.PS_PER_US;
  }

  /**
   * Builds everything a run of {@code s} is made of (fabric, workload, endpoints, queue sampler)
   * and schedules nothing: {@link #run} starts and runs it; a diagnostic may instead run it for
   * a while and look at its objects.
   */
  public static PreparedRun prepare(Scenario s) {
    return prepare(s, 1);
  }

  /** As {@link #prepare(Scenario)}, the fabric split into {@code partitions} blocks of ToRs ({@link PartitionPlan}). */
  static PreparedRun prepare(Scenario s, int partitions) {
    LinksSection links = s.fabric().links();
    if (partitions > 1) {
      PartitionSupport.check(s, partitions);
    }
    PartitionedSimulator engine = new PartitionedSimulator(s.seed(), partitions, lookaheadPs(links));
    Simulator sim = engine.partition(0);
    PacketFormat format = wireFormat(s);
    DesignsSection d = s.designs();
    LbDesign lb = d.lb();
    BufferSection buffer = s.buffer();
    FabricSettings fs = new FabricSettings(links.host(), links.tier1(), links.tier2(), buffer.bytes(),
        buffer.ecnFraction(), format.gapBytes(), buffer.features(), buffer.signals());
    FailureSetup failures = FailureSetup.prepare(s.failures(), s.topology(), sim.random(),
        s.profile().lazyForwardingTables(), s.profile().degradesDownOnly());
    // Random streams are named, so drawing the workload first changes no other draw.
    TrainingWorkload training = Workloads.jobs(s, sim.random());
    List<FlowSpec> flows = training == null ? Workloads.generate(s, sim.random()) : training.flows();
    List<LocalStep> steps = training == null ? List.of() : training.steps();
    if (partitions > 1) {
      PartitionSupport.checkFlows(flows, steps, partitions);
    }
    StudyForm form = s.profile().form(lb); // null: the design's own
    int subflows = s.profile().connectionsPerFlow(lb, d.lbParams());
    SubflowSplit split = subflows > 1 ? new SubflowSplit(flows, steps, subflows) : null;
    LbContext ctx = new LbContext(d.lbParams(), s.topology(), buffer.bytes(), sim.random(), sim::now, failures.routes(),
        flows);
    PartitionPlan plan = partitions == 1 ? PartitionPlan.single(s.topology())
        : PartitionPlan.byTorBlocks(s.topology(), partitions);
    // a switch's time-driven selector reads its own partition's clock
    Fabric fabric = Fabric.build(engine, plan, s.topology(), fs, (sw, part) -> lb.switches().apply(sw,
        part.index() == 0 ? ctx : new LbContext(ctx.params(), ctx.topology(), ctx.bufferBytes(), ctx.random(),
            part.sim()::now, ctx.routes(), ctx.flows())));
    if (lb.planes() == LbDesign.PlaneChoice.ROTATION) {
      for (int h = 0; h < fabric.hostCount(); h++) {
        fabric.host(h).rotatePlanes(true); // only read with more than one plane
      }
    }
    failures.install(fabric);
    if (s.engine().eventTransmitter()) {
      fabric.ports().forEach(EgressPort::useEventDrivenTransmitter);
    }
    double rhoMax = failures.rateFactor(flows, fs); // 1 without failures: the fair share
    CcDesign cc = d.cc();
    TransportSection t = s.transport();
    TransportSettings ts = new TransportSettings(format, t.rateCoef() * rhoMax, t.extraPackets(), s.profile(),
        s.packet().ackCe().echoes(s.profile()), t.initialRtoPs(), t.minRtoPs(), d.lr().bind(d.lrParams()),
        cc.bind(d.ccParams()), cc.cnpIntervalPs(d.ccParams()), cc.bindReceiver(d.ccParams()), t.rttFromSlot(),
        t.ackCoalesceBytes());
    // an independent subflow is a connection of its own: one entropy, its own id for the switches' hash
    PathPolicyFactory hostPaths = split != null ? (flow, rnd) -> new FlowPath(0)
        : form != null && form.host() != null ? form.host().apply(ctx) : lb.host().apply(ctx);
    Transport transport = new Transport(fabric, ts, split == null ? flows : split.connections(), hostPaths,
        lb.ack() == null ? null : lb.ack().apply(ctx), split == null ? steps : split.steps());
    long bound = NcclKeys.op(s.workload().kind().name()) != null ? NcclKeys.boundPs(s)
        : bound(fabric, flows, format, t.extraPackets(), rhoMax, Workloads.placedHosts(s, sim.random()),
            ackEvery(t.ackCoalesceBytes(), format));
    QueueSampler sampler = sampler(s, fabric, transport, bound);
    if (sampler != null) {
      engine.afterEachWindow(sampler::afterWindow);
    }
    return new PreparedRun(engine, fabric, transport, flows, split, format, failures, bound, training, sampler);
  }

  /** Ports whose queue-over-time a result keeps. */
  static final int HOTTEST_PORTS = 10;
  /** Samples over the lower bound's duration with metrics.queue_sample_us = auto. */
  static final int AUTO_SAMPLES = 200;

  /** The queue sampler the scenario asks for, not started; null when sampling is off. */
  private static QueueSampler sampler(Scenario s, Fabric fabric, Transport transport, long boundPs) {
    long interval = s.metrics().queueSamplePs();
    if (interval == MetricsSection.AUTO) {
      interval = boundPs > 0 ? Math.max(1, boundPs / AUTO_SAMPLES) : Simulator.PS_PER_US;
    }
    if (interval <= 0) {
      return null;
    }
    int[] partitionOf = new int[fabric.ports().size()];
    for (int i = 0; i < partitionOf.length; i++) {
      partitionOf[i] = fabric.portPartition(i).index();
    }
    List<Simulator> sims = fabric.partitions().stream().map(org.lbsim.net.Partition::sim).toList();
    return new QueueSampler(sims, fabric.ports(), partitionOf, interval, transport::doneAt);
  }

  private static RunResult collect(Scenario s, PartitionedSimulator engine, Fabric fabric, Transport transport,
      SubflowSplit split, PortWindows window, FailureSetup failures, long bound) {
    List<FlowOutcome> connections = transport.outcomes();
    List<FlowOutcome> outcomes = split == null ? connections : split.fold(connections);
    long cct = cct(s, outcomes);
    long end = window.endPs();
    List<PortStats> ports = new ArrayList<>();
    List<EgressPort> all = fabric.ports();
    long pausedPs = 0;
    long pausedAtEnd = 0;
    for (int i = 0; i < all.size(); i++) {
      EgressPort port = all.get(i);
      PortStatistics p = port.statistics();
      ports.add(new PortStats(port.name(), fabric.portTier(i), p.bytesSent(), p.packetsSent(), p.maxQueueBytes(),
          window.meanQueueBytes(i), p.drops(), p.ecnMarks(), window.utilization(i), p.trims(),
          p.pauseFrames(), p.pausedPs(end)));
      pausedPs += p.pausedPs(end);
      pausedAtEnd += port.paused() ? 1 : 0;
    }
    long retx = 0;
    long spurious = 0;
    long timeouts = 0;
    for (FlowOutcome f : outcomes) {
      retx += f.retransmissions();
      spurious += f.spuriousRetransmissions();
      timeouts += f.timeouts();
    }
    FabricCounters c = fabric.counters();
    Map<String, Long> counters = new LinkedHashMap<>();
    counters.put("data_sent", c.dataSent);
    counters.put("data_delivered", c.dataDelivered);
    counters.put("data_dropped", c.dataDropped);
    counters.put("ack_sent", c.ackSent);
    counters.put("ack_delivered", c.ackDelivered);
    counters.put("ack_dropped", c.ackDropped);
    counters.put("ecn_marked", c.ecnMarked);
    counters.put("data_trimmed", c.dataTrimmed);
    counters.put("nack_sent", c.nackSent);
    if (s.buffer().features().returnToSender()) { // only then: default result files keep their shape
      counters.put("data_returned", c.dataReturned);
    }
    counters.put("retransmissions", retx);
    counters.put("spurious_retransmissions", spurious);
    counters.put("timeouts", timeouts);
    counters.put("cnp_sent", c.cnpSent);
    counters.put("pull_sent", c.pullSent);
    if (s.designs().cc().receiver() != null) { // only then: other runs' result files keep their shape
      counters.put("control_sent", c.controlSent);
      counters.put("control_delivered", c.controlDelivered);
    }
    counters.put("pause_frames", c.pauseFrames);
    counters.put("paused_ps", pausedPs);
    counters.put("ports_paused_at_end", pausedAtEnd);
    counters.put("in_flight_at_end", fabric.packetsOutstanding());
    Map<Integer, String> unfinished = new LinkedHashMap<>();
    if (failures.active()) {
      counters.put("failed_links", (long) failures.failedLinkNames().length);
      counters.put("failure_drops", failures.packetsLost());
      counters.put("held_at_end", failures.packetsHeld());
    }
    Map<Integer, String> why = new WhyUnfinished(transport, all, failures, s.buffer().features().randomLossRate(),
        s.buffer().features().flakyLinks(), s.engine().limitMs()).reasons(connections, end);
    unfinished.putAll(split == null ? why : split.foldReasons(why));
    return new RunResult(s.name(), s.identity().values(), cct, bound, end, engine.eventsRun(), outcomes, ports, counters,
        unfinished);
  }

  /**
   * Default profile: from the collective's first start to the last completion. Reference
   * profile: the largest FCT, each measured from its own jittered start, as the study's flow
   * logs give it.
   */
  private static long cct(Scenario s, List<FlowOutcome> outcomes) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    long maxFct = 0;
    for (FlowOutcome f : outcomes) {
      if (!f.finished()) {
        return -1;
      }
      first = Math.min(first, f.startPs());
      last = Math.max(last, f.finishPs());
      maxFct = Math.max(maxFct, f.fctPs());
    }
    if (outcomes.isEmpty()) {
      return -1;
    }
    return s.profile().cctFromFirstStart() ? last - first : maxFct;
  }

  /**
   * The data packets per ACK at the fewest ACKs receivers that coalesce them by {@code
   * coalesceBytes} can send ({@link org.lbsim.transport.TransportSettings#ackCoalesceBytes()}):
   * one once that many bytes have arrived, so every ceil(coalesceBytes / packet) packets; 1 when
   * every packet is answered.
   */
  static int ackEvery(int coalesceBytes, PacketFormat format) {
    return coalesceBytes <= 0 ? 1 : (int) Math.max(1, (coalesceBytes + format.dataBytes() - 1L) / format.dataBytes());
  }

  /**
   * The three-phase data/ACK bound when the workload is a regular synchronized exchange: every
   * flow the same size, all starting together, and every host sending and receiving the same
   * number F of flows (a permutation has F = 1, an all-to-all F = n - 1). Each host link then
   * carries F*m data packets and an ACK for every {@code ackEvery}-th of them ({@link #ackEvery});
   * the tail uses the longest path any flow takes.
   * Other workloads have no bound yet (-1). The hosts are those the workload is placed on
   * ({@code placed}, a cm matrix's hosts), or every host of the fabric when {@code placed} is null.
   */
  static long bound(Fabric fabric, List<FlowSpec> flows, PacketFormat format, int extraPackets, double rhoMax,
      int[] placed, int ackEvery) {
    if (flows.isEmpty()) {
      return -1;
    }
    FlowSpec first = flows.get(0);
    int[] out = new int[fabric.hostCount()];
    int[] in = new int[fabric.hostCount()];
    TierLink[] longest = null;
    for (FlowSpec f : flows) {
      if (f.waitCount() > 0 || f.startPs() != first.startPs() || f.bytes() != first.bytes()) {
        return -1;
      }
      out[f.src()]++;
      in[f.dst()]++;
      TierLink[] p = fabric.path(f.src(), f.dst());
      if (longest == null || p.length > longest.length) {
        longest = p;
      }
    }
    int[] hosts = placed != null ? placed : java.util.stream.IntStream.range(0, out.length).toArray();
    int perHost = out[hosts[0]];
    for (int h : hosts) {
      if (out[h] != perHost || in[h] != perHost) {
        return -1;
      }
    }
    long[] bps = new long[longest.length];
    long[] lat = new long[longest.length];
    for (int i = 0; i < longest.length; i++) {
      bps[i] = longest[i].bitsPerSecond();
      lat[i] = longest[i].latencyPs();
    }
    long m = format.packetsFor(first.bytes()) + extraPackets;
    int planes = fabric.topology().planes(); // the path is one plane's
    // With F flows per host the host link carries the permutation pattern with F*m packets.
    if (rhoMax < 1) {
      // Under failures the study's ideal sends every flow at rho_max = B/F of the bottleneck.
      return LowerBounds.atRate(new PathProfile(bps, lat), format, perHost * m, rhoMax, planes, ackEvery).completionPs();
    }
    return LowerBounds.permutation(new PathProfile(bps, lat), format, perHost * m, planes, ackEvery).completionPs();
  }
}
