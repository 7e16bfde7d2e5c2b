package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Host;

/**
 * The fields of a {@link Sender} that its pacing slot and its ACK handling read, declared in a
 * superclass because the JVM lays out a superclass's fields first: they share the object
 * header's cache lines, so a visit to a flow fetches two lines of its sender rather than three or
 * four. In a large all-to-all (16,256 senders) every visit finds its sender cold, and each line
 * is a memory access. Its own superclass, the RTT estimator, puts the estimate in the same object.
 * Only {@link Sender} extends it; the fields are documented there.
 */
abstract class SenderHotFields extends RttEstimator {
  final Transport transport;
  final Host host;
  final CongestionControl cc;
  LossRecovery lr; // set once, right after construction: the recovery reads this sender's RTT estimate
  PathPolicy path;
  Receiver receiver; // the other end: its data packets carry it, so their delivery needs no lookup
  final int flow;
  final int dst;
  final boolean nicBackpressure;
  final boolean reactive; // not the ideal constant rate: its pace follows feedback
  byte pause; // why slots are not ticking: Sender.WINDOW_BLOCKED and Sender.IDLE bits, 0 = ticking
  int tickGeneration; // slot events carry it; a wake-up after a stall starts a new chain (compared for equality only)
  long finishPs = -1;
  long packetsSent;
  long lostSeen;
  long rttSum;
  long rttSamples;

  SenderHotFields(Transport transport, int flow, Host host, int dst, CongestionControl cc) {
    super(transport.settings().initialRtoPs());
    this.transport = transport;
    this.flow = flow;
    this.host = host;
    this.dst = dst;
    this.cc = cc;
    this.nicBackpressure = transport.settings().nicBackpressure();
    this.reactive = !(cc instanceof ConstantRate);
  }
}
