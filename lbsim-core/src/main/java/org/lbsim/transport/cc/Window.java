package org.lbsim.transport.cc;

/** Shared window arithmetic: a window in (fractional) packets gates the packets in flight. */
final class Window {
  private Window() {}

  /**
   * A window of {@code cwnd} packets admits another packet while fewer than ⌊cwnd⌋ are in
   * flight; below one packet it still admits one at a time (the pacing gap then stretches).
   */
  static boolean admits(double cwnd, long inFlight) {
    return inFlight < Math.max(1L, (long) cwnd);
  }

  /** Gap that spreads a window below one packet over {@code rttPs}: rtt / cwnd, never below a line slot. */
  static long gapPs(double cwnd, long rttPs, long lineSlotPs) {
    if (cwnd >= 1) {
      return lineSlotPs;
    }
    return Math.max(lineSlotPs, (long) (rttPs / cwnd));
  }
}
