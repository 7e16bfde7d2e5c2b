package org.lbsim.net;

/** Something a link delivers packets to: a switch or a host. */
public interface Node {
  void receive(Packet p);
}
