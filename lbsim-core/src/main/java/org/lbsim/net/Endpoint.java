package org.lbsim.net;

/**
 * The end of a flow a packet travels to: a data packet's receiver, an acknowledgement's or
 * control packet's sender. The transport stores it in {@link Packet#endpoint} when it makes the
 * packet, so that the host hands the packet over without looking the flow up.
 */
public interface Endpoint {
  /** Takes {@code p}, which has reached this end's host at {@code nowPs}; the end releases it. */
  void deliver(Packet p, long nowPs);
}
