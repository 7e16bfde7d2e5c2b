package org.lbsim.workload;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Rooted collectives pipelined over a tree of group positions, NCCL-style: the buffer is cut into
 * pieces, and piece k crosses an edge once it has reached the edge's sender and the piece
 * {@code window} places earlier on that edge has arrived (a free slot). Down the tree (Broadcast) a
 * position forwards piece k once it has it; up the tree (Reduce) it sends piece k once it has piece
 * k from every child. A chain (position i's parent is i-1) is NCCL's ring Broadcast and Reduce; a
 * binary tree (up, then down from the root) its tree AllReduce.
 */
final class TreePipeline {
  enum Direction { DOWN, UP, UP_THEN_DOWN }

  private final List<PipelinedSend> out = new ArrayList<>();
  private final Map<Long, List<Integer>> onEdge = new HashMap<>();
  private final int window;

  private TreePipeline(int window) {
    this.window = window;
  }

  /**
   * @param parent per position, its parent; -1 for the root, and for positions left out of the tree
   * @param into sends already planned (another tree's, which runs side by side and has its own slots);
   *     the new sends follow them in the returned list
   */
  static List<PipelinedSend> build(int[] parent, Direction direction, long bytes, long pieceBytes, int window,
      List<PipelinedSend> into) {
    TreePipeline t = new TreePipeline(window);
    t.out.addAll(into);
    int root = -1;
    for (int i = 0; i < parent.length; i++) {
      if (parent[i] < 0) {
        root = root < 0 ? i : root;
      }
    }
    int[] order = topDown(parent, root);
    long pieces = (bytes + pieceBytes - 1) / pieceBytes;
    for (long k = 0; k < pieces; k++) {
      long b = k < pieces - 1 ? pieceBytes : bytes - (pieces - 1) * pieceBytes;
      int[] up = new int[parent.length];
      java.util.Arrays.fill(up, -1);
      if (direction != Direction.DOWN) {
        for (int j = order.length - 1; j > 0; j--) { // leaves first
          int v = order[j];
          up[v] = t.send(v, parent[v], b, childrenSends(parent, v, up), direction == Direction.UP ? k : 2 * k);
        }
      }
      if (direction != Direction.UP) {
        int[] down = new int[parent.length];
        for (int j = 1; j < order.length; j++) {
          int v = order[j];
          int p = parent[v];
          int[] data = p != root ? new int[] {down[p]}
              : direction == Direction.UP_THEN_DOWN ? childrenSends(parent, root, up) : new int[0];
          down[v] = t.send(p, v, b, data, direction == Direction.DOWN ? k : 2 * k + 1);
        }
      }
    }
    return t.out;
  }

  private int send(int from, int to, long bytes, int[] data, long round) {
    List<Integer> edge = onEdge.computeIfAbsent(((long) from << 32) | to, e -> new ArrayList<>());
    int k = edge.size();
    int[] after = k >= window ? RingPipeline.append(data, edge.get(k - window)) : data;
    edge.add(out.size());
    out.add(new PipelinedSend(from, to, bytes, after, Math.toIntExact(round)));
    return out.size() - 1;
  }

  /** The sends of {@code up} from v's children. */
  private static int[] childrenSends(int[] parent, int v, int[] up) {
    int count = 0;
    for (int c = 0; c < parent.length; c++) {
      if (parent[c] == v && up[c] >= 0) {
        count++;
      }
    }
    int[] out = new int[count];
    count = 0;
    for (int c = 0; c < parent.length; c++) {
      if (parent[c] == v && up[c] >= 0) {
        out[count++] = up[c];
      }
    }
    return out;
  }

  /** The root, then every position after its parent (breadth first, children in position order). */
  private static int[] topDown(int[] parent, int root) {
    List<Integer> order = new ArrayList<>(List.of(root));
    for (int j = 0; j < order.size(); j++) {
      for (int c = 0; c < parent.length; c++) {
        if (parent[c] == order.get(j)) {
          order.add(c);
        }
      }
    }
    if (order.size() != parent.length) {
      throw new IllegalArgumentException("not a tree: " + order.size() + " of " + parent.length + " positions reach the root");
    }
    return order.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Position i's parent is i-1: the chain from position 0. */
  static int[] chain(int n) {
    int[] parent = new int[n];
    for (int i = 0; i < n; i++) {
      parent[i] = i - 1;
    }
    return parent;
  }

  /**
   * A balanced binary tree over positions, as NCCL builds its trees: label x = 1..n in order, a
   * label's lowest set bit b gives its children x - b/2 and x + b/2, and a label whose parent would
   * lie past n hangs from the nearest ancestor that does not; the root is the highest power of two
   * up to n. Label x is position (x - 1 + shift) mod n, so the root is position
   * (root - 1 + shift) mod n.
   */
  static int[] binaryTree(int n, int shift) {
    int[] parent = new int[n];
    for (int x = 1; x <= n; x++) {
      int p = parentLabel(x, n);
      parent[(x - 1 + shift) % n] = p == 0 ? -1 : (p - 1 + shift) % n;
    }
    return parent;
  }

  /** The shift that puts {@link #binaryTree}'s root at position 0. */
  static int rootAtZero(int n) {
    int root = Integer.highestOneBit(n);
    return (n - (root - 1)) % n;
  }

  private static int parentLabel(int x, int n) {
    int at = x;
    while (true) {
      int b = at & -at;
      if (b > n) {
        return 0;
      }
      int p = (at / b) % 4 == 1 ? at + b : at - b; // at / b is odd: 1 mod 4 = a left child
      if (p <= n) {
        return p;
      }
      at = p;
    }
  }
}
