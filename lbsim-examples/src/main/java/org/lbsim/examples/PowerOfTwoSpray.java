package org.lbsim.examples;

import org.lbsim.engine.SplitMix;
import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Packet;

/**
 * Power-of-two-choices host spraying: a flow owns {@code entropies} path entropies; each packet
 * draws two of them at random and takes the one with fewer packets outstanding (sent, not yet
 * ACKed, NACKed or timed out). The switches hash the entropy with ECMP, as for host-spray.
 */
final class PowerOfTwoSpray implements PathPolicy {
  private final SplitMix random;
  private final int[] outstanding;

  PowerOfTwoSpray(SplitMix random, int entropies) {
    this.random = random;
    this.outstanding = new int[entropies];
  }

  @Override
  public void choose(Packet p, long nowPs) {
    int a = random.nextInt(outstanding.length);
    int b = random.nextInt(outstanding.length);
    p.entropy = outstanding[b] < outstanding[a] ? b : a;
  }

  @Override
  public void onSent(int entropy, long nowPs) {
    outstanding[entropy]++;
  }

  @Override
  public void onAck(int entropy, boolean congested, long nowPs) {
    settle(entropy);
  }

  @Override
  public void onNack(int entropy, long nowPs) {
    settle(entropy);
  }

  @Override
  public void onTimeout(int entropy, long nowPs) {
    settle(entropy);
  }

  private void settle(int entropy) {
    if (entropy >= 0 && entropy < outstanding.length && outstanding[entropy] > 0) {
      outstanding[entropy]--;
    }
  }
}
