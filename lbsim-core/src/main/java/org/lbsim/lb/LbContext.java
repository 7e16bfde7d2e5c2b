package org.lbsim.lb;

import java.util.List;
import java.util.function.LongSupplier;
import org.lbsim.design.Params;
import org.lbsim.engine.RandomStreams;
import org.lbsim.net.Routes;
import org.lbsim.topo.Topology;
import org.lbsim.workload.FlowSpec;

/**
 * What a load-balancing design needs to instantiate itself for one run.
 *
 * @param params the design's parameters
 * @param topology the fabric shape (for destination groups, rotation sets)
 * @param bufferBytes switch port buffer (for queue quantization)
 * @param random the run's random streams
 * @param clock the simulated time in picoseconds; switches have no clock of their own, and
 *     time-driven selectors (cached queue levels, flowlet gaps, utilization estimators) need one
 * @param routes routing's converged view of failed links, for source-routing hosts (Host DR);
 *     null when the scenario has no failures
 * @param flows every flow of the run, for designs that plan ahead (a central controller); empty
 *     when not known
 */
public record LbContext(Params params, Topology topology, long bufferBytes, RandomStreams random, LongSupplier clock,
    Routes routes, List<FlowSpec> flows) {

  public LbContext {
    flows = List.copyOf(flows);
  }

  /** An intact fabric: no routing view, every path is usable; the flows are not known. */
  public LbContext(Params params, Topology topology, long bufferBytes, RandomStreams random, LongSupplier clock) {
    this(params, topology, bufferBytes, random, clock, null, List.of());
  }
}
