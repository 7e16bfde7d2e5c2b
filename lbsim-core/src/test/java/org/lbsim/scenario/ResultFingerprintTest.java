package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lbsim.results.ResultWriter;

/**
 * Guards performance work: optimisations must not change any result. The SHA-256 of the result
 * files of a few fixed scenarios is checked in; a change that is meant to change results (a model
 * fix) updates the expected values in the same commit and says why in its message.
 */
class ResultFingerprintTest {
  @TempDir
  Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "spray-default, lb=host-spray;profile=default, FLOWS_SPRAY_DEFAULT",
      "ofan-reference, lb=ofan;profile=reference, FLOWS_OFAN_REFERENCE",
      "ecmp-sack, lb=ecmp;lr=sack;buffer.packets=16, FLOWS_ECMP_SACK"})
  void resultFilesAreUnchanged(String name, String overrides, String expectedKey) throws IOException {
    List<String> o = new java.util.ArrayList<>(List.of(overrides.split(";")));
    o.addAll(List.of("topology.k=4", "workload.kind=all-to-all", "workload.size=64KiB", "seed=7"));
    ResultWriter.write(Scenarios.run(Scenarios.of(o)), dir);
    String actual = sha256(dir.resolve("flows.csv")) + " " + sha256(dir.resolve("ports.csv"));
    assertThat(actual).as("fingerprint of %s; if the change is meant to alter results, update %s", name,
        expectedKey).isEqualTo(Fingerprints.get(expectedKey));
  }

  private static String sha256(Path f) throws IOException {
    return FileDigest.sha256(f);
  }
}
