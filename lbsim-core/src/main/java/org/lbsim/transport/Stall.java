package org.lbsim.transport;

/**
 * A sender that broke the liveness rule: it had bytes left and nothing under way that could ever
 * move it again (no packet of it in the network or a NIC queue whose feedback would, no timer
 * armed that would send, no credit coming). Always a defect in lbsim, reported as a broken run
 * invariant, never as an unfinished flow.
 *
 * @param flow the flow, {@code src} to {@code dst}
 * @param atPs when the sender found itself stuck
 * @param why what it lacked
 * @param sent data packets it had sent
 * @param declaredLost data packets its recovery had declared lost
 * @param timeouts retransmission timeouts that had expired
 * @param inFlight packets its congestion control counted in flight
 * @param unacknowledged packets sent and not acknowledged, lost ones included
 */
public record Stall(int flow, int src, int dst, long atPs, String why, long sent, long declaredLost, long timeouts,
    long inFlight, long unacknowledged) {

  /** One line for the run's error, after {@code transport} (the run's cc and lr, in the scenario's words). */
  public String describe(String transport) {
    return String.format(java.util.Locale.ROOT,
        "flow %d (%d->%d) under %s stalled at %.3f us: %s (sent %d, declared lost %d, timeouts %d, in flight %d, "
            + "unacknowledged %d)", flow, src, dst, transport, atPs / 1e6, why, sent, declaredLost, timeouts, inFlight,
        unacknowledged);
  }
}
