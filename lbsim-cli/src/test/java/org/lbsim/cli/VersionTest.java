package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class VersionTest {
  @Test
  void aCommitTheBuildCouldNotReadIsUnknown() {
    Properties p = new Properties();
    p.setProperty("version", "1.2.3");
    p.setProperty("commit", "${git.commit.id.abbrev}");
    assertThat(Version.value(p, "version")).isEqualTo("1.2.3");
    assertThat(Version.value(p, "commit")).isEqualTo("unknown");
    assertThat(Version.value(new Properties(), "commit")).isEqualTo("unknown");
  }

  @Test
  void theBuiltResourceHoldsTheCommitOfThisCheckout() {
    assertThat(Version.value(Version.properties(), "commit")).matches("[0-9a-f]{7,}|unknown");
  }
}
