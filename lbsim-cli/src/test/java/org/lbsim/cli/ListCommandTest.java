package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.LrDesigns;
import org.lbsim.transport.cc.CcDesign;
import org.lbsim.transport.cc.CcDesigns;

/** {@code lbsim list} shows the three registries (lb, cc, lr), each design with its source, before the keys. */
class ListCommandTest {

  @Test
  void listsEveryCongestionControlAndLossRecoveryWithItsSource() {
    CliRunner.Outcome o = CliRunner.run("list");
    assertThat(o.code()).isZero();
    String out = o.out();
    int lb = out.indexOf("Load-balancing designs (lb):");
    int cc = out.indexOf("Congestion controls (cc):");
    int lr = out.indexOf("Loss recoveries (lr):");
    int keys = out.indexOf("Scenario keys");
    assertThat(lb).isGreaterThanOrEqualTo(0);
    assertThat(cc).isGreaterThan(lb);
    assertThat(lr).isGreaterThan(cc);
    assertThat(keys).isGreaterThan(lr);
    String ccBlock = out.substring(cc, lr);
    for (CcDesign d : CcDesigns.all()) {
      assertThat(ccBlock).contains("\n  " + String.format("%-14s %s", d.name(), d.summary()) + "\n")
          .contains("from: " + d.paper() + "\n");
    }
    String lrBlock = out.substring(lr, keys);
    for (LrDesign d : LrDesigns.all()) {
      assertThat(lrBlock).contains("\n  " + String.format("%-14s %s", d.name(), d.summary()) + "\n")
          .contains("from: " + d.source() + "\n");
    }
    assertThat(lrBlock).contains("keys: sack.threshold, sack.trigger, sack.fast_retransmit, sack.dupacks")
        .contains("keys: irn.bdp_cap, irn.rto_low_us, irn.rto_high_us, irn.low_packets");
  }
}
