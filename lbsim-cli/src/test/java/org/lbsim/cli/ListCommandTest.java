package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.design.Axis;
import org.lbsim.design.Design;
import org.lbsim.scenario.AlgorithmTables;
import org.lbsim.scenario.Catalog;
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
        .contains("keys: workload.file, workload.start_unit_ps, workload.placement, workload.placement_hosts (see below)")
        .contains("keys: workload.senders, workload.receiver (see below)")
        .contains("keys: job.* (see below)");
    String topologyBlock = out.substring(topologies, keys);
    for (TopologyKind t : TopologyKinds.all()) {
      assertThat(topologyBlock).contains("\n  " + String.format("%-18s %s", t.name(), t.summary()) + "\n")
          .contains("from: " + t.source() + "\n");
    }
    assertThat(topologyBlock).contains("keys: topology.k, topology.oversubscription (see below)")
        .contains("keys: topology.servers, topology.rails, topology.units, topology.spines (see below)");
  }

  @Test
  void algorithmsPrintsOneAxisTableOfTheBuiltInDesigns() {
    for (Axis axis : Axis.values()) {
      CliRunner.Outcome o = CliRunner.run("list", "--algorithms", axis.key());
      assertThat(o.code()).as(axis.key()).isZero();
      assertThat(o.err()).isEmpty();
      assertThat(o.out()).isEqualTo(AlgorithmTables.builtIn().table(axis));
      for (Design d : Catalog.builtIn().of(axis).all()) {
        assertThat(o.out()).contains("\n| `" + d.name() + "` | " + d.summary().replace("|", "\\|") + " | ");
      }
    }
    assertThat(CliRunner.run("list", "--algorithms", "cc").out().lines())
        .hasSize(2 + CcDesigns.all().size()).noneMatch(l -> l.startsWith("Scenario keys") || l.contains("<!--"));
  }

  @Test
  void algorithmsRefusesAnUnknownAxisAndTheMarkdownPage() {
    CliRunner.Outcome unknown = CliRunner.run("list", "--algorithms", "workload");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.out()).isEmpty();
    assertThat(unknown.err()).isEqualTo("error: --algorithms: unknown axis (got 'workload'; allowed: lb, cc, lr, "
        + "workload.kind, topology.kind)" + System.lineSeparator());
    CliRunner.Outcome both = CliRunner.run("list", "--algorithms", "lb", "--markdown");
    assertThat(both.code()).isEqualTo(2);
    assertThat(both.out()).isEmpty();
    assertThat(both.err()).startsWith("error: --algorithms: cannot be combined with --markdown (got both; ").doesNotContain("Exception").hasLineCount(1);
  }

  @Test
  void withoutAlgorithmsTheListIsTheRegistriesThenTheKeys() {
    String out = CliRunner.run("list").out();
    assertThat(out).startsWith("Load-balancing designs (lb):\n").doesNotContain("| name |").contains("\nScenario keys");
    assertThat(CliRunner.run("list", "--markdown").out()).isEqualTo(org.lbsim.scenario.ScenarioSchema.markdown());
  }
}
