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
 *
 * <p>Memory follows what the switch sees, not the table's nominal size: up to
 * 2^{@link #DENSE_BITS} slots are arrays indexed by slot; a larger table keeps only the slots some
 * flow has used, in an open-addressing map from slot to entry (linear probing, doubled when half
 * full). Both behave alike slot for slot, so {@code table_bits} changes collisions only. A dense
 * table of 2^24 slots would take 256 MiB per switch, 20 GiB on the 80 switches of the 128-host fat
 * tree; the 2 × flows keys crossing a switch bound the map's entries instead.
 */
final class FlowletTable {
  /** The largest table kept as arrays of every slot: 2^16 slots, 1 MiB per switch. */
  static final int DENSE_BITS = 16;
  private static final int EMPTY = -1;
  private static final int FIRST_ENTRIES = 1024;

  private final int mask;
  /** Sparse tables only: the slot each entry holds, or {@link #EMPTY}; null for a dense table. */
  private int[] slots;
  private int[] keys;
  private int[] paths;
  private long[] lastSeen;
  private int used;

  FlowletTable(int bits) {
    this(bits, bits <= DENSE_BITS);
  }

  /** A table of 2^bits slots, held densely or sparsely as asked (tests compare the two). */
  FlowletTable(int bits, boolean dense) {
    int size = 1 << bits;
    this.mask = size - 1;
    int entries = dense ? size : Math.min(size, FIRST_ENTRIES);
    if (!dense) {
      slots = new int[entries];
      Arrays.fill(slots, EMPTY);
    }
    keys = new int[entries];
    paths = new int[entries];
    lastSeen = new long[entries];
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
    int e = entry(slot(key));
    boolean same = keys[e] == key && now - lastSeen[e] <= gapPs;
    keys[e] = key;
    lastSeen[e] = now;
    return same ? paths[e] : -1;
  }

  /** The path a flow held, even if its flowlet has expired (-1 if the slot holds another flow). */
  int previous(int key) {
    int e = find(slot(key));
    return e >= 0 && keys[e] == key ? paths[e] : -1;
  }

  void start(int key, int path) {
    paths[entry(slot(key))] = path;
  }

  /** Slots held in memory: every slot of a dense table, the map's capacity for a sparse one. */
  int capacity() {
    return keys.length;
  }

  /** The entry of {@code slot}, or -1 when a sparse table has none. */
  private int find(int slot) {
    if (slots == null) {
      return slot;
    }
    int m = slots.length - 1;
    for (int i = home(slot, m); ; i = (i + 1) & m) {
      if (slots[i] == slot) {
        return i;
      }
      if (slots[i] == EMPTY) {
        return -1;
      }
    }
  }

  /** The entry of {@code slot}, made empty (no key) when a sparse table has none yet. */
  private int entry(int slot) {
    if (slots == null) {
      return slot;
    }
    int m = slots.length - 1;
    int i = home(slot, m);
    while (slots[i] != slot) {
      if (slots[i] == EMPTY) {
        if (2 * (used + 1) > slots.length) {
          grow();
          return entry(slot);
        }
        slots[i] = slot;
        used++;
        return i;
      }
      i = (i + 1) & m;
    }
    return i;
  }

  private void grow() {
    int[] oldSlots = slots;
    int[] oldKeys = keys;
    int[] oldPaths = paths;
    long[] oldSeen = lastSeen;
    int n = oldSlots.length * 2;
    slots = new int[n];
    keys = new int[n];
    paths = new int[n];
    lastSeen = new long[n];
    Arrays.fill(slots, EMPTY);
    Arrays.fill(keys, -1);
    int m = n - 1;
    for (int j = 0; j < oldSlots.length; j++) {
      if (oldSlots[j] != EMPTY) {
        int i = home(oldSlots[j], m);
        while (slots[i] != EMPTY) {
          i = (i + 1) & m;
        }
        slots[i] = oldSlots[j];
        keys[i] = oldKeys[j];
        paths[i] = oldPaths[j];
        lastSeen[i] = oldSeen[j];
      }
    }
  }

  private static int home(int slot, int m) {
    int h = slot * 0x85EBCA6B; // slots are hashes already; this mixes their high bits into the low ones
    return (h ^ (h >>> 15)) & m;
  }
}
