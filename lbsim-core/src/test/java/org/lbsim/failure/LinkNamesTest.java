package org.lbsim.failure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lbsim.engine.Simulator;
import org.lbsim.lb.Ecmp;
import org.lbsim.net.EgressPort;
import org.lbsim.topo.Fabric;
import org.lbsim.topo.FabricSettings;
import org.lbsim.topo.FatTree;
import org.lbsim.topo.LeafSpine;
import org.lbsim.topo.TestShapes;
import org.lbsim.topo.TierLink;
import org.lbsim.topo.Topology;

/** Link names come from the topology's switches and cables, so they name exactly the cables the fabric wires. */
class LinkNamesTest {
  private static final TierLink LINK = new TierLink(800_000_000_000L, 500_000);

  @Test
  void everyLinkNamesTwoPortsOfTheFabricAndEveryCableIsOneLink() {
    for (Topology t : List.of(new FatTree(4, 1), new FatTree(6, 2), new FatTree(4, 1, 2), new LeafSpine(2, 4, 3),
        new LeafSpine(2, 3, 2, 2), new TestShapes.RotatedLeafSpine(2, 3, 4, 2),
        new TestShapes.UnevenClos(1, 2, 3, 2, 2, 1))) {
      Fabric f = Fabric.build(new Simulator(1), t, new FabricSettings(LINK, LINK, LINK, 800_000, 0.5, 20),
          sw -> new Ecmp());
      Set<String> cablePorts = new HashSet<>();
      for (EgressPort p : f.ports()) {
        if (!p.name().matches("(.*>)?h\\d+(>.*)?")) { // not a host's cable
          cablePorts.add(p.name());
        }
      }
      Links links = new Links(t);
      Set<String> named = new HashSet<>();
      for (int id = 0; id < links.count(); id++) {
        assertThat(links.parse(links.name(id))).as("%s: %s", t, links.name(id)).isEqualTo(id);
        named.addAll(List.of(links.portNames(id)));
      }
      assertThat(named).as("%s", t).isEqualTo(cablePorts);
    }
  }

  @Test
  void aSwitchsLinksAreThoseNamingIt() {
    for (Topology t : List.of(new FatTree(4, 1), new FatTree(6, 2, 2), new LeafSpine(2, 4, 3),
        new TestShapes.RotatedLeafSpine(2, 3, 4, 1), new TestShapes.UnevenClos(1, 2, 3, 2, 2, 2))) {
      Links links = new Links(t);
      String prefix = t.planes() == 1 ? "" : "p1.";
      for (int tier = 1; tier < t.tiers(); tier++) {
        for (int i = 0; i < t.switches(tier); i++) {
          String sw = prefix + t.switchKind(tier) + i;
          List<Integer> ends = new ArrayList<>();
          for (int id = 0; id < links.count(); id++) {
            String name = links.name(id);
            boolean lower = List.of(name.split("-")).contains(sw);
            boolean upper = name.startsWith(prefix) && name.endsWith("-" + sw.substring(prefix.length()));
            if (lower || upper) {
              ends.add(id);
            }
          }
          assertThat(links.ofSwitch(sw)).as("%s: %s", t, sw).containsExactlyInAnyOrderElementsOf(ends);
        }
      }
      assertThat(links.ofSwitch(prefix + t.switchKind(0) + "0")).isNull(); // a ToR's links are named by their other end
    }
  }
}
