package org.lbsim.lb;

import org.lbsim.engine.RandomStreams;
import org.lbsim.topo.Topology;

/**
 * What a load-balancing design needs to instantiate itself for one run.
 *
 * @param params the design's parameters
 * @param topology the fabric shape (for destination groups, rotation sets)
 * @param bufferBytes switch port buffer (for queue quantization)
 * @param random the run's random streams
 */
public record LbContext(Params params, Topology topology, long bufferBytes, RandomStreams random) {}
