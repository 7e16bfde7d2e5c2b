package org.lbsim.transport;

/**
 * A congestion control that reacts to congestion notification packets (DCQCN's reaction point).
 * The receivers of its run send a CNP for a CE-marked data packet, at most one per flow per the
 * design's interval ({@link CnpNotifier}); the sender hands each CNP that reaches it to
 * {@link #onCnp}.
 */
public interface CnpReactor extends CongestionControl {
  /** A congestion notification packet reached the sender at {@code nowPs}. */
  void onCnp(long nowPs);
}
