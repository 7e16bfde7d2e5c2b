package org.lbsim.net;

/**
 * A host: one NIC (an unbounded egress port towards its ToR) and a transport stack that
 * consumes the packets addressed to it.
 */
public final class Host implements Node {
  private final int id;
  private EgressPort nic;
  private Node stack;

  public Host(int id) {
    this.id = id;
  }

  public int id() {
    return id;
  }

  public void setNic(EgressPort nic) {
    this.nic = nic;
  }

  public EgressPort nic() {
    return nic;
  }

  public void setStack(Node stack) {
    this.stack = stack;
  }

  /** Hands a packet created by this host's transport to its NIC. */
  public void send(Packet p) {
    nic.enqueue(p);
  }

  @Override
  public void receive(Packet p) {
    stack.receive(p);
  }
}
