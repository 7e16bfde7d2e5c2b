package org.lbsim.lb;

import org.lbsim.net.Packet;

/**
 * Host packet spraying as the study's simulator numbers it: a flow's packets carry path ids 0, 1,
 * 2, … in the order they are sent, and the switches hash (flow id, path id, salt) as for any
 * entropy. Per flow this spreads like a random entropy per packet; across flows, packets with the
 * same number meet the same hash input but for the flow id. {@code profile: reference} uses it
 * for {@code lb: host-spray} (docs/reference-profile.md).
 *
 * <p>Only a packet sent at the flow's send point moves the path id on. A resend from a loss
 * recovery's queue carries the id the next such packet will carry, without moving it, and a
 * retransmission timeout moves it on by one: so after a flow's last new packet, every resend
 * until a timeout takes the same path ({@code htsim_constcca}'s SACK sender:
 * {@code ConstantCcaSubflowSrc::retransmit_packet} sends on {@code _pathid}, which only
 * {@code send_next_packet} and the timeout's {@code doNextEvent} move).
 */
public final class NumberedSpray implements PathPolicy {
  private int next;

  @Override
  public void choose(Packet p, long nowPs) {
    p.entropy = next++;
  }

  @Override
  public void chooseResend(Packet p, long nowPs) {
    p.entropy = next;
  }

  @Override
  public void onTimeout(int entropy, long nowPs) {
    next++;
  }
}
