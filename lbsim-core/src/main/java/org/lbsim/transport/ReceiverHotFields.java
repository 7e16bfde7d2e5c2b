package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;

/**
 * The fields of a {@link Receiver} that every data packet reads, declared in a superclass because
 * the JVM lays out a superclass's fields first: with the object header they take the object's
 * first cache line or two. In a large all-to-all every arrival finds its receiver cold. Only
 * {@link Receiver} extends it; the fields are documented there.
 */
abstract class ReceiverHotFields {
  final Transport transport; // also the way to this flow's host: no Host field per flow
  final PathPolicy ackPath; // null: the ACK echoes the data packet's entropy
  Sender sender; // the other end: its ACKs carry it, so their delivery needs no lookup
  ReceiverControl control; // CNP pacing and pull credit; null = the run's designs use neither
  final int flow;
  long completedAtPs = -1;

  ReceiverHotFields(Transport transport, int flow, PathPolicy ackPath) {
    this.transport = transport;
    this.flow = flow;
    this.ackPath = ackPath;
  }
}
