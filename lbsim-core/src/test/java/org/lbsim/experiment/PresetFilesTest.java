package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Presets are data: one file per preset beside {@link Presets}, listed in its index, each key checked. */
class PresetFilesTest {
  @Test
  void theIndexListsEveryPresetFileOnce() throws Exception {
    List<String> files;
    try (Stream<Path> s = Files.list(folder())) {
      files = s.map(p -> p.getFileName().toString()).filter(f -> !f.equals("index.yaml"))
          .map(f -> f.replaceFirst("\\.yaml$", "")).sorted().toList();
    }
    assertThat(Presets.names()).doesNotHaveDuplicates();
    assertThat(Presets.names()).containsExactlyInAnyOrderElementsOf(files);
    assertThat(Presets.all()).extracting(Preset::name).isEqualTo(Presets.names());
    assertThat(Presets.find("no-such-preset")).isNull();
  }

  @Test
  void aBaseIsScenarioKeysNestedOrFlatInFileOrder() {
    Preset p = PresetFile.read("t", """
        title: t
        paper: p
        base:
          workload: {kind: permutation, size: 1MiB}
          lb: ofan
          sack.threshold?: 32
        axes: {topology.k: [4, 8]}
        seeds: 2
        table: {kind: over-bound, rows: [topology.k], column: topology.k, mark_best: []}
        quick: {base: {topology.k: 4}}
        """, "t.yaml");
    assertThat(p.base()).containsExactly("workload.kind=permutation", "workload.size=1MiB", "lb=ofan",
        "sack.threshold?=32");
    assertThat(p.analysis()).isEqualTo(new BestMarked(new OverBoundTable("topology.k", "topology.k")));
    assertThat(p.quick()).isEqualTo(new Preset.Quick(List.of("topology.k=4"), 1));
    assertThat(p.grid(p.seeds())).hasSize(4);
  }

  @Test
  void aWrongKeyIsNamed() {
    String ok = "title: t\npaper: p\naxes: {lb: [ecmp]}\n";
    assertThatThrownBy(() -> PresetFile.read("t", ok + "table: {kind: over-bound, rows: [lb], column: lb}\nseed: 3\n",
        "t.yaml")).hasMessageContaining("t.yaml: seed: unknown key");
    assertThatThrownBy(() -> PresetFile.read("t", ok + "table: {kind: over-bounds}\n", "t.yaml"))
        .hasMessageContaining("t.yaml: table.kind: unknown (got 'over-bounds'");
    assertThatThrownBy(() -> PresetFile.read("t", ok + "table: {kind: over-bound, rows: [lb], column: lb, row: lb}\n",
        "t.yaml")).hasMessageContaining("t.yaml: table.row: unknown key for kind over-bound");
    assertThatThrownBy(() -> PresetFile.read("t", ok + "table: {kind: cct, rows: [lb], column: lb, mark_best: [cc]}\n",
        "t.yaml")).hasMessageContaining("t.yaml: table.mark_best: expected leading keys of rows");
    assertThatThrownBy(() -> PresetFile.read("t", ok + "table: {kind: queue-model}\n", "t.yaml"))
        .hasMessageContaining("t.yaml: table.packet_bytes: missing");
  }

  private static Path folder() throws URISyntaxException {
    return Path.of(Presets.class.getResource("presets/index.yaml").toURI()).getParent();
  }
}
