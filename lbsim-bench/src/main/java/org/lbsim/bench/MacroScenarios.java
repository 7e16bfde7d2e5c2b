package org.lbsim.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The macro-benchmark catalogue. The 128-host cases use the study simulator's own v1 setting
 * (100 Gb/s, 1 us per link, 100-packet queues, host spraying, ideal constant-rate sender with
 * erasure coding), so that wall times compare one-to-one with the C++ reference simulator.
 */
final class MacroScenarios {
  /** The fabric and transport of the performance comparison, before workload and profile. */
  private static final List<String> REFERENCE_FABRIC = List.of("topology.kind=fat-tree", "links.rate_gbps=100",
      "links.latency_us=1", "buffer.packets=100", "lb=host-spray", "cc=ideal", "lr=erasure");

  private MacroScenarios() {}

  static List<MacroScenario> all() {
    return List.of(
        of("ata-16-256KiB", "all-to-all, 16 hosts (k = 4), 256 KiB per flow, reference profile (smoke test)",
            "reference", "topology.k=4", "workload.kind=all-to-all", "workload.size=256KiB"),
        of("ata-128-2MiB", "all-to-all, 128 hosts (k = 8), 2 MiB per flow, reference profile (the performance bar)",
            "reference", "topology.k=8", "workload.kind=all-to-all", "workload.size=2MiB"),
        of("ata-128-2MiB-default", "all-to-all, 128 hosts (k = 8), 2 MiB per flow, default profile",
            "default", "topology.k=8", "workload.kind=all-to-all", "workload.size=2MiB"),
        of("perm-128-2MiB", "permutation, 128 hosts (k = 8), 2 MiB per flow, reference profile",
            "reference", "topology.k=8", "workload.kind=permutation", "workload.size=2MiB"),
        of("perm-128-2MiB-default", "permutation, 128 hosts (k = 8), 2 MiB per flow, default profile",
            "default", "topology.k=8", "workload.kind=permutation", "workload.size=2MiB"),
        // the scale cases: how far one machine goes
        of("perm-1024-2MiB", "permutation, 1024 hosts (k = 16), 2 MiB per flow, reference profile (scale)",
            "reference", "topology.k=16", "workload.kind=permutation", "workload.size=2MiB"),
        of("perm-8192-2MiB", "permutation, 8192 hosts (k = 32), 2 MiB per flow, reference profile (scale)",
            "reference", "topology.k=32", "workload.kind=permutation", "workload.size=2MiB"),
        of("perm-101306-1MiB-default", "permutation, 101,306 hosts (k = 74), 1 MiB per flow, default profile (scale; needs "
            + "-Xmx8g or more)", "default", "topology.k=74", "workload.kind=permutation", "workload.size=1MiB"),
        of("ata-1024-64KiB", "all-to-all, 1024 hosts (k = 16), 64 KiB per flow (1,047,552 flows), reference profile "
            + "(scale)", "reference", "topology.k=16", "workload.kind=all-to-all", "workload.size=64KiB"));
  }

  /** The case called {@code name}, or null. */
  static MacroScenario find(String name) {
    for (MacroScenario s : all()) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    return null;
  }

  private static MacroScenario of(String name, String description, String profile, String... workload) {
    List<String> o = new ArrayList<>(REFERENCE_FABRIC);
    o.add("profile=" + profile);
    o.addAll(List.of(workload));
    return new MacroScenario(name, description, o);
  }
}
