package org.lbsim.optimize;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.scenario.Catalog;

/** A search stopped part way and started again reads back the runs it finished and makes the same trials. */
class ResumeTest {
  private static final String PERMUTATION = "topology: {k: 4}\nworkload: {kind: permutation, size: 64KiB}\n";

  @TempDir
  Path dir;

  @Test
  void aSearchKilledPartWayResumesWithoutRedoingStoredRunsAndMakesTheSameTrials() throws IOException {
    SearchSpace space = SearchSpace.of(Catalog.builtIn(), new SpaceRequest(Map.of("lb", List.of("ecmp", "ofan",
        "host-spray"), "cc", List.of("dctcp"), "lr", List.of("sack")), Set.of("sack.threshold", "dctcp.g",
        "dctcp.init_alpha"), Map.of(), false));
    Search.Settings settings = new Search.Settings(20, 3, 1, 2);
    Path file = dir.resolve("trials.jsonl");
    String whole;
    int runs;
    try (TrialStore store = TrialStore.open(file)) {
      CountingEvaluator eval = new CountingEvaluator(new BaseScenario(PERMUTATION, "test", null), store);
      Outcome o = Search.run(space, eval, settings);
      whole = OptimizeJson.write(o, space);
      runs = eval.simulated.get();
    }
    // as if killed after 7 runs, in the middle of writing the 8th line
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    assertThat(lines).hasSize(runs);
    Files.writeString(file, String.join("\n", lines.subList(0, 7)) + "\n" + lines.get(7).substring(0, 30),
        StandardCharsets.UTF_8);

    try (TrialStore store = TrialStore.open(file)) {
      CountingEvaluator eval = new CountingEvaluator(new BaseScenario(PERMUTATION, "test", null), store);
      String again = OptimizeJson.write(Search.run(space, eval, settings), space);
      assertThat(again).isEqualTo(whole);
      assertThat(store.readBack()).isEqualTo(7);
      assertThat(eval.simulated.get()).isEqualTo(runs - 7);
    }
    // one search at a time
    try (TrialStore held = TrialStore.open(file)) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> TrialStore.open(file))
          .hasMessage(file + ": another optimize is using this trial store; wait for it to finish, or give another --out");
    }
    // every run once, the torn line left as it was
    assertThat(Files.readAllLines(file, StandardCharsets.UTF_8))
        .filteredOn(l -> l.startsWith("{\"key\"") && l.endsWith("}}")).hasSize(runs);
  }
}
