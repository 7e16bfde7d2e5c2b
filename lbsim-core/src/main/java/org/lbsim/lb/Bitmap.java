package org.lbsim.lb;

import org.lbsim.engine.SplitMix;
import org.lbsim.net.Packet;

/**
 * The Ultra Ethernet bitmap load balancer (UEC 1.0's oblivious spraying with path avoidance, as
 * UEC htsim implements it in {@code UecMpBitmap}). A flow sprays over a fixed set of
 * {@code entropies} EVs in a shuffled round robin, and keeps a small penalty counter per EV
 * (the "bitmap"): EVs that recently saw trouble are skipped until their penalty has aged out.
 *
 * <p>The rule implemented, as in htsim:
 * <ul>
 *   <li>Order: a round visits every EV exactly once, in the order {@code i XOR x} for
 *       i = 0, 1, …, where x is redrawn at random at every wrap. (htsim needs a power of two;
 *       here any count works: the XOR runs over the next power of two and values ≥ the count are
 *       passed over, which is htsim's sequence exactly when the count is a power of two.)
 *   <li>Penalties: an ECN-marked ACK adds {@code ecn_penalty} (1), a NACK {@code nack_penalty}
 *       (4), a timeout sets it to {@code max_penalty} (15); the counter saturates at
 *       {@code max_penalty}. A clean ACK changes nothing.
 *   <li>Choice and aging: at each send, take the next EV of the order; while it has a positive
 *       penalty, skip to the following one. Only the first EV skipped at a send is aged (its
 *       penalty drops by one), so an EV with penalty p is passed over the next p times the
 *       rotation offers it first. If a whole round is penalized the search gives up and uses
 *       the EV it stopped at.
 *   <li>The EV on the wire carries random per-flow upper bits above the index (htsim's
 *       {@code _path_random}), so flows do not share label values.
 * </ul>
 */
final class Bitmap implements PathPolicy {
  private final SplitMix random;
  private final int n;
  private final int mask; // next power of two ≥ n, minus one
  private final int upper;
  private final byte[] penalty;
  private final int maxPenalty;
  private final int ecnPenalty;
  private final int nackPenalty;
  private int index;
  private int xor;
  private int skipped; // EVs with a positive penalty

  Bitmap(SplitMix random, int entropies, int maxPenalty, int ecnPenalty, int nackPenalty) {
    if (entropies < 1 || entropies > 1 << 16) {
      throw new IllegalArgumentException("bitmap entropies must be in 1..65536, got " + entropies);
    }
    if (maxPenalty < 1 || maxPenalty > 127) {
      throw new IllegalArgumentException("bitmap max penalty must be in 1..127, got " + maxPenalty);
    }
    this.random = random;
    this.n = entropies;
    this.mask = entropies == 1 ? 0 : (Integer.highestOneBit(entropies - 1) << 1) - 1;
    this.upper = random.nextInt(0xffff) & ~mask;
    this.xor = random.nextInt(mask + 1);
    this.penalty = new byte[entropies];
    this.maxPenalty = maxPenalty;
    this.ecnPenalty = ecnPenalty;
    this.nackPenalty = nackPenalty;
  }

  @Override
  public void choose(Packet p, long nowPs) {
    int e = current();
    boolean first = true;
    int counter = 0;
    while (penalty[e] > 0) {
      if (first) {
        if (--penalty[e] == 0) {
          skipped--;
        }
        first = false;
      }
      if (++counter > n) {
        break;
      }
      step();
      e = current();
    }
    step();
    p.entropy = upper | e;
  }

  /** The EV at the rotation pointer, passing over values beyond the count. */
  private int current() {
    int e;
    while ((e = (index ^ xor) & mask) >= n) {
      step();
    }
    return e;
  }

  private void step() {
    if (++index > mask) {
      index = 0;
      xor = random.nextInt(mask + 1);
    }
  }

  @Override
  public void onAck(int entropy, boolean congested, long nowPs) {
    if (congested) {
      penalize(entropy, ecnPenalty);
    }
  }

  @Override
  public void onNack(int entropy, long nowPs) {
    penalize(entropy, nackPenalty);
  }

  @Override
  public void onTimeout(int entropy, long nowPs) {
    penalize(entropy, maxPenalty);
  }

  private void penalize(int entropy, int amount) {
    int e = entropy & mask;
    if (e >= n || amount <= 0) {
      return;
    }
    if (penalty[e] == 0) {
      skipped++;
    }
    penalty[e] = (byte) Math.min(maxPenalty, penalty[e] + amount);
  }

  /** Current penalty of the EV whose index is {@code ev}. */
  int penalty(int ev) {
    return penalty[ev & mask];
  }

  /** EVs currently marked bad. */
  int skippedCount() {
    return skipped;
  }

  /** The index part of an entropy value this policy put on a packet. */
  int indexOf(int entropy) {
    return entropy & mask;
  }
}
