package org.lbsim.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TierReachTest {
  private static PortStats port(String tier, long bytes) {
    return new PortStats("p", tier, bytes, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  }

  /** 3 of 100 bytes left their leaf: the run says so, with the share; 10 of 100 is enough to stay silent. */
  @Test
  void saysSoWhenFewBytesLeaveTheirLeaf() {
    assertThat(TierReach.note(List.of(port("host-up", 60), port("host-up", 40), port("leaf-up", 3),
        port("spine-down", 3)))).startsWith("note: only 3.0 % of the bytes the hosts sent left their leaf (leaf-up)");
    assertThat(TierReach.note(List.of(port("host-up", 100), port("tor-up", 10), port("agg-up", 2)))).isNull();
    assertThat(TierReach.note(List.of(port("host-up", 100), port("tor-up", 0))))
        .startsWith("note: only 0.0 % of the bytes the hosts sent left their ToR (tor-up)");
  }

  /** No traffic, or no switch above the hosts' first one: nothing to say. */
  @Test
  void silentWithoutTrafficOrUpperTier() {
    assertThat(TierReach.note(List.of(port("host-up", 0), port("tor-up", 0)))).isNull();
    assertThat(TierReach.note(List.of(port("host-up", 100), port("tor-down", 100)))).isNull();
  }
}
