package org.lbsim.lb;

import java.util.Arrays;

/**
 * Equitable edge coloring of a bipartite multigraph: every edge gets one of {@code c} colors so
 * that each vertex of degree {@code deg} has at most ⌈deg / c⌉ edges of any one color.
 *
 * <p>How: split each vertex into ⌈deg / c⌉ copies of at most {@code c} edges each (its edges in
 * order, {@code c} per copy), then color the split graph, whose degree is at most {@code c},
 * properly with {@code c} colors. König's theorem says a bipartite graph of maximum degree Δ has
 * a proper Δ-coloring; the constructive proof colors edges one at a time and, when the color
 * α free at one end is taken at the other end (where β is free), swaps α and β along the
 * alternating path from that end, which in a bipartite graph never returns to the first end.
 * O(E·V) in the worst case, in practice close to linear. Deterministic: edges are colored in
 * the order given.
 */
final class EdgeColoring {
  private EdgeColoring() {}

  /**
   * @param left left end of each edge, 0..leftCount-1
   * @param right right end of each edge, 0..rightCount-1
   * @param colors number of colors, at least 1
   * @return the color of each edge, 0..colors-1
   */
  static int[] equitable(int[] left, int[] right, int leftCount, int rightCount, int colors) {
    if (left.length != right.length) {
      throw new IllegalArgumentException("left and right must list the same edges");
    }
    if (colors < 1) {
      throw new IllegalArgumentException("need at least one color, got " + colors);
    }
    int[] l = split(left, leftCount, colors);
    int[] r = split(right, rightCount, colors);
    int nl = max(l) + 1;
    int n = nl + max(r) + 1;
    int edges = left.length;
    int[] end0 = l;
    int[] end1 = new int[edges];
    for (int e = 0; e < edges; e++) {
      end1[e] = nl + r[e];
    }
    int[] at = new int[n * colors]; // at[v*c + color] = the edge of that color at v, or -1
    Arrays.fill(at, -1);
    int[] color = new int[edges];
    int[] path = new int[Math.max(1, edges)];
    for (int e = 0; e < edges; e++) {
      int u = end0[e];
      int v = end1[e];
      int a = free(at, u, colors);
      int b = free(at, v, colors);
      if (at[v * colors + a] >= 0) {
        // a is taken at v, b is free there: swap a/b along the alternating path from v
        int len = 0;
        int x = v;
        int want = a;
        int f;
        while ((f = at[x * colors + want]) >= 0) {
          path[len++] = f;
          x = end0[f] == x ? end1[f] : end0[f];
          want = want == a ? b : a;
        }
        for (int i = 0; i < len; i++) {
          int g = path[i];
          at[end0[g] * colors + color[g]] = -1;
          at[end1[g] * colors + color[g]] = -1;
        }
        for (int i = 0; i < len; i++) {
          int g = path[i];
          color[g] = color[g] == a ? b : a;
          at[end0[g] * colors + color[g]] = g;
          at[end1[g] * colors + color[g]] = g;
        }
      }
      color[e] = a;
      at[u * colors + a] = e;
      at[v * colors + a] = e;
    }
    return color;
  }

  /** The copy of its vertex each edge belongs to, numbered densely: vertex v's i-th edge goes to copy i / c. */
  private static int[] split(int[] ends, int count, int colors) {
    int[] seen = new int[count];
    int[] copiesBefore = new int[count + 1];
    for (int v : ends) {
      if (v < 0 || v >= count) {
        throw new IllegalArgumentException("vertex " + v + " outside 0.." + (count - 1));
      }
      seen[v]++;
    }
    for (int v = 0; v < count; v++) {
      copiesBefore[v + 1] = copiesBefore[v] + (seen[v] + colors - 1) / colors;
    }
    Arrays.fill(seen, 0);
    int[] copy = new int[ends.length];
    for (int e = 0; e < ends.length; e++) {
      int v = ends[e];
      copy[e] = copiesBefore[v] + seen[v]++ / colors;
    }
    return copy;
  }

  private static int free(int[] at, int v, int colors) {
    for (int c = 0; c < colors; c++) {
      if (at[v * colors + c] < 0) {
        return c;
      }
    }
    throw new IllegalStateException("vertex of degree above the color count"); // split() prevents this
  }

  private static int max(int[] a) {
    int m = -1;
    for (int x : a) {
      m = Math.max(m, x);
    }
    return m;
  }
}
