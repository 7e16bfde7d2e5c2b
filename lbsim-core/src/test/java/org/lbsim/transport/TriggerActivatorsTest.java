package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.FlowTriggers;

class TriggerActivatorsTest {
  private static FlowSpec flow(int id, FlowTriggers t) {
    return new FlowSpec(id, 0, 1, 4096, 0, null, 0, null, t);
  }

  /**
   * Each trigger lists the flows that activate it, in id order, whether they activate it when
   * sent or when received, and a flow that activates one trigger both ways once.
   */
  @Test
  void everyTriggerListsItsActivatorsInIdOrderEachOnce() {
    List<FlowSpec> flows = List.of(
        flow(0, new FlowTriggers(-1, false, 1, -1, 0)), // activates 1 when sent
        flow(1, new FlowTriggers(1, false, -1, 0, 1)), // waits for 1, activates 0 when received
        flow(2, new FlowTriggers(-1, false, 1, 1, 2)), // activates 1 both ways: listed once
        flow(3, new FlowTriggers(0, false, -1, -1, 3)), // only waits
        flow(4, FlowTriggers.NONE));
    TriggerActivators a = TriggerActivators.of(flows);
    assertThat(a.of(0)).containsExactly(1);
    assertThat(a.of(1)).containsExactly(0, 2);
    assertThat(a.of(2)).isEmpty();
    assertThat(a.of(-1)).isEmpty();
  }
}
