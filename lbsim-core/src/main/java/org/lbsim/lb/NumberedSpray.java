package org.lbsim.lb;

import org.lbsim.net.Packet;

/**
 * Host packet spraying as the study's simulator numbers it: a flow's packets carry path ids 0, 1,
 * 2, … in the order they are sent, and the switches hash (flow id, path id, salt) as for any
 * entropy. Per flow this spreads like a random entropy per packet; across flows, packets with the
 * same number meet the same hash input but for the flow id. {@code profile: reference} uses it
 * for {@code lb: host-spray} (docs/reference-profile.md).
 */
public final class NumberedSpray implements PathPolicy {
  private int next;

  @Override
  public void choose(Packet p, long nowPs) {
    p.entropy = next++;
  }
}
