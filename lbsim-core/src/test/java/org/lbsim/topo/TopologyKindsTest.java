package org.lbsim.topo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.scenario.Applicability;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioSchema;

/** The topology registry: the names the schema offers, which keys apply under each kind, what each builds. */
class TopologyKindsTest {

  @Test
  void theSchemaOffersExactlyTheRegistryInItsOrder() {
    assertThat(ScenarioSchema.get("topology.kind").choices()).containsExactly("fat-tree", "leaf-spine", "rail-optimized");
    assertThat(ScenarioSchema.get("topology.kind").defaultValue()).isEqualTo("fat-tree");
    for (String name : ScenarioSchema.get("topology.kind").choices()) {
      TopologyKind t = TopologyKinds.find(name);
      assertThat(t).as(name).isNotNull();
      assertThat(t.name()).isEqualTo(name);
      assertThat(t.summary()).as(name).contains(": ");
      assertThat(t.source()).as(name).isNotBlank();
      assertThat(ScenarioSchema.get("topology.kind").meaning()).contains(name + " = ");
    }
    assertThat(TopologyKinds.find("torus")).isNull();
  }

  @Test
  void aKindsKeysApplyOnlyUnderIt() {
    for (TopologyKind t : TopologyKinds.all()) {
      for (String key : t.keys()) {
        assertThat(ScenarioSchema.get(key)).as(key).isNotNull();
        assertThat(Applicability.of(key).governing()).as(key).containsExactly("topology.kind");
        for (TopologyKind other : TopologyKinds.all()) {
          boolean applies = Applicability.whyNot(key, values("topology.kind", other.name())) == null;
          assertThat(applies).as("%s under %s", key, other.name()).isEqualTo(other.keys().contains(key));
        }
      }
    }
    assertThat(Applicability.of("topology.k").when()).isEqualTo("topology.kind is fat-tree");
    assertThat(Applicability.of("topology.spines").when()).isEqualTo("topology.kind is leaf-spine or rail-optimized");
    assertThat(TopologyKinds.all().stream().filter(TopologyKind::rails).map(TopologyKind::name))
        .containsExactly("rail-optimized");
  }

  @Test
  void eachKindBuildsItsFabricFromItsKeys() {
    assertThat(topology("topology.k=4", "topology.oversubscription=2")).isEqualTo(new FatTree(4, 2));
    assertThat(topology("topology.kind=leaf-spine", "topology.hosts_per_leaf=3", "topology.leaves=5",
        "topology.spines=2")).isEqualTo(new LeafSpine(3, 5, 2));
    // a rail switch per rail, holding one NIC of every server, is a leaf
    assertThat(topology("topology.kind=rail-optimized", "topology.servers=2", "topology.rails=8", "topology.spines=4"))
        .isEqualTo(new LeafSpine(2, 8, 4));
    // with scalable units, each unit has its own rail switch per rail
    assertThat(topology("topology.kind=rail-optimized", "topology.servers=6", "topology.rails=8", "topology.units=3",
        "topology.spines=4")).isEqualTo(new LeafSpine(2, 24, 4));
  }

  @Test
  void nicRailOfServerSIsOnItsUnitsRailSwitch() {
    int servers = 12;
    int rails = 4;
    int units = 3;
    LeafSpine t = (LeafSpine) topology("topology.kind=rail-optimized", "topology.servers=" + servers,
        "topology.rails=" + rails, "topology.units=" + units, "topology.spines=4");
    org.lbsim.training.Cluster cluster = new org.lbsim.training.Cluster(servers, rails, true);
    for (int s = 0; s < servers; s++) {
      for (int r = 0; r < rails; r++) {
        assertThat(cluster.host(s, r) / t.hostsPerLeaf()).as("server %d rail %d", s, r)
            .isEqualTo(r * units + s / (servers / units));
      }
    }
  }

  @Test
  void unitsThatDoNotDivideTheServersAreRefused() {
    List<String> problems = new ArrayList<>();
    assertThat(TopologyKinds.find("rail-optimized").factory().build(keys(Map.of("topology.servers", "16",
        "topology.rails", "8", "topology.units", "3", "topology.spines", "4"), problems))).isNull();
    assertThat(problems).containsExactly("topology.units=3: a divisor of topology.servers = 16 (every unit holds the "
        + "same number of servers)");
  }

  @Test
  void aFactoryReportsEachBadKeyAndBuildsNothing() {
    List<String> problems = new ArrayList<>();
    assertThat(TopologyKinds.find("fat-tree").factory().build(keys(Map.of("topology.k", "5",
        "topology.oversubscription", "1"), problems))).isNull();
    assertThat(problems).containsExactly("topology.k=5: an even integer from 2 to 256 (k = 8 gives 128 hosts)");
    problems.clear();
    assertThat(TopologyKinds.find("rail-optimized").factory().build(keys(Map.of("topology.servers", "100000",
        "topology.rails", "1000", "topology.units", "1", "topology.spines", "300"), problems))).isNull();
    assertThat(problems).containsExactly(
        "topology.spines=300: an integer from 1 to 255 (a source route names a spine in one byte)");
    problems.clear();
    assertThat(TopologyKinds.find("leaf-spine").factory().build(keys(Map.of("topology.hosts_per_leaf", "100000",
        "topology.leaves", "1000", "topology.spines", "4"), problems))).isNull();
    assertThat(problems).containsExactly("topology.leaves=1000: a fabric of at most 16777216 hosts (this one would "
        + "have 100000000)");
  }

  private static Topology topology(String... overrides) {
    return ScenarioReader.fromText("", "test", Path.of("."), "test", List.of(overrides)).topology();
  }

  private static Map<String, String> values(String key, String value) {
    Map<String, String> v = new java.util.HashMap<>();
    for (org.lbsim.scenario.Setting s : ScenarioSchema.settings()) {
      v.put(s.key(), s.defaultValue());
    }
    v.put(key, value);
    return v;
  }

  /** Integer keys as the reader reads them: a value below {@code min} or unreadable is reported. */
  private static TopologyKind.Keys keys(Map<String, String> v, List<String> problems) {
    return new TopologyKind.Keys() {
      @Override
      public String text(String key) {
        return v.get(key);
      }

      @Override
      public int integer(String key, int min) {
        int x = Integer.parseInt(v.get(key));
        if (x < min) {
          bad(key, v.get(key), "at least " + min);
          return Integer.MIN_VALUE;
        }
        return x;
      }

      @Override
      public void bad(String key, String value, String allowed) {
        problems.add(key + "=" + value + ": " + allowed);
      }
    };
  }
}
