package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inputs that must be refused before anything runs, each with one line, and what must still read. */
class InputRulesTest {
  @TempDir
  Path dir;

  private Scenario read(String yaml, String... overrides) throws IOException {
    Path f = dir.resolve("s.yaml");
    Files.writeString(f, yaml);
    return ScenarioReader.read(f, List.of(overrides));
  }

  private List<String> problems(String yaml, String... overrides) throws IOException {
    try {
      read(yaml, overrides);
    } catch (ScenarioException e) {
      assertThat(e.problems()).allSatisfy(l -> assertThat(l).doesNotContain("\n"));
      return e.problems();
    }
    throw new AssertionError("expected the scenario to be refused");
  }

  private String one(String yaml, String... overrides) throws IOException {
    List<String> p = problems(yaml, overrides);
    assertThat(p).hasSize(1);
    return p.get(0);
  }

  private void cm(String name, String text) throws IOException {
    Files.writeString(dir.resolve(name), text);
  }

  // ---- keys that do not apply ----

  @Test
  void aSizeOverrideOnACmWorkloadIsRefusedInsteadOfIgnored() throws IOException {
    cm("a.cm", "Nodes 16\nConnections 1\n0->1 id 1 start 0 size 2097152\n");
    String yaml = "topology: {k: 4}\nworkload: {kind: cm, file: a.cm}\n";
    assertThat(one(yaml, "workload.size=4MiB")).isEqualTo("--set workload.size: does not apply, as workload.kind is cm "
        + "(got '4MiB'; allowed: only when workload.kind is not cm, training or chakra (a cm file, the training jobs "
        + "and a Chakra trace give every flow's size); workload.size? sets it only where it applies, and drops it here)");
    assertThat(read(yaml).workload().kind().name()).isEqualTo("cm");
  }

  @Test
  void keysOfAnotherChoiceAreRefused() throws IOException {
    assertThat(one("workload: {kind: permutation, file: x.cm}\n")).startsWith(dir.resolve("s.yaml")
        + ": workload.file: does not apply, as workload.kind is permutation");
    assertThat(one("failures: {links: tor0-agg0}\n")).contains("failures.links: does not apply, as failures.kind is none");
    assertThat(one("workload: {senders: 3}\n")).contains("workload.senders: does not apply")
        .contains("workload.kind is incast");
    assertThat(one("topology: {kind: leaf-spine, k: 4}\n")).contains("topology.k: does not apply");
    assertThat(one("topology: {leaves: 4}\n")).contains("topology.leaves: does not apply");
    assertThat(one("job: {gpus: 8}\n")).contains("job.gpus: does not apply");
    assertThat(one("sack: {threshold: 6}\n")).contains("sack.threshold: does not apply, as lr is erasure");
    assertThat(one("irn: {low_packets: 2}\nlr: sack\n")).contains("irn.low_packets: does not apply, as lr is sack");
    assertThat(one("buffer: {red_kmin: 10KB}\n")).contains("buffer.red_kmin: does not apply, as buffer.red is off");
    assertThat(one("buffer: {pfc_xoff_packets: 20}\n")).contains("buffer.pfc_xoff_packets: does not apply");
    assertThat(one("lb: ecmp\nreps: {x: 1}\n".replace("x", firstParam("reps")))).contains("does not apply, as lb is ecmp");
    assertThat(one("buffer: {bytes: 1MB, packets: 20}\n")).contains("buffer.bytes: does not apply");
  }

  private static String firstParam(String design) {
    for (Setting s : ScenarioSchema.settings()) {
      if (s.key().startsWith(design + ".")) {
        return s.key().substring(design.length() + 1);
      }
    }
    throw new AssertionError("no parameter of " + design);
  }

  @Test
  void aKeyWithAQuestionMarkIsSetOnlyWhereItApplies() throws IOException {
    String p = "reps." + firstParam("reps");
    String def = ScenarioSchema.get(p).defaultValue();
    Scenario ecmp = read("lb: ecmp\n", p + "?=" + def + "1");
    assertThat(ecmp.identity().values()).containsEntry(p, def);
    Scenario reps = read("lb: reps\n", p + "?=" + def + "1");
    assertThat(reps.identity().values()).containsEntry(p, def + "1");
    assertThat(read("sack:\n  threshold?: 9\n").identity().values()).containsEntry("sack.threshold", "3");
    assertThat(read("lr: sack\nsack:\n  threshold?: 9\n").identity().values()).containsEntry("sack.threshold", "9");
  }

  @Test
  void aKeyWithAQuestionMarkIsCheckedAlsoWhereItIsDropped() throws IOException {
    assertThat(one("lb: ecmp\n", "reps.evs?=0")).startsWith("--set reps.evs: invalid value (got '0'; allowed: an integer "
        + "from 1 to");
    assertThat(one("", "sack.trigger?=often")).startsWith("--set sack.trigger: invalid value (got 'often'");
    assertThat(one("", "buffer.red_kmin?=lots")).startsWith("--set buffer.red_kmin: invalid value (got 'lots'");
  }

  @Test
  void gridFilesCanReadTheSameYaml() throws IOException {
    Path g = dir.resolve("g.yaml");
    Files.writeString(g, "base: &b {topology: {k: 4}}\naxes:\n  transport.rate_coef: [1.0, 0.50]\nseeds: 3\n");
    var root = StrictYaml.readTree(g);
    assertThat(root.get("seeds").isIntegralNumber()).isTrue();
    assertThat(root.get("axes").get("transport.rate_coef").get(1).asText()).isEqualTo("0.50");
    assertThat(root.get("base").get("topology").get("k").asInt()).isEqualTo(4);
    Files.writeString(g, "seeds: 3\nseeds: 4\n");
    assertThatThrownBy(() -> StrictYaml.readTree(g)).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("g.yaml:2: seeds: duplicate key (first given on line 1");
  }

  @Test
  void keysThatApplyStillRead() throws IOException {
    assertThat(read("workload: {kind: incast, senders: 3, receiver: 2}\ntopology: {k: 4}\n").workload().senders())
        .isEqualTo(3);
    Scenario sack6 = read("lr: sack\nsack: {threshold: 6}\n");
    assertThat(org.lbsim.transport.SackSettings.bind(sack6.designs().lrParams()).threshold()).isEqualTo(6);
    assertThat(read("failures: {kind: drop, links: tor0-agg0}\ntopology: {k: 4}\n").identity().values())
        .containsEntry("failures.links", "tor0-agg0");
  }

  @Test
  void everyPresetPointReads() {
    for (org.lbsim.experiment.Preset p : org.lbsim.experiment.Presets.all()) {
      for (org.lbsim.experiment.GridPoint g : p.grid(1)) {
        List<String> all = new ArrayList<>(p.base());
        all.addAll(g.overrides());
        ScenarioReader.fromText("", "preset " + p.name(), null, g.name(), all);
      }
    }
  }

  @Test
  void everyShippedScenarioReads() throws IOException {
    try (var files = Files.list(Path.of("..", "scenarios"))) {
      for (Path f : files.filter(x -> x.toString().endsWith(".yaml")).toList()) {
        assertThat(ScenarioReader.read(f, List.of()).name()).isNotEmpty();
      }
    }
  }

  // ---- YAML ----

  @Test
  void duplicateKeysAreRefusedWithBothLines() throws IOException {
    assertThat(one("topology:\n  k: 4\n  k: 6\n")).isEqualTo(dir.resolve("s.yaml")
        + ":3: topology.k: duplicate key (first given on line 2; give each key once)");
  }

  @Test
  void aliasesAndMergeKeysWorkAsYamlDefinesThem() throws IOException {
    Scenario s = read("x: &t {k: 4}\n".replace("x:", "topology:") + "links: {rate_gbps: &r 400, latency_us: 1}\n"
        + "links:\n".replace("links:\n", "") + "buffer: {bytes: *r}\n".replace("*r", "800KB"));
    assertThat(s.topology().hosts()).isEqualTo(16);
    Scenario alias = read("topology: {k: &four 4}\nworkload: {kind: incast, senders: *four}\n");
    assertThat(alias.workload().senders()).isEqualTo(4);
    Scenario merged = read("lb: ecmp\ntopology:\n  <<: {k: 6, oversubscription: 2}\n  k: 4\n");
    assertThat(merged.identity().values()).containsEntry("topology.k", "4")
        .containsEntry("topology.oversubscription", "2");
  }

  @Test
  void numbersKeepTheirTextAndNanIsAnInvalidValue() throws IOException {
    Scenario s = read("transport: {rate_coef: 1.0}\nlinks: {latency_us: 0.50}\nbuffer: {red: off, int: off}\n");
    assertThat(s.identity().values()).containsEntry("transport.rate_coef", "1.0")
        .containsEntry("links.latency_us", "0.50").containsEntry("buffer.red", "off");
    assertThat(one("links: {rate_gbps: .nan}\n")).isEqualTo(dir.resolve("s.yaml")
        + ": links.rate_gbps: invalid value (got '.nan'; allowed: a number, finite and decimal, e.g. 0.5 or 1e-3)");
    assertThat(one("links: {rate_gbps: .inf}\n")).contains("got '.inf'");
  }

  @Test
  void aListOrScalarWhereASectionBelongsSaysSo() throws IOException {
    assertThat(one("topology: [1, 2]\n")).isEqualTo(dir.resolve("s.yaml")
        + ": topology: expected a mapping of topology.* keys (got a list)");
    assertThat(one("topology: 4\n")).contains("topology: expected a mapping of topology.* keys (got '4')");
    assertThat(one("- a\n- b\n")).contains("the top level must be a mapping");
  }

  @Test
  void longValuesAreCutAndLargeFilesRefusedUnread() throws IOException {
    String shown = one("lb: " + "x".repeat(500) + "\n");
    assertThat(shown).contains("'" + "x".repeat(77) + "...'").doesNotContain("x".repeat(78));
    Path big = dir.resolve("big.yaml");
    Files.writeString(big, "# " + "x".repeat(2_000_000) + "\n");
    assertThatThrownBy(() -> ScenarioReader.read(big, List.of())).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("big.yaml: 2.0 MB is larger than the 1 MiB an input file may be");
  }

  @Test
  void dotNamesAreRefused() throws IOException {
    assertThat(one("name: ..\n")).contains("name: invalid value (got '..'").contains("other than '.' and '..'");
    assertThat(one("name: .\n")).contains("got '.'");
  }

  // ---- referenced files ----

  @Test
  void aBadCmFileIsReportedWhenTheScenarioIsRead() throws IOException {
    cm("bad.cm", "Nodes 16\nConnections 1\n0->99 id 1 start 0 size 100\n");
    String p = one("topology: {k: 4}\nworkload: {kind: cm, file: bad.cm}\n");
    assertThat(p).startsWith(dir.resolve("bad.cm") + ":3: ");
  }

  // ---- extremes ----

  @Test
  void extremeValuesAreRefusedWithTheirLimits() throws IOException {
    assertThat(one("links: {rate_gbps: 1e-300}\n")).contains("links.rate_gbps").contains("1e6 Gb/s");
    assertThat(one("links: {rate_gbps: 1e-6}\n")).contains("links.rate_gbps").contains("fits in run.limit_ms");
    assertThat(one("packet: {payload: 2147483647}\n")).contains("packet.payload").contains("from 1 to 1048576");
    assertThat(one("topology: {k: 64}\nworkload: {kind: all-to-all}\n")).contains("workload.kind")
        .contains("at most 2147483647 flows").contains("4294901760");
    assertThat(one("topology: {kind: leaf-spine, hosts_per_leaf: 100000, leaves: 100000}\n"))
        .contains("topology.leaves").contains("at most 16777216 hosts");
    assertThat(one("topology: {oversubscription: 1000000}\n")).contains("topology.oversubscription")
        .contains("at most 131072");
    assertThat(one("topology: {k: 258}\n")).contains("from 2 to 256");
    assertThat(one("workload: {size: 1e15}\npacket: {payload: 1}\n")).contains("packets per flow");
  }

  @Test
  void aScenarioTooLargeForTheHeapIsRefusedWithTheHeapItNeeds() throws IOException {
    String p = one("topology: {k: 256}\n");
    assertThat(p).contains("the scenario needs about").contains("4194304 hosts").contains("this JVM has")
        .contains("LBSIM_JAVA_OPTS=-Xmx");
    MemoryEstimate e = new MemoryEstimate(128, 640, 16_256, 10_000);
    assertThat(e.bytes()).isEqualTo(MemoryEstimate.FIXED_BYTES + 128 * 512 + 640 * 640 + 16_256L * 448 + 10_000L * (104 + 40));
    assertThat(e.refusal(1L << 30)).isNull();
    assertThat(e.refusal(1L << 20)).startsWith("the scenario needs about 0.1 GiB (128 hosts, 16256 flows, 640 ports)");
  }
}
