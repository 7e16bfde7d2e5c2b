package org.lbsim.lb;

import org.lbsim.engine.SplitMix;
import org.lbsim.net.Packet;

/**
 * Subflow load balancing (MPTCP-style; the study's Subflow, 4 subflows): the flow is split into
 * N subflows, each with its own fixed random entropy that the switches ECMP-hash, and packet i
 * goes on subflow i mod N.
 *
 * <p>Why one policy can stand for N subflows: under the ideal constant-rate sender, N subflows
 * each paced at 1/N of the flow's rate, with their start offsets interleaved, emit exactly this
 * round-robin sequence. With a window-based congestion control each subflow would need its own
 * window and loss recovery (MPTCP's coupled subflows); this class would then have to become N
 * separate senders and is not enough on its own.
 */
final class Subflow implements PathPolicy {
  private final int[] entropies;
  private int next;

  Subflow(int count, SplitMix random) {
    if (count < 1) {
      throw new IllegalArgumentException("subflow count must be >= 1, got " + count);
    }
    entropies = new int[count];
    for (int i = 0; i < count; i++) {
      entropies[i] = random.nextInt();
    }
  }

  @Override
  public void choose(Packet p, long nowPs) {
    p.entropy = entropies[next];
    next = next + 1 == entropies.length ? 0 : next + 1;
  }

  /** The subflows' entropies, in the order packets use them. */
  int[] entropies() {
    return entropies.clone();
  }
}
