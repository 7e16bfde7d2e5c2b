package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.lbsim.design.Axis;
import org.lbsim.design.Design;
import org.lbsim.design.Param;
import org.lbsim.lb.LbDesign;
import org.lbsim.lb.LbDesigns;

/**
 * docs/scenario-reference.md and the catalogue tables of docs/algorithms.md are what the code
 * prints from the schema and the registries; every design has its rules below its table.
 */
class DocsUpToDateTest {
  private static final Path DOCS = Path.of("..", "docs");

  @Test
  void scenarioReferenceMatchesTheSchema() throws IOException {
    String page = Files.readString(DOCS.resolve("scenario-reference.md"));
    assertThat(page).as("regenerate with: ./lbsim list --markdown > docs/scenario-reference.md")
        .isEqualTo(ScenarioSchema.markdown());
  }

  @Test
  void everyCatalogueTableIsWhatTheRegistryPrints() throws IOException {
    String page = Files.readString(DOCS.resolve("algorithms.md"));
    for (Axis axis : Axis.values()) {
      String start = AlgorithmTables.marker(axis) + "\n";
      assertThat(page.split(java.util.regex.Pattern.quote(start), -1)).as("docs/algorithms.md holds %s once", start.strip())
          .hasSize(2);
      int from = page.indexOf(start);
      int section = page.lastIndexOf("\n## ", from) + 1;
      String heading = page.substring(section, page.indexOf('\n', section));
      assertThat(heading).as("the %s table's section", axis.key()).endsWith("(`" + axis.key() + "`)");
      String generated = page.substring(from + start.length(), page.indexOf(AlgorithmTables.END, from));
      assertThat(generated).as("regenerate: replace the lines between %s and %s in docs/algorithms.md with the output of "
          + "./lbsim list --algorithms %s", start.strip(), AlgorithmTables.END, axis.key())
          .isEqualTo(AlgorithmTables.builtIn().table(axis));
    }
  }

  @Test
  void everyDesignHasItsRulesBelowItsTable() throws IOException {
    String page = Files.readString(DOCS.resolve("algorithms.md"));
    for (Axis axis : Axis.values()) {
      int end = page.indexOf(AlgorithmTables.END, page.indexOf(AlgorithmTables.marker(axis)));
      int next = page.indexOf("\n## ", end);
      String prose = page.substring(end, next < 0 ? page.length() : next);
      for (Design d : Catalog.builtIn().of(axis).all()) {
        assertThat(prose).as("docs/algorithms.md has an entry for `%s` below the %s table", d.name(), axis.key())
            .containsPattern("\n- `" + java.util.regex.Pattern.quote(d.name()) + "`(:|\n)");
      }
    }
  }

  @Test
  void aTableRowHoldsTheDesignsSummaryParametersSourceAndClass() {
    String lb = AlgorithmTables.builtIn().table(Axis.LB);
    assertThat(lb.lines()).hasSize(2 + LbDesigns.all().size())
        .startsWith("| name | summary | parameters: default (allowed) | source | defined in |", "|---|---|---|---|---|");
    LbDesign subflow = LbDesigns.all().stream().filter(d -> d.name().equals("subflow")).findFirst().orElseThrow();
    Param count = subflow.params().get(0);
    assertThat(subflow.params()).hasSize(1);
    assertThat(lb).contains("\n| `subflow` | " + subflow.summary() + " | `subflow.count` = `" + count.defaultText() + "` ("
        + count.range() + ") | " + subflow.source() + " | `" + subflow.definedIn() + "` |\n");
    assertThat(lb).contains("\n| `ecmp` | ").contains(" | — | ");
    String workloads = AlgorithmTables.builtIn().table(Axis.WORKLOAD);
    assertThat(workloads).contains(" | `workload.locality` = `any` (any, cross-pod) | ")
        .contains(" | `workload.senders` = `15` (integer)<br>`workload.receiver` = `0` (integer) | ")
        .contains("\n| `cm` | " + WorkloadKinds.find("cm").summary() + " | `workload.*` (4 keys, see [scenario-reference.md]"
            + "(scenario-reference.md)) | ")
        .containsPattern(" \\| `job\\.\\*` \\(\\d+ keys, see \\[scenario-reference.md\\]\\(scenario-reference.md\\)\\) \\| ");
  }
}
