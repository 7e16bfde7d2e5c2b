package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.scenario.WorkloadKind;
import org.lbsim.scenario.WorkloadKinds;
import org.lbsim.topo.TopologyKind;
import org.lbsim.topo.TopologyKinds;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.LrDesigns;
import org.lbsim.transport.cc.CcDesign;
import org.lbsim.transport.cc.CcDesigns;

/** {@code lbsim list} shows the registries (lb, cc, lr, workloads, topologies), each entry with its source, before the keys. */
class ListCommandTest {

  @Test
  void listsEveryCongestionControlAndLossRecoveryWithItsSource() {
    CliRunner.Outcome o = CliRunner.run("list");
    assertThat(o.code()).isZero();
    String out = o.out();
    int lb = out.indexOf("Load-balancing designs (lb):");
    int cc = out.indexOf("Congestion controls (cc):");
    int lr = out.indexOf("Loss recoveries (lr):");
    int keys = out.indexOf("Scenario keys");
    assertThat(lb).isGreaterThanOrEqualTo(0);
    assertThat(cc).isGreaterThan(lb);
    assertThat(lr).isGreaterThan(cc);
    assertThat(keys).isGreaterThan(lr);
    String ccBlock = out.substring(cc, lr);
    for (CcDesign d : CcDesigns.all()) {
      assertThat(ccBlock).contains("\n  " + String.format("%-14s %s", d.name(), d.summary()) + "\n")
          .contains("from: " + d.paper() + "\n");
    }
    String lrBlock = out.substring(lr, keys);
    for (LrDesign d : LrDesigns.all()) {
      assertThat(lrBlock).contains("\n  " + String.format("%-14s %s", d.name(), d.summary()) + "\n")
          .contains("from: " + d.source() + "\n");
    }
    assertThat(lrBlock).contains("keys: sack.threshold, sack.trigger, sack.fast_retransmit, sack.dupacks")
        .contains("keys: irn.bdp_cap, irn.rto_low_us, irn.rto_high_us, irn.low_packets");
  }

  @Test
  void listsEveryWorkloadAndTopologyKindWithItsKeys() {
    String out = CliRunner.run("list").out();
    int lr = out.indexOf("Loss recoveries (lr):");
    int workloads = out.indexOf("Workloads (workload.kind):");
    int topologies = out.indexOf("Topologies (topology.kind):");
    int keys = out.indexOf("Scenario keys");
    assertThat(workloads).isGreaterThan(lr);
    assertThat(topologies).isGreaterThan(workloads);
    assertThat(keys).isGreaterThan(topologies);
    String workloadBlock = out.substring(workloads, topologies);
    for (WorkloadKind w : WorkloadKinds.all()) {
      assertThat(workloadBlock).contains("\n  " + String.format("%-18s %s", w.name(), w.summary()) + "\n");
    }
    assertThat(workloadBlock).contains("from: htsim connection_matrix.cpp\n")
        .contains("keys: workload.file, workload.start_unit_ps (see below)")
        .contains("keys: workload.senders, workload.receiver (see below)")
        .contains("keys: job.* (see below)");
    String topologyBlock = out.substring(topologies, keys);
    for (TopologyKind t : TopologyKinds.all()) {
      assertThat(topologyBlock).contains("\n  " + String.format("%-18s %s", t.name(), t.summary()) + "\n")
          .contains("from: " + t.source() + "\n");
    }
    assertThat(topologyBlock).contains("keys: topology.k, topology.oversubscription (see below)")
        .contains("keys: topology.servers, topology.rails, topology.spines (see below)");
  }
}
