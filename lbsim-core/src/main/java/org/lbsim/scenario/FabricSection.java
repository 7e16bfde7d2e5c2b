package org.lbsim.scenario;

import org.lbsim.topo.Topology;
import org.lbsim.topo.TopologyKind;

/**
 * The {@code topology.*} and {@code links.*} keys: the fabric's shape, the fabric built from it
 * (its planes included) and the links of each tier.
 *
 * @param kind the shape ({@code topology.kind})
 * @param topology the fabric built from the {@code topology.*} keys
 * @param links speed and latency of each tier
 */
public record FabricSection(TopologyKind kind, Topology topology, LinksSection links) {}
