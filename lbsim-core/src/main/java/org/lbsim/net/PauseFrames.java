package org.lbsim.net;

/**
 * The PFC frames a port carries for the port at the other end of its cable ({@code target}, which
 * they pause and resume), attached only in a lossless fabric. A frame waits for the packet being
 * serialized, then goes ahead of the queued data (and is sent even while its own port is paused,
 * as MAC control frames are). XOFF and XON alternate, so a count and the kind of the oldest
 * pending frame describe the whole FIFO.
 */
final class PauseFrames {
  /** The port these frames pause and resume. */
  final EgressPort target;
  private int pending;
  private boolean nextIsXoff;
  private long sent;

  PauseFrames(EgressPort target) {
    this.target = target;
  }

  /** Queues an XOFF ({@code xoff}) or XON frame. */
  void add(boolean xoff) {
    if (pending == 0) {
      nextIsXoff = xoff;
    }
    pending++;
  }

  /** Takes the oldest pending frame: whether it is an XOFF. */
  boolean next() {
    boolean xoff = nextIsXoff;
    nextIsXoff = !xoff;
    pending--;
    sent++;
    return xoff;
  }

  int pending() {
    return pending;
  }

  /** Frames serialized so far. */
  long sent() {
    return sent;
  }
}
