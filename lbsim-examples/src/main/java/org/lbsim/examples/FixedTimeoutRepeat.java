package org.lbsim.examples;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Packet;
import org.lbsim.transport.LossRecovery;

/**
 * Selective repeat with one fixed timeout: new packets go in order; each ACK (lbsim's SACK
 * receiver acknowledges every data packet it gets, plus a cumulative point) marks its packet
 * received; when nothing new has been acknowledged for {@code timeoutPs}, every packet sent and
 * not acknowledged is sent again, lowest first.
 */
final class FixedTimeoutRepeat implements LossRecovery {
  private final long target;
  private final long timeoutPs;
  private final boolean[] acked;
  private final boolean[] queued;
  private final int[] entropyOf;
  private PathPolicy path;
  private int nextNew;
  /** Every packet below it is acknowledged. */
  private int cum;
  private int ackedCount;
  private int pending;
  private int cursor;
  private long lastProgressPs;
  private long retransmissions;
  private long timeouts;
  private long declaredLost;

  FixedTimeoutRepeat(long targetPackets, long timeoutPs) {
    this.target = targetPackets;
    this.timeoutPs = timeoutPs;
    this.acked = new boolean[(int) targetPackets];
    this.queued = new boolean[(int) targetPackets];
    this.entropyOf = new int[(int) targetPackets];
  }

  @Override
  public void setPathPolicy(PathPolicy path) {
    this.path = path;
  }

  @Override
  public long nextToSend(long nowPs) {
    while (pending > 0 && cursor < nextNew) {
      int s = cursor++;
      if (queued[s]) {
        queued[s] = false;
        pending--;
        return s;
      }
    }
    return nextNew < target ? nextNew : -1;
  }

  @Override
  public long nextSendPs(long nowPs) {
    return pending > 0 || nextNew < target ? nowPs : Long.MAX_VALUE;
  }

  @Override
  public void onSent(long seq, int entropy, long nowPs) {
    int s = (int) seq;
    if (unacknowledged() == 0) {
      lastProgressPs = nowPs; // the timer starts with the first outstanding packet
    }
    entropyOf[s] = entropy;
    if (s == nextNew) {
      nextNew++;
    } else {
      retransmissions++;
    }
  }

  @Override
  public void onAck(Packet ack, long nowPs) {
    if (ack.trimmed) {
      return; // a NACK: the timeout resends it
    }
    int c = (int) Math.min(ack.cumAck(), target);
    for (; cum < c; cum++) {
      mark(cum, nowPs);
    }
    if (ack.seq >= 0 && ack.seq < target) {
      mark((int) ack.seq, nowPs);
    }
  }

  private void mark(int s, long nowPs) {
    if (acked[s]) {
      return;
    }
    acked[s] = true;
    ackedCount++;
    lastProgressPs = nowPs;
    if (queued[s]) {
      queued[s] = false;
      pending--;
    }
  }

  @Override
  public long targetPackets() {
    return target;
  }

  @Override
  public boolean usesTimer() {
    return true;
  }

  @Override
  public long timerDeadlinePs() {
    return unacknowledged() - pending > 0 ? lastProgressPs + timeoutPs : -1;
  }

  @Override
  public void onTimeout(long nowPs) {
    if (timerDeadlinePs() < 0 || nowPs < timerDeadlinePs()) {
      return;
    }
    timeouts++;
    for (int s = 0; s < nextNew; s++) {
      if (!acked[s] && !queued[s]) {
        queued[s] = true;
        pending++;
        declaredLost++;
        if (path != null) {
          path.onTimeout(entropyOf[s], nowPs);
        }
      }
    }
    cursor = 0;
    lastProgressPs = nowPs;
  }

  @Override
  public long retransmissions() {
    return retransmissions;
  }

  @Override
  public long timeouts() {
    return timeouts;
  }

  @Override
  public long inFlight(long nowPs) {
    return unacknowledged() - pending;
  }

  @Override
  public long unacknowledged() {
    return (long) nextNew - ackedCount;
  }

  @Override
  public boolean complete() {
    return ackedCount == target;
  }

  @Override
  public long packetsDeclaredLost() {
    return declaredLost;
  }

  @Override
  public long extraPacketsSent() {
    return retransmissions;
  }
}
