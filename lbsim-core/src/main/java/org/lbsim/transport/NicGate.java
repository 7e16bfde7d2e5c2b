package org.lbsim.transport;

import org.lbsim.net.EgressPort;

/**
 * Host NIC back-pressure for the senders of one host: a sender may post a data packet only while
 * the NIC holds less than {@code limitBytes}; otherwise it waits here, without any event, until
 * the NIC takes a packet off its queue. Waiters resume in arrival order, one per freed place, each
 * told when it began to wait.
 * A NIC with one port per plane holds what its ports hold together.
 */
final class NicGate implements EgressPort.DequeueListener {
  private final EgressPort nic;
  private final EgressPort[] planes; // null: one port, nic
  private final long limitBytes;
  private Sender[] waiting = new Sender[8];
  private long[] since = new long[8]; // when each waiter's slot came
  private int head;
  private int count;
  private final org.lbsim.engine.Simulator sim;

  NicGate(org.lbsim.engine.Simulator sim, EgressPort[] nics, long limitBytes) {
    this.sim = sim;
    this.nic = nics[0];
    this.planes = nics.length == 1 ? null : nics.clone();
    this.limitBytes = limitBytes;
    for (EgressPort p : nics) {
      p.setDequeueListener(this);
    }
  }

  boolean admits() {
    return count == 0 && queuedBytes() < limitBytes;
  }

  private long queuedBytes() {
    if (planes == null) {
      return nic.queuedBytes();
    }
    long q = 0;
    for (EgressPort p : planes) {
      q += p.queuedBytes();
    }
    return q;
  }

  /** {@code s} waits for room from {@code slotPs}, its slot. */
  void await(Sender s, long slotPs) {
    if (count == waiting.length) {
      Sender[] n = new Sender[waiting.length * 2];
      long[] t = new long[waiting.length * 2];
      for (int i = 0; i < count; i++) {
        n[i] = waiting[(head + i) & (waiting.length - 1)];
        t[i] = since[(head + i) & (waiting.length - 1)];
      }
      waiting = n;
      since = t;
      head = 0;
    }
    int at = (head + count) & (waiting.length - 1);
    waiting[at] = s;
    since[at] = slotPs;
    count++;
  }

  @Override
  public void onDequeue(EgressPort port) {
    long now = sim.now();
    while (count > 0 && queuedBytes() < limitBytes) {
      Sender s = waiting[head];
      long slotPs = since[head];
      waiting[head] = null;
      head = (head + 1) & (waiting.length - 1);
      count--;
      s.resume(now, slotPs);
    }
  }
}
