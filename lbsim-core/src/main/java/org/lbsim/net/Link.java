package org.lbsim.net;

/**
 * One direction of a cable: its propagation delay and the node at its far end. The packets in
 * propagation travel in the FIFO of the {@link EgressPort} that feeds the cable, which also
 * delivers them (one pending event per busy cable, for its head packet): a hop touches the port
 * object, never a link object.
 */
public final class Link {
  private final long latencyPs;
  private Node to;
  private EgressPort source; // the port that feeds this link
  private CableEnd farEnd; // its end in another partition of the run (null: both ends lie in one)

  public Link(long latencyPs) {
    if (latencyPs < 0) {
      throw new IllegalArgumentException("link latency must be >= 0 ps, got " + latencyPs);
    }
    this.latencyPs = latencyPs;
  }

  public void connectTo(Node node) {
    this.to = node;
    if (source != null) {
      source.connected(node);
    }
  }

  /** The port feeding this link; it delivers what it sends to the link's far end. */
  void attach(EgressPort port) {
    this.source = port;
    if (to != null) {
      port.connected(to);
    }
  }

  public Node to() {
    return to;
  }

  /** The far end lies in another partition of the run: {@code end} receives the packets there. */
  void landIn(CableEnd end) {
    this.farEnd = end;
  }

  CableEnd farEnd() {
    return farEnd;
  }

  public long latencyPs() {
    return latencyPs;
  }
}
