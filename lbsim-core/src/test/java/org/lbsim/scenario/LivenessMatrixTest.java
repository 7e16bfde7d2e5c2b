package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.experiment.LivenessMatrix;
import org.lbsim.transport.cc.CcDesigns;

/**
 * Every pairing is live ({@link LivenessMatrix#small()}): every congestion control with every
 * loss recovery, every SACK trigger and both fast-retransmit settings, in 8 situations on k = 4.
 * Every flow finishes and every run invariant holds, the liveness rule among them. The larger
 * variant is {@code lbsim-bench/run-liveness.sh}.
 */
class LivenessMatrixTest {
  @Test
  void everyCcWithEveryRecoveryFinishesEverySituation() throws Exception {
    LivenessMatrix m = LivenessMatrix.small();
    List<List<String>> all = m.combinations();
    long start = System.nanoTime();
    List<String> bad = m.failures(Runtime.getRuntime().availableProcessors());
    System.out.printf("liveness matrix: %d combinations (%d situations x %d cc x %d lr), %d not live, %.1f s%n",
        all.size(), m.situations().size(), CcDesigns.all().size(), LivenessMatrix.recoveries().size(), bad.size(),
        (System.nanoTime() - start) / 1e9);
    assertThat(bad).as("combinations that did not finish live").isEmpty();
    assertThat(LivenessMatrix.recoveries()).as("erasure, gbn, irn and sack x 3 triggers x 2").hasSize(9);
    assertThat(all).hasSize(8 * CcDesigns.all().size() * 9);
  }
}
