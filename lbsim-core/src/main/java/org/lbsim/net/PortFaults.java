package org.lbsim.net;

/**
 * What impairs a port's link (attached only to ports that have one of these): losses after
 * serialization ({@link LossModel}: a lossy or flaky link), a failure that swallows packets
 * ({@link PortFault}: a black hole, a flaky failed link), a hold (a failed link that queues what
 * it is given) and rate changes (a degraded link). A port with faults is event-driven.
 */
final class PortFaults {
  LossModel loss; // null: no losses
  PortFault fault; // null: healthy
  boolean held;
  private double lineCapacityBefore; // bytes the line could carry before its latest rate change
  private long rateSincePs; // when the line got its current rate

  /** Whether the packet that has just been serialized at {@code now} is lost (loss model first, then the fault). */
  boolean swallows(Packet p, long now) {
    return (loss != null && loss.drops(now)) || (fault != null && fault.swallows(p, now));
  }

  /** The line, which ran at {@code oldBitsPerSecond}, changes rate at {@code now}. */
  void rateChanged(long oldBitsPerSecond, long now) {
    lineCapacityBefore += oldBitsPerSecond / 8e12 * (now - rateSincePs);
    rateSincePs = now;
  }

  /** The bytes the line could have carried over [0, now] at {@code bitsPerSecond}, its rate since the latest change. */
  double lineCapacityUntil(long now, long bitsPerSecond) {
    return bitsPerSecond / 8e12 * (now - rateSincePs) + lineCapacityBefore;
  }
}
