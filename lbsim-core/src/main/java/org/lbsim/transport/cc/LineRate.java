package org.lbsim.transport.cc;

import org.lbsim.transport.CongestionControl;

/** No congestion control: every flow offers one packet per line-rate slot; only the NIC holds it back. */
public final class LineRate implements CongestionControl {
  private final long slotPs;

  public LineRate(long lineSlotPs) {
    this.slotPs = lineSlotPs;
  }

  @Override
  public boolean steadyGap() {
    return true; // the gap follows feedback only
  }

  @Override
  public long pacingGapPs(long nowPs) {
    return slotPs;
  }
}
