package org.lbsim.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The tests' temp folder is this module's target/ (surefire's argLine), never the system's. */
class TestTempFolderTest {
  @Test
  void theTempFolderIsThisModulesTargetFolder() {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize();
    assertThat(tmp).isDirectory();
    assertThat(tmp.getFileName()).hasToString("target");
    assertThat(tmp.getParent().getFileName()).hasToString("lbsim-spark");
  }
}
