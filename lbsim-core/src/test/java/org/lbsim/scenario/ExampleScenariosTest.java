package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every scenario shipped in scenarios/ is valid, so the examples in the README keep working. */
class ExampleScenariosTest {
  @Test
  void everyExampleScenarioValidates() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(Path.of("..", "scenarios"))) {
      files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    assertThat(files).isNotEmpty();
    for (Path f : files) {
      Scenario s = ScenarioReader.read(f, List.of());
      assertThat(s.name()).isEqualTo(f.getFileName().toString().replace(".yaml", ""));
    }
  }

  /** The example grids and the controlled experiments the reproduction pages quote. */
  @Test
  void everyExampleGridValidates() throws IOException {
    grid("grids");
    grid("experiments");
  }

  private static void grid(String folder) throws IOException {
    List<Path> grids;
    try (Stream<Path> s = Files.list(Path.of("..", "scenarios", folder))) {
      grids = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    assertThat(grids).isNotEmpty();
    for (Path g : grids) {
      org.lbsim.experiment.GridFile grid = org.lbsim.experiment.GridFile.read(g);
      assertThat(org.lbsim.experiment.Sweep.scenarios(grid, List.of())).hasSize(grid.grid().size());
    }
  }
}
