package org.lbsim.scenario;

import java.util.Map;
import org.lbsim.engine.Simulator;
import org.lbsim.topo.TierLink;

/**
 * The {@code links.*} keys: speed and latency of each tier, a tier's own keys over the shared
 * {@code links.rate_gbps} / {@code links.latency_us}.
 *
 * @param host host-ToR (host-leaf) links
 * @param tier1 ToR-aggregation (leaf-spine) links
 * @param tier2 aggregation-core links
 */
public record LinksSection(TierLink host, TierLink tier1, TierLink tier2) {

  /** The tiers in order host, tier1, tier2. */
  TierLink[] tiers() {
    return new TierLink[] {host, tier1, tier2};
  }

  /** Reads the section from the scenario's settings {@code v}; a bad tier is null, its problem in {@code r}. */
  static LinksSection read(ValueReader r, Map<String, String> v) {
    TierLink host = tierLink(r, v, "host");
    TierLink tier1 = tierLink(r, v, "tier1");
    return new LinksSection(host, tier1, tierLink(r, v, "tier2"));
  }

  private static TierLink tierLink(ValueReader r, Map<String, String> v, String tier) {
    String rateKey = "links." + tier + ".rate_gbps";
    String latKey = "links." + tier + ".latency_us";
    String rate = v.get(rateKey).isEmpty() ? v.get("links.rate_gbps") : v.get(rateKey);
    String rateSource = v.get(rateKey).isEmpty() ? "links.rate_gbps" : rateKey;
    String lat = v.get(latKey).isEmpty() ? v.get("links.latency_us") : v.get(latKey);
    String latSource = v.get(latKey).isEmpty() ? "links.latency_us" : latKey;
    double gbps = r.parseNumber(rateSource, rate);
    double us = r.parseNumber(latSource, lat);
    if (Double.isNaN(gbps) || Double.isNaN(us)) {
      return null;
    }
    if (!(gbps * 1e9 >= 0.5 && gbps <= 1e6)) {
      r.bad(rateSource, rate, "a link speed from 1e-9 (1 bit/s) to 1e6 Gb/s, e.g. 800");
      return null;
    }
    if (!(us >= 0 && us <= 1e6)) {
      r.bad(latSource, lat, "a latency from 0 to 1e6 microseconds, e.g. 0.5");
      return null;
    }
    return new TierLink(Math.round(gbps * 1e9), Math.round(us * Simulator.PS_PER_US));
  }
}
