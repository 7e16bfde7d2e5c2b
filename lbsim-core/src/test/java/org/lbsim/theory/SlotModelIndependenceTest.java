package org.lbsim.theory;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The model is an independent implementation: its sources import java.util only, nothing of the simulator. */
class SlotModelIndependenceTest {
  @Test
  void theModelImportsJavaUtilOnly() throws IOException {
    Path dir = Path.of("src/main/java/org/lbsim/theory");
    List<Path> sources;
    try (Stream<Path> files = Files.list(dir)) {
      sources = files.filter(f -> f.toString().endsWith(".java")).toList();
    }
    assertThat(sources).hasSizeGreaterThanOrEqualTo(5);
    for (Path source : sources) {
      for (String line : Files.readAllLines(source)) {
        if (line.startsWith("import ")) {
          assertThat(line).as(source.toString()).startsWith("import java.util.");
        }
        assertThat(line).as(source.toString()).doesNotContain("org.lbsim.net").doesNotContain("org.lbsim.topo")
            .doesNotContain("org.lbsim.engine");
      }
    }
  }
}
