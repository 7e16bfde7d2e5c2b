package org.lbsim.failure;

import java.util.List;
import org.lbsim.engine.RandomStreams;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;
import org.lbsim.topo.Fabric;
import org.lbsim.topo.FabricSettings;
import org.lbsim.topo.Topology;
import org.lbsim.transport.FlowOutcome;
import org.lbsim.workload.FlowSpec;

/**
 * Everything a run needs from its failure plan, in the order the run builds itself: routing's
 * view before the fabric (designs take it from their context), the failures once the fabric
 * exists, the ideal rate ρ_max once the flows are known, and at the end why flows did not finish.
 */
public final class FailureSetup {
  private final FailurePlan plan;
  private final Links links;
  private final int[] failed;
  private final Convergence convergence;
  private final LazyTables tables; // null: switches use the converged view
  private final boolean degradedDownOnly;
  private FailureInjector injector;

  private FailureSetup(FailurePlan plan, Links links, int[] failed, Convergence convergence, LazyTables tables,
      boolean degradedDownOnly) {
    this.plan = plan;
    this.links = links;
    this.failed = failed;
    this.convergence = convergence;
    this.tables = tables;
    this.degradedDownOnly = degradedDownOnly;
  }

  /**
   * @param lazyTables whether aggregation switches build their forwarding entries lazily, as the
   *     study's simulator does ({@link LazyTables}; profile: reference)
   * @param degradedDownOnly whether a degraded link slows only its downward direction (core to
   *     aggregation, aggregation to ToR), as the study's simulator builds it; otherwise both
   */
  public static FailureSetup prepare(FailurePlan plan, Topology topology, RandomStreams random, boolean lazyTables,
      boolean degradedDownOnly) {
    if (!plan.active()) {
      return new FailureSetup(plan, null, new int[0], null, null, degradedDownOnly);
    }
    Links links = new Links(topology);
    int[] failed = plan.failedLinks(links, random);
    Convergence c = plan.kind().hard() && failed.length > 0 ? new Convergence(links) : null;
    LazyTables tables = c != null && usesLazyTables(plan, lazyTables) ? new LazyTables(c, links, failed) : null;
    return new FailureSetup(plan, links, failed, c, tables, degradedDownOnly);
  }

  /**
   * Whether a run of {@code plan} can build lazy forwarding tables ({@link LazyTables}): the
   * profile's aggregation switches build them ({@code lazyTables}) and links fail hard. The run
   * builds them when it also fails at least one link (a failure rate may draw none).
   */
  public static boolean usesLazyTables(FailurePlan plan, boolean lazyTables) {
    return lazyTables && plan.active() && plan.kind().hard();
  }

  public boolean active() {
    return plan.active();
  }

  /** Routing's view for switches and source-routing hosts; null when routing has nothing to converge around. */
  public Routes routes() {
    return tables != null ? tables : convergence;
  }

  /** Installs routing in the switches and applies (or schedules) the failures. */
  public void install(Fabric fabric) {
    if (!plan.active()) {
      return;
    }
    if (convergence != null) {
      for (Switch sw : fabric.switches()) {
        sw.setRoutes(routes());
      }
      if (fabric.topology().planes() > 1) {
        for (int h = 0; h < fabric.hostCount(); h++) {
          fabric.host(h).setRoutes(convergence); // a NIC leaves a plane routing believes cut off
        }
      }
    }
    injector = new FailureInjector(fabric, plan, links, failed, convergence, tables, degradedDownOnly);
    injector.arm();
  }

  /**
   * The factor by which the ideal sender's fair-share rate is scaled so that every flow sends at
   * ρ_max (1 without failures, with {@code failures.pacing: fair-share}, or when some flow has no
   * usable path, so that the ideal would be undefined).
   */
  public double rateFactor(List<FlowSpec> flows, FabricSettings fs) {
    if (!plan.active() || !plan.rhoMax() || failed.length == 0) {
      return 1;
    }
    boolean[] down = new boolean[links.count()];
    double[] capacity = new double[links.count()];
    java.util.Arrays.fill(capacity, 1);
    for (int id : failed) {
      down[id] = plan.kind().hard();
      capacity[id] = plan.kind() == FailureKind.DEGRADED ? plan.capacity() : 1;
    }
    double f = new RhoMax(links, fs.hostLink().bitsPerSecond(), fs.tier1Link().bitsPerSecond(),
        fs.tier2Link().bitsPerSecond()).factor(flows, down, capacity);
    return Double.isNaN(f) ? 1 : Math.min(1, f);
  }

  /** The failed links by name (empty without failures). */
  public String[] failedLinkNames() {
    String[] out = new String[failed.length];
    for (int i = 0; i < failed.length; i++) {
      out[i] = links.name(failed[i]);
    }
    return out;
  }

  public long packetsLost() {
    return injector == null ? 0 : injector.packetsLost();
  }

  public long packetsHeld() {
    return injector == null ? 0 : injector.packetsHeld();
  }

  /** Per flow, the packets failed links hold now (hold kind), and where (see {@link FailureInjector#held}). */
  public FailureInjector.Held held(int flows) {
    return injector == null ? new FailureInjector.Held(new int[flows], new String[flows]) : injector.held(flows);
  }

  /** Whether {@code port}'s drops are packets a failed link swallowed (drop or flaky kind) rather than buffer drops. */
  public boolean swallows(org.lbsim.net.EgressPort port) {
    return injector != null && injector.swallows(port);
  }

  /**
   * Where flow {@code f} lost packets at failed links and what routing did about it, or null when
   * it lost none there.
   */
  public String lostAtFailedLinks(FlowOutcome f) {
    if (injector == null || injector.lostBy(f.id()) == 0) {
      return null;
    }
    String routing = !plan.kind().hard() ? "routing does not avoid " + plan.kind().key() + " links"
        : plan.convergencePs() < 0 ? "routes never converge (failures.convergence_us: never)"
        : injector.routesConvergedPs() < 0 ? "routes had not converged yet"
        : "routes converged at " + injector.routesConvergedPs() / 1_000_000.0 + " us";
    return injector.lostBy(f.id()) + " of its packets lost at failed link " + injector.lastLinkOf(f.id()) + " ("
        + plan.kind().key() + "); " + routing;
  }
}
