package org.lbsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A result folder's write in progress, or the copy it replaced, is no run of the report. */
class WorkFoldersTest {
  @TempDir
  Path results;

  @Test
  void foldersNamedWithALeadingDotAreLeftOut() throws IOException {
    List<Path> runs = TinyResults.write(results);
    for (String leftover : List.of(".ecmp-64KiB.tmp-7", ".ecmp-64KiB.old-7")) {
      Path copy = Files.createDirectories(results.resolve(leftover));
      for (String f : List.of("summary.json", "flows.csv", "ports.csv")) {
        Files.copy(runs.get(0).resolve(f), copy.resolve(f));
      }
    }
    assertThat(ReportBuilder.build(results, null, false).runs()).isEqualTo(runs.size());
  }
}
