package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;
import org.lbsim.topo.FatTree;
import org.lbsim.topo.LeafSpine;

/** Host DR's rotation sets on several planes: every (plane, top switch), planes alternating. */
class DrPathsPlanesTest {
  @Test
  void everyPlaneSeesEveryCoreAndSuccessivePacketsAlternatePlanes() {
    DrPaths one = new DrPaths(new FatTree(4, 1));
    DrPaths two = new DrPaths(new FatTree(4, 1, 2));
    int[] cores = one.candidates(0, 8);
    int[] both = two.candidates(0, 8);
    assertThat(both).hasSize(2 * cores.length);
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < both.length; i++) {
      assertThat(both[i] >>> 24).as("slot %d's plane", i).isEqualTo(i % 2);
      assertThat(both[i] & 0xFFFFFF).isEqualTo(cores[i / 2] & 0xFFFFFF);
      seen.add(both[i]);
    }
    assertThat(seen).hasSize(both.length);
  }

  @Test
  void aPairUnderOneTorRotatesOverThePlanesOnly() {
    int[] local = new DrPaths(new LeafSpine(4, 2, 3, 4)).candidates(0, 1);
    assertThat(local).hasSize(4);
    for (int q = 0; q < 4; q++) {
      assertThat(local[q] >>> 24).isEqualTo(q);
      assertThat(local[q] & 0xFF).isEqualTo(0xFF); // no up port to choose at the leaf
    }
    assertThat(new DrPaths(new LeafSpine(4, 2, 3)).candidates(0, 1)).containsExactly(Packet.NO_ROUTE);
  }
}
