package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.lbsim.design.Design;
import org.lbsim.design.Registry;
import org.lbsim.scenario.Catalog;

/**
 * {@code lbsim list --verbose} answers, for every design of every axis, where it is defined,
 * registered and documented, and the documentation it points to exists.
 */
class ListVerboseTest {
  @Test
  void everyDesignSaysWhereItIsDefinedRegisteredAndDocumented() throws IOException {
    CliRunner.Outcome o = CliRunner.run("list", "--verbose");
    assertThat(o.code()).isZero();
    String algorithms = Files.readString(Path.of("..", "docs", "algorithms.md"));
    for (Registry<? extends Design> r : Catalog.builtIn().registries()) {
      for (Design d : r.all()) {
        String where = o.out().substring(o.out().indexOf("\n  " + d.name() + " "));
        String line = where.lines().filter(l -> l.contains("defined in: ")).findFirst().orElseThrow();
        assertThat(line).as(d.name()).contains("defined in: " + d.definedIn() + "; registered in "
            + r.origin(d.name()).where() + "; documented in docs/algorithms.md#");
        assertThat(d.definedIn()).as(d.name()).startsWith("org.lbsim.");
        String anchor = line.substring(line.indexOf('#') + 1).strip();
        assertThat(algorithms.lines().filter(h -> h.startsWith("## ")).map(ListVerboseTest::anchor))
            .as("docs/algorithms.md has the section %s", anchor).contains(anchor);
      }
    }
  }

  @Test
  void withoutVerboseTheListSaysNothingOfWhere() {
    assertThat(CliRunner.run("list").out()).doesNotContain("defined in: ").doesNotContain("plug-in: ");
  }

  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as '-'. */
  private static String anchor(String heading) {
    return heading.substring(3).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 -]", "").replace(' ', '-');
  }
}
