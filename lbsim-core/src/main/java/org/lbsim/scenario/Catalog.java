package org.lbsim.scenario;

import java.util.List;
import org.lbsim.design.Axis;
import org.lbsim.design.Design;
import org.lbsim.design.Registry;
import org.lbsim.lb.LbDesign;
import org.lbsim.lb.LbDesigns;
import org.lbsim.topo.TopologyKind;
import org.lbsim.topo.TopologyKinds;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.LrDesigns;
import org.lbsim.transport.cc.CcDesign;
import org.lbsim.transport.cc.CcDesigns;

/**
 * Every design a run may choose: one {@link Registry} per {@link Axis}. Immutable: {@link
 * #builtIn()} holds lbsim's own designs, {@link #plus} adds a plug-in's (see {@code
 * org.lbsim.spi.Plugins}). It lives in {@code scenario}, the lowest package that sees every axis:
 * the workload kinds are {@code scenario}'s own, and the reader and the schema are made for a catalog.
 */
public final class Catalog {
  private static final Catalog BUILT_IN = new Catalog(
      Registry.of(Axis.LB, LbDesigns.all(), LbDesigns.class),
      Registry.of(Axis.CC, CcDesigns.all(), CcDesigns.class),
      Registry.of(Axis.LR, LrDesigns.all(), LrDesigns.class),
      Registry.of(Axis.WORKLOAD, WorkloadKinds.all(), WorkloadKinds.class),
      Registry.of(Axis.TOPOLOGY, TopologyKinds.all(), TopologyKinds.class));

  private final Registry<LbDesign> lb;
  private final Registry<CcDesign> cc;
  private final Registry<LrDesign> lr;
  private final Registry<WorkloadKind> workloads;
  private final Registry<TopologyKind> topologies;

  private Catalog(Registry<LbDesign> lb, Registry<CcDesign> cc, Registry<LrDesign> lr,
      Registry<WorkloadKind> workloads, Registry<TopologyKind> topologies) {
    this.lb = lb;
    this.cc = cc;
    this.lr = lr;
    this.workloads = workloads;
    this.topologies = topologies;
  }

  /** lbsim's own designs. */
  public static Catalog builtIn() {
    return BUILT_IN;
  }

  public Registry<LbDesign> lb() {
    return lb;
  }

  public Registry<CcDesign> cc() {
    return cc;
  }

  public Registry<LrDesign> lr() {
    return lr;
  }

  public Registry<WorkloadKind> workloads() {
    return workloads;
  }

  public Registry<TopologyKind> topologies() {
    return topologies;
  }

  /** The registry of {@code axis}. */
  public Registry<? extends Design> of(Axis axis) {
    return switch (axis) {
      case LB -> lb;
      case CC -> cc;
      case LR -> lr;
      case WORKLOAD -> workloads;
      case TOPOLOGY -> topologies;
    };
  }

  /** Every registry, in {@link Axis} order. */
  public List<Registry<? extends Design>> registries() {
    return List.of(lb, cc, lr, workloads, topologies);
  }

  /**
   * This catalog with {@code design} from the plug-in {@code jar} added to its axis.
   *
   * @throws IllegalArgumentException when its axis already has a design of that name (the
   *     message names where that one came from), or when it is not one of the axis' design types
   */
  public Catalog plus(Design design, String jar) {
    return switch (design.axis()) {
      case LB -> new Catalog(lb.plus(as(LbDesign.class, design), jar), cc, lr, workloads, topologies);
      case CC -> new Catalog(lb, cc.plus(as(CcDesign.class, design), jar), lr, workloads, topologies);
      case LR -> new Catalog(lb, cc, lr.plus(as(LrDesign.class, design), jar), workloads, topologies);
      case WORKLOAD -> new Catalog(lb, cc, lr, workloads.plus(as(WorkloadKind.class, design), jar), topologies);
      case TOPOLOGY -> new Catalog(lb, cc, lr, workloads, topologies.plus(as(TopologyKind.class, design), jar));
    };
  }

  private static <D extends Design> D as(Class<D> type, Design d) {
    if (!type.isInstance(d)) {
      throw new IllegalArgumentException("'" + d.name() + "' says its axis is " + d.axis().title() + " but is a "
          + d.getClass().getName() + ", not a " + type.getName());
    }
    return type.cast(d);
  }
}
