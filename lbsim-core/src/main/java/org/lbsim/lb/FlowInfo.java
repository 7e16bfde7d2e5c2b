package org.lbsim.lb;

/** What a host path policy may ask about the flow it serves. */
public interface FlowInfo {
  int flow();

  int src();

  int dst();

  /** The sender's nominal gap between data packets. */
  long pacingGapPs();

  /** The sender's current retransmission timeout. */
  long rtoPs();
}
