package org.lbsim.workload;

import java.util.Arrays;

/**
 * One piece of a pipelined collective on one hop: {@code bytes} from group position {@code from}
 * to position {@code to}, once every send of {@code after} (indices in the collective's list) has
 * arrived: the piece it forwards or reduces, and the piece whose slot it takes on its hop.
 *
 * @param round the send's place in its hop's order; sends of one position with the same round run
 *     side by side and share its link
 */
public record PipelinedSend(int from, int to, long bytes, int[] after, int round) {
  public PipelinedSend {
    after = after.clone();
  }

  @Override
  public int[] after() {
    return after.clone();
  }

  public int afterCount() {
    return after.length;
  }

  public int after(int i) {
    return after[i];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PipelinedSend s && s.from == from && s.to == to && s.bytes == bytes && s.round == round
        && Arrays.equals(s.after, after);
  }

  @Override
  public int hashCode() {
    return ((from * 31 + to) * 31 + Long.hashCode(bytes)) * 31 + Arrays.hashCode(after) + round;
  }

  @Override
  public String toString() {
    return from + "->" + to + " " + bytes + " B after " + Arrays.toString(after) + " round " + round;
  }
}
