package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * A receiver's part in its flow's congestion control, for the controls that need one: the
 * congestion notifications of a {@link CnpReactor} ({@link CnpNotifier}), the pull credit of a
 * {@link PullCredited} control ({@link PullCredit}), or a design's own {@link CcReceiver}
 * ({@link PartControl}). Made only for the runs that use it, after every flow's own objects, so
 * that in a run of another design a receiver carries one null reference and no further state
 * (docs/architecture.md, "Memory layout rules"). The two built-in parts are not {@link
 * CcReceiver}s: a CNP leaves without consulting the ACK path policy and counts as a CNP, and pull
 * credit is paced per receiving host and echoed by every ACK, neither of which the one
 * {@link ControlChannel} does.
 */
abstract class ReceiverControl {
  /** A data packet reached receiver {@code r} at {@code nowPs}, before its recovery records it. */
  abstract void onData(Receiver r, Packet p, long nowPs);

  /** A request to send reached receiver {@code r} (only credit-driven senders send one). */
  void onRts(Receiver r, Packet p, long nowPs) {}

  /** The pulls granted so far, which every ACK and NACK echoes; 0 = none (no pull credit). */
  long pullNo() {
    return 0;
  }
}
