package org.lbsim.transport;

/**
 * A receiver's part in congestion control, for the designs that give it one: the pacing of its
 * congestion notifications (DCQCN) and its pull credit (EQDS). Kept apart from {@link Receiver}
 * and made only for runs that use it, after every flow's own objects, so that in a run of another
 * design its fields do not lie, untouched, between the fields every data packet reads, nor
 * spread the flows' state over more memory (docs/architecture.md, "Memory layout rules").
 */
final class ReceiverControl {
  /** When the last CNP left (-1: none yet). */
  long lastCnpPs = -1;
  /** Pull credit: the pacer that grants this flow's pulls (null: the flow pulls nothing). */
  PullPacer pacer;
  /** Pulls granted so far; every ACK and NACK echoes it. */
  long pullNo;
  /** The highest pull target the sender announced. */
  long creditTarget;
  /** Pulls owed at retransmission priority (trimmed packets, requests to send). */
  long rtxOwed;
  int senderHost = -1;
  /** The host this flow is received at, which sends its pulls. */
  int receiverHost = -1;
  int lastEntropy;
  boolean inRtxQueue;
  boolean inActiveQueue;
}
