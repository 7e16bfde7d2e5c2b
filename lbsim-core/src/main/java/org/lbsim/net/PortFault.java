package org.lbsim.net;

/**
 * A fault on a link direction (a black hole, a flaky link), consulted for every packet the port
 * has just serialized: the link time is spent either way, as in the study's simulator, whose
 * failed ports serialize and then discard (so they look empty to queue-based load balancers).
 */
public interface PortFault {
  /** Whether the packet that finished serializing at {@code nowPs} is lost. */
  boolean swallows(Packet p, long nowPs);
}
