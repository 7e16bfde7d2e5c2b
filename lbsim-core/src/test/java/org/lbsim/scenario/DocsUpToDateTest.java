package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.lbsim.lb.LbDesign;
import org.lbsim.lb.LbDesigns;
import org.lbsim.topo.TopologyKind;
import org.lbsim.topo.TopologyKinds;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.LrDesigns;

/** docs/ is generated from, or checked against, the registry and the schema. */
class DocsUpToDateTest {
  private static final Path DOCS = Path.of("..", "docs");

  @Test
  void scenarioReferenceMatchesTheSchema() throws IOException {
    String page = Files.readString(DOCS.resolve("scenario-reference.md"));
    assertThat(page).as("regenerate with: ./lbsim list --markdown > docs/scenario-reference.md")
        .isEqualTo(ScenarioSchema.markdown());
  }

  @Test
  void everyLoadBalancerHasALineInTheCatalogue() throws IOException {
    String catalogue = Files.readString(DOCS.resolve("algorithms.md"));
    for (LbDesign d : LbDesigns.all()) {
      assertThat(catalogue).as("docs/algorithms.md mentions `%s`", d.name()).contains("`" + d.name() + "`");
    }
    for (String choice : ScenarioSchema.get("cc").choices()) {
      assertThat(catalogue).contains("`" + choice + "`");
    }
    for (String choice : ScenarioSchema.get("lr").choices()) {
      assertThat(catalogue).contains("`" + choice + "`");
    }
    String lossRecovery = catalogue.substring(catalogue.indexOf("## Loss recovery (`lr`)"));
    lossRecovery = lossRecovery.substring(0, lossRecovery.indexOf("\n## "));
    for (LrDesign d : LrDesigns.all()) {
      assertThat(lossRecovery).as("docs/algorithms.md has a loss-recovery row for `%s`", d.name())
          .contains("\n| `" + d.name() + "` |");
    }
    String workloads = catalogue.substring(catalogue.indexOf("## Workloads (`workload.kind`)"));
    workloads = workloads.substring(0, workloads.indexOf("\n## "));
    for (WorkloadKind w : WorkloadKinds.all()) {
      assertThat(workloads).as("docs/algorithms.md has a workload row for `%s`", w.name())
          .contains("\n| `" + w.name() + "` |");
    }
    String topologies = catalogue.substring(catalogue.indexOf("## Topologies (`topology.kind`)"));
    topologies = topologies.substring(0, topologies.indexOf("\n## ") < 0 ? topologies.length()
        : topologies.indexOf("\n## "));
    for (TopologyKind t : TopologyKinds.all()) {
      assertThat(topologies).as("docs/algorithms.md has a topology row for `%s`", t.name())
          .contains("\n| `" + t.name() + "` |");
    }
  }
}
