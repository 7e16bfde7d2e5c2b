package org.lbsim.net;

import org.lbsim.engine.Inbox;
import org.lbsim.engine.PartitionedSimulator.Channel;

/**
 * The far end of a cable whose two ends lie in different partitions of a run: the port feeding it
 * posts each packet here when the packet starts serializing (its arrival is then at least the
 * link latency, the run's lookahead, ahead), and the packets land, in order, at the node in this
 * partition. It takes the feeding port's rank, so its deliveries keep the place in the order of
 * one picosecond's events that the port's own deliveries have in a run that is not split.
 */
final class CableEnd implements Inbox {
  private final Channel channel; // from the feeding port's partition to this one
  private final Node to;
  private final Switch toSwitch; // `to` when it is a switch: a direct call instead of an interface dispatch
  private final int rank;
  private Packet head; // the packets handed over and not yet landed, in arrival order (Packet.nextOnWire)
  private Packet tail;

  CableEnd(Channel channel, Node to, int rank) {
    this.channel = channel;
    this.to = to;
    this.toSwitch = to instanceof Switch s ? s : null;
    this.rank = rank;
  }

  /** On the feeding port's thread: {@code p} lands here at {@code atPs}. */
  void post(Packet p, long atPs) {
    p.arrivalPs = atPs;
    channel.post(atPs, this, 0, 0, p);
  }

  @Override
  public void accept(Object payload) {
    Packet p = (Packet) payload;
    if (head == null) {
      head = p;
    } else {
      tail.nextOnWire = p;
    }
    tail = p;
  }

  @Override
  public void onEvent(int kind, long arg) {
    Packet p = head;
    head = p.nextOnWire;
    p.nextOnWire = null;
    if (head == null) {
      tail = null;
    }
    if (toSwitch != null) {
      toSwitch.receive(p);
    } else {
      to.receive(p);
    }
  }

  @Override
  public int tieRank() {
    return rank;
  }

  /** Calls {@code action} for each packet on its way to this end (after a run, for its accounts). */
  void forEachPacket(java.util.function.Consumer<Packet> action) {
    for (Packet p = head; p != null; p = p.nextOnWire) {
      action.accept(p);
    }
  }
}
