package org.lbsim.scenario;

import org.lbsim.topo.TierLink;

/**
 * The {@code links.*} keys: speed and latency of each tier, a tier's own keys over the shared
 * {@code links.rate_gbps} / {@code links.latency_us}.
 *
 * @param host host-ToR (host-leaf) links
 * @param tier1 ToR-aggregation (leaf-spine) links
 * @param tier2 aggregation-core links
 */
public record LinksSection(TierLink host, TierLink tier1, TierLink tier2) {}
