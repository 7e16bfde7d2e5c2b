package org.lbsim.failure;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.lbsim.engine.EventTarget;
import org.lbsim.engine.Simulator;
import org.lbsim.net.EgressPort;
import org.lbsim.net.LossModel;
import org.lbsim.net.Packet;
import org.lbsim.net.PortFault;
import org.lbsim.net.Switch;
import org.lbsim.topo.Fabric;
import org.lbsim.topo.Topology;

/**
 * Applies a {@link FailurePlan} to a built fabric: the links fail at {@code at}, routes converge
 * G later and W-ECMP weights W later (hard failures only: routing is unaware of degraded and
 * flaky links, as in the study's simulator), and everything is undone on recovery, routing again
 * learning it G (W) later. Also counts, per flow, the packets lost at failed links, so that a
 * run that cannot finish can say why.
 */
public final class FailureInjector implements EventTarget {
  private static final int FAIL = 0;
  private static final int RECOVER = 1;
  private static final int ROUTES = 2;
  private static final int WEIGHTS = 3;

  private final Simulator sim;
  private final FailurePlan plan;
  private final Links links;
  private final int[] failed;
  private final Convergence convergence;
  private final EgressPort[][] ports; // per failed link: up and down direction
  private final long[] rates;
  private final boolean[] downWhenFailed;
  private final boolean[] intact;
  private int[] lostPerFlow = new int[64];
  private int[] lostAtLink = new int[64];
  private long lost;
  private long routesConvergedPs = -1;
  private final LazyTables tables; // null: switches use the converged view
  private final boolean degradedDownOnly;

  /**
   * @param convergence routing's view, installed in the switches by the caller; null for
   *     failures routing does not see (degraded, flaky)
   * @param tables the aggregation switches' lazily built entries over {@code convergence}, told
   *     when links change and routes converge; null when switches use the converged view
   * @param degradedDownOnly a degraded link slows only its downward direction (see
   *     {@link FailureSetup#prepare})
   */
  public FailureInjector(Fabric fabric, FailurePlan plan, Links links, int[] failed, Convergence convergence,
      LazyTables tables, boolean degradedDownOnly) {
    this.sim = fabric.simulator();
    this.degradedDownOnly = degradedDownOnly;
    this.tables = tables;
    this.plan = plan;
    this.links = links;
    this.failed = failed.clone();
    this.convergence = convergence;
    checkBuildOrder(fabric.switches());
    Map<String, EgressPort> byName = new HashMap<>();
    for (EgressPort p : fabric.ports()) {
      byName.put(p.name(), p);
    }
    ports = new EgressPort[failed.length][];
    rates = new long[failed.length];
    downWhenFailed = new boolean[links.count()];
    intact = new boolean[links.count()];
    for (int i = 0; i < failed.length; i++) {
      String[] names = links.portNames(failed[i]);
      ports[i] = new EgressPort[] {byName.get(names[0]), byName.get(names[1])};
      if (ports[i][0] == null || ports[i][1] == null) {
        throw new IllegalStateException("fabric has no ports " + Arrays.toString(names));
      }
      for (EgressPort p : ports[i]) {
        p.useEventDrivenTransmitter(); // it will be held, degraded or made lossy while packets wait
      }
      rates[i] = ports[i][0].config().bitsPerSecond();
      downWhenFailed[failed[i]] = plan.kind().hard();
    }
  }

  /** Convergence relies on switch ids following the fabric's build order; check it once. */
  private void checkBuildOrder(List<Switch> switches) {
    Topology t = links.topology;
    int id = 0;
    for (int q = 0; q < links.planes; q++) {
      String prefix = links.planes == 1 ? "" : "p" + q + ".";
      for (int tier = 0; tier < t.tiers(); tier++) {
        for (int i = 0; i < t.switches(tier); i++, id++) {
          String expected = prefix + t.switchKind(tier) + i;
          if (!switches.get(id).name().equals(expected) || switches.get(id).id() != id) {
            throw new IllegalStateException("switch " + id + " is " + switches.get(id).name() + ", expected "
                + expected);
          }
        }
      }
    }
  }

  /** Applies what is due at time 0 now (before the first packet) and schedules the rest. */
  public void arm() {
    at(plan.atPs(), FAIL);
    if (plan.recoverPs() >= 0) {
      at(plan.recoverPs(), RECOVER);
    }
  }

  private void at(long t, int kind) {
    if (t == 0) {
      onEvent(kind, 0);
    } else {
      sim.schedule(t, this, kind, 0);
    }
  }

  @Override
  public int tieRank() {
    return org.lbsim.engine.EventQueue.MAX_RANK - 3; // a run-wide target (EventQueue.RUN_WIDE_RANKS)
  }

  @Override
  public void onEvent(int kind, long arg) {
    switch (kind) {
      case FAIL -> {
        for (int i = 0; i < failed.length; i++) {
          fail(i);
        }
        if (tables != null) {
          tables.linksChanged(downWhenFailed, sim.now());
        }
        converge(sim.now(), 1);
      }
      case RECOVER -> {
        for (int i = 0; i < failed.length; i++) {
          for (EgressPort p : ports[i]) {
            p.setFault(null);
            p.setHeld(false);
            p.setRate(rates[i]);
          }
        }
        if (tables != null) {
          tables.linksChanged(intact, sim.now());
        }
        converge(sim.now(), 0);
      }
      case ROUTES -> {
        convergence.convergeRoutes(arg == 1 ? downWhenFailed : intact);
        if (tables != null) {
          tables.routesConverged(arg == 1 ? downWhenFailed : intact);
        }
        routesConvergedPs = sim.now();
      }
      default -> {
        convergence.convergeWeights(arg == 1 ? downWhenFailed : intact);
        if (tables != null) {
          tables.weightsConverged(arg == 1 ? downWhenFailed : intact);
        }
      }
    }
  }

  /** Schedules routing's reaction to the state that began at {@code now} (1 = failed, 0 = recovered). */
  private void converge(long now, int state) {
    if (convergence == null) {
      return;
    }
    if (plan.convergencePs() >= 0) {
      later(now + plan.convergencePs(), ROUTES, state);
    }
    if (plan.weightsPs() >= 0) {
      later(now + plan.weightsPs(), WEIGHTS, state);
    }
  }

  private void later(long t, int kind, int state) {
    if (t == sim.now() && t == 0) {
      onEvent(kind, state);
    } else {
      sim.schedule(t, this, kind, state);
    }
  }

  private void fail(int i) {
    int link = failed[i];
    // direction 0 is the link's upward port (its lower end's), 1 its downward one
    for (int d = plan.kind() == FailureKind.DEGRADED && degradedDownOnly ? 1 : 0; d < 2; d++) {
      EgressPort p = ports[i][d];
      switch (plan.kind()) {
        case DROP -> p.setFault(new Lost(link, null));
        case HOLD -> p.setHeld(true);
        case DEGRADED -> p.setRate(Math.max(1, Math.round(rates[i] * plan.capacity())));
        case FLAKY -> p.setFault(new Lost(link, new LossModel(0, plan.burstPs(), plan.periodPs(),
            sim.random().stream("flaky-link", 2L * link + d), true)));
        default -> throw new IllegalStateException("no failure to apply");
      }
    }
  }

  /** A failed link direction: swallows everything (black hole) or what falls in a burst (flaky). */
  private final class Lost implements PortFault {
    private final int link;
    private final LossModel bursts;

    Lost(int link, LossModel bursts) {
      this.link = link;
      this.bursts = bursts;
    }

    @Override
    public boolean swallows(Packet p, long nowPs) {
      if (bursts != null && !bursts.drops(nowPs)) {
        return false;
      }
      record(p.flow, link);
      return true;
    }
  }

  private void record(int flow, int link) {
    lost++;
    if (flow < 0) {
      return;
    }
    if (flow >= lostPerFlow.length) {
      int n = Math.max(flow + 1, lostPerFlow.length * 2);
      lostPerFlow = Arrays.copyOf(lostPerFlow, n);
      lostAtLink = Arrays.copyOf(lostAtLink, n);
    }
    lostPerFlow[flow]++;
    lostAtLink[flow] = link;
  }

  /** Packets (data and ACKs) lost at failed links. */
  public long packetsLost() {
    return lost;
  }

  /** Packets of {@code flow} (its data and ACKs) lost at failed links. */
  public int lostBy(int flow) {
    return flow < lostPerFlow.length ? lostPerFlow[flow] : 0;
  }

  /** The failed link where {@code flow} last lost a packet. */
  public String lastLinkOf(int flow) {
    return links.name(lostAtLink[flow]);
  }

  /** Packets still held by failed links that queue (hold kind). */
  public long packetsHeld() {
    long n = 0;
    if (plan.kind() == FailureKind.HOLD) {
      for (EgressPort[] pair : ports) {
        for (EgressPort p : pair) {
          n += p.waitingPackets();
        }
      }
    }
    return n;
  }

  /**
   * Per flow (index = flow id, {@code flows} of them), the packets (data and ACKs) that failed
   * links holding their traffic (hold kind) keep now, and the link that keeps most of them. Read
   * once, at the end of a run.
   */
  public Held held(int flows) {
    int[] count = new int[flows];
    String[] link = new String[flows];
    if (plan.kind() == FailureKind.HOLD) {
      int[] here = new int[flows];
      int[] most = new int[flows];
      for (int i = 0; i < failed.length; i++) {
        java.util.Arrays.fill(here, 0);
        for (EgressPort p : ports[i]) {
          p.forEachPacket(true, q -> {
            if (q.flow >= 0 && q.flow < flows) {
              here[q.flow]++;
            }
          });
        }
        for (int f = 0; f < flows; f++) {
          if (here[f] > most[f]) {
            most[f] = here[f];
            link[f] = links.name(failed[i]);
          }
          count[f] += here[f];
        }
      }
    }
    return new Held(count, link);
  }

  /** Whether {@code port} is a direction of a failed link that swallows packets (drop or flaky): its drops are failure losses. */
  public boolean swallows(EgressPort port) {
    if (plan.kind() != FailureKind.DROP && plan.kind() != FailureKind.FLAKY) {
      return false;
    }
    for (EgressPort[] pair : ports) {
      if (pair[0] == port || pair[1] == port) {
        return true;
      }
    }
    return false;
  }

  /** Per flow, the packets held by failed links and the link holding most of them (null: none). */
  public record Held(int[] count, String[] link) {}

  /** When routes last converged, -1 if never. */
  public long routesConvergedPs() {
    return routesConvergedPs;
  }

  /** Names of the failed links, in id order. */
  public String[] failedLinkNames() {
    String[] out = new String[failed.length];
    for (int i = 0; i < failed.length; i++) {
      out[i] = links.name(failed[i]);
    }
    return out;
  }

  public FailurePlan plan() {
    return plan;
  }
}
