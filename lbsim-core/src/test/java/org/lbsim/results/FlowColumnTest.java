package org.lbsim.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.lbsim.transport.FlowOutcome;

/** flows.csv's columns: every outcome field has one, and a row read back is the outcome written. */
class FlowColumnTest {
  private static final FlowOutcome O = FlowOutcome.builder().id(12).src(1).dst(2).bytes(3_000).startPs(40).finishPs(500)
      .receivedPs(450).packetsSent(6).packetsLost(7).meanRttPs(80).retransmissions(9).spuriousRetransmissions(10)
      .timeouts(11).build();

  @Test
  void aRowReadBackIsTheOutcomeWritten() {
    assertThat(FlowColumn.outcome(c -> c.of(O))).isEqualTo(O);
  }

  @Test
  void everyOutcomeFieldHasAColumnAndTheFctIsDerived() {
    // one column per record component, plus the derived FCT
    assertThat(FlowColumn.values()).hasSize(FlowOutcome.class.getRecordComponents().length + 1);
    assertThat(FlowColumn.FCT.of(O)).isEqualTo(460);
    assertThat(Arrays.stream(FlowColumn.values()).filter(FlowColumn::derived)).containsExactly(FlowColumn.FCT);
    assertThat(FlowColumn.outcome(c -> c == FlowColumn.FCT ? -999L : c.of(O))).as("fct_ps is not read").isEqualTo(O);
    assertThat(FlowColumn.headers()).startsWith("flow", "src", "dst", "bytes", "start_ps", "finish_ps", "fct_ps")
        .doesNotHaveDuplicates();
    assertThat(Arrays.stream(FlowColumn.values()).mapToLong(c -> c.of(O)).distinct().count())
        .as("each column holds its own field").isEqualTo(FlowColumn.values().length);
  }
}
