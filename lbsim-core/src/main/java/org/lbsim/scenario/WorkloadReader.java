package org.lbsim.scenario;

import java.util.Map;
import org.lbsim.topo.Topology;
import org.lbsim.workload.HostPlacement;

/**
 * The {@code workload.*} keys every kind shares, then the chosen kind's own check
 * ({@link WorkloadKind#check()}), which may read the kind's input (a cm file, training jobs, a
 * Chakra trace) with the scenario.
 */
final class WorkloadReader {
  private final ValueReader r;

  /**
   * A workload as read.
   *
   * @param spec the generic values and the kind's file
   * @param checked what the kind's check read
   */
  record Read(WorkloadSpec spec, WorkloadKind.Checked checked) {
  }

  WorkloadReader(ValueReader r) {
    this.r = r;
  }

  /** Reads the workload on {@code topology} (null when the fabric's keys were bad). */
  Read read(Map<String, String> v, Topology topology) {
    String kind = r.choice(v, "workload.kind");
    long size = r.size(v, "workload.size");
    int senders = r.intValue(v, "workload.senders", 1);
    int receiver = r.intValue(v, "workload.receiver", 0);
    double unit = r.number(v, "workload.start_unit_ps");
    if (!Double.isNaN(unit) && !(unit >= 1 && unit <= 1e12 && unit == Math.rint(unit))) {
      r.bad("workload.start_unit_ps", v.get("workload.start_unit_ps"), "a whole number of picoseconds from 1 to 1e12");
      unit = Double.NaN;
    }
    double jitter = r.number(v, "workload.start_jitter");
    if (!Double.isNaN(jitter) && !(jitter >= 0 && jitter <= 1e6)) {
      r.bad("workload.start_jitter", v.get("workload.start_jitter"),
          "0 or a positive number of pacing slots up to 1e6");
    }
    boolean crossPod = "cross-pod".equals(v.get("workload.locality"));
    String placement = r.choice(v, "workload.placement");
    // another kind's placement keys are refused as keys that do not apply
    int[] placementHosts = "cm".equals(kind) ? placementHosts(v, placement) : new int[0];
    WorkloadKind k = kind == null ? null : r.catalog().workloads().find(kind);
    WorkloadKind.Checked checked = k == null ? WorkloadKind.Checked.NONE
        : k.check().check(r, v, topology,
            new WorkloadSpec(k, size, senders, receiver, null, unit, crossPod, jitter, placement, placementHosts));
    r.choice(v, "workload.locality");
    WorkloadSpec spec = new WorkloadSpec(k, size, senders, receiver, checked.file(), unit, crossPod, jitter,
        placement, placementHosts);
    return new Read(spec, checked);
  }

  /**
   * {@code workload.placement_hosts}: required by {@code workload.placement: hosts} and refused
   * with any other placement, so that no list is given and silently ignored.
   */
  private int[] placementHosts(Map<String, String> v, String placement) {
    String key = "workload.placement_hosts";
    String text = v.get(key).trim();
    if (!"hosts".equals(placement)) {
      if (!text.isEmpty()) {
        r.bad(key, v.get(key), "no list unless workload.placement is hosts (it is " + placement + ")");
      }
      return new int[0];
    }
    if (text.isEmpty()) {
      r.problem(r.source() + ": " + key
          + ": missing; workload.placement: hosts needs the host of each node, e.g. '0-7, 64-71'");
      return new int[0];
    }
    try {
      return HostPlacement.parseHosts(text);
    } catch (IllegalArgumentException e) {
      r.bad(key, v.get(key), "host numbers and ranges a-b separated by commas or blanks (" + e.getMessage() + ")");
      return new int[0];
    }
  }
}
