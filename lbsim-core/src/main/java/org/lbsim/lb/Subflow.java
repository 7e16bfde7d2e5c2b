package org.lbsim.lb;

import org.lbsim.engine.SplitMix;
import org.lbsim.net.Packet;

/**
 * Coded subflows, the default profile's form of {@code lb: subflow}: the flow is split into N
 * subflows, each with its own fixed random entropy that the switches ECMP-hash, and packet i goes
 * on subflow i mod N. The subflows are paths of one flow: one sender, one receiver and one erasure
 * target shared by all N, so packets that arrive over a fast subflow count for a slow one.
 *
 * <p>Why one policy can stand for N paths: under the ideal constant-rate sender, N subflows each
 * paced at 1/N of the flow's rate, with their start offsets interleaved, emit exactly this
 * round-robin sequence. With a window-based congestion control the N paths share the flow's
 * one window and loss recovery (MPTCP gives each subflow its own).
 *
 * <p>Under {@code profile: reference} the design runs as the study's simulator runs
 * {@code -subflows N} instead: N independent connections per flow, each with its own sender,
 * receiver, erasure target, start and id (so its own ECMP hash), the flow done with its slowest
 * ({@code transport.SubflowSplit}); this policy is then not used.
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
