package org.lbsim.lb;

import java.util.Arrays;
import org.lbsim.net.Packet;

/**
 * A switch's flowlet table: a fixed number of slots addressed by a hash of the flow key, each
 * holding the key, the path chosen for its current flowlet and when the flow was last seen.
 *
 * <p>Storing the key (unlike hardware, which lets colliding flows share a slot) makes a collision
 * visible: the newcomer evicts the old flow, whose next packet then starts a new flowlet. Keys
 * are the flow id times two plus one for ACK/NACK, so a flow's ACK stream is its own flowlet
 * sequence.
 */
final class FlowletTable {
  private final int mask;
  private final int[] keys;
  private final int[] paths;
  private final long[] lastSeen;

  FlowletTable(int bits) {
    int size = 1 << bits;
    this.mask = size - 1;
    this.keys = new int[size];
    this.paths = new int[size];
    this.lastSeen = new long[size];
    Arrays.fill(keys, -1);
  }

  static int key(Packet p) {
    return (p.flow << 1) | (p.type == Packet.DATA ? 0 : 1);
  }

  int slot(int key) {
    return (key * 0x9E3779B9 >>> 7) & mask;
  }

  /**
   * The path of {@code key}'s current flowlet, or -1 when its previous packet was more than
   * {@code gapPs} ago (or it has none here): the caller then picks a path and calls {@link #start}.
   * Either way the flow counts as seen now.
   */
  int current(int key, long now, long gapPs) {
    int s = slot(key);
    boolean same = keys[s] == key && now - lastSeen[s] <= gapPs;
    keys[s] = key;
    lastSeen[s] = now;
    return same ? paths[s] : -1;
  }

  /** The path a flow held, even if its flowlet has expired (-1 if the slot holds another flow). */
  int previous(int key) {
    int s = slot(key);
    return keys[s] == key ? paths[s] : -1;
  }

  void start(int key, int path) {
    paths[slot(key)] = path;
  }
}
