package org.lbsim.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.workload.NcclCollective;
import org.lbsim.workload.NcclCollective.Algorithm;
import org.lbsim.workload.NcclCollective.Op;
import org.lbsim.workload.NcclProtocol;
import org.lbsim.workload.PipelinedSend;

/** A rank's end joins only the pieces of it that no piece of it waits for, and these imply all its pieces. */
class NcclGraphTest {
  /** 64 B per hop in 8 slots: 8-byte slots, ring chunks of up to 32 B, so a few hundred bytes take several loops. */
  private static final NcclProtocol SMALL = new NcclProtocol(64, 8);

  @Test
  void everyPieceOfAPositionHasArrivedWhenItsLastPiecesHave() {
    for (Op op : Op.values()) {
      for (Algorithm algorithm : Algorithm.values()) {
        for (long bytes : new long[] {8, 100, 700}) {
          int n = 5;
          List<PipelinedSend> plan = NcclCollective.plan(op, algorithm, n, bytes, SMALL);
          int[][] last = NcclGraph.lastPieces(plan, n);
          for (int p = 0; p < n; p++) {
            BitSet implied = new BitSet();
            for (int k : last[p]) {
              ancestors(plan, k, implied);
            }
            for (int i = 0; i < plan.size(); i++) {
              PipelinedSend s = plan.get(i);
              if (s.from() == p || s.to() == p) {
                assertThat(implied.get(i)).as("%s %s %d B: position %d, piece %d", op, algorithm, bytes, p, i).isTrue();
              }
            }
            assertThat(last[p].length).as("%s %s %d B: position %d", op, algorithm, bytes, p)
                .isPositive().isLessThanOrEqualTo(2 * SMALL.steps() + 2);
          }
        }
      }
    }
  }

  /** Piece k and every piece it waits for, directly or not. */
  private static void ancestors(List<PipelinedSend> plan, int k, BitSet into) {
    if (into.get(k)) {
      return;
    }
    into.set(k);
    for (int j = 0; j < plan.get(k).afterCount(); j++) {
      ancestors(plan, plan.get(k).after(j), into);
    }
  }
}
