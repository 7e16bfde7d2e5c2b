package org.lbsim.training.chakra;

import java.util.ArrayList;
import java.util.List;
import org.lbsim.training.CommGraph;

/**
 * The rooted collectives of a trace, NCCL-style pipelined chains: a broadcast sends the root's
 * buffer down the chain root, next member, ..., last member; a reduce sends partial sums up the
 * reverse chain to the root. Each channel carries ceil(B / C) bytes in n chunks; chunk k crosses
 * hop h once it has reached the hop's sender (the previous hop's chunk k has arrived) and the hop
 * has delivered chunk k-1, so the chunks stream down the chain. A barrier is a join of every
 * member's entry.
 */
final class ChainCollectives {
  private ChainCollectives() {}

  /**
   * @param chain GPUs in chain order, data flowing from chain[0] to chain[n-1]
   * @param entry per chain position, the node it must wait for
   * @return per chain position, a node that ends when it has received and passed on all its chunks
   */
  static int[] chain(CommGraph g, int[] chain, long bytes, int channels, int[] entry) {
    int n = chain.length;
    if (n == 1) {
      return entry.clone();
    }
    long chunk = ceilDiv(ceilDiv(bytes, channels), n);
    List<List<Integer>> touched = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      touched.add(new ArrayList<>(List.of(entry[i])));
    }
    for (int c = 0; c < channels; c++) {
      int[] previousChunk = new int[n - 1]; // per hop, the node that delivered the previous chunk
      for (int k = 0; k < n; k++) {
        int group = g.newGroup();
        int arrived = entry[0];
        for (int h = 0; h < n - 1; h++) {
          int[] preds = k == 0 ? new int[] {arrived, entry[h + 1]} : new int[] {arrived, previousChunk[h]};
          int f = g.send(chain[h], chain[h + 1], chunk, preds, 0, group);
          previousChunk[h] = f;
          touched.get(h).add(f);
          touched.get(h + 1).add(f);
          arrived = f;
        }
      }
    }
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = g.join(touched.get(i).stream().mapToInt(Integer::intValue).toArray());
    }
    return out;
  }

  /** Every member waits for every member's entry. */
  static int[] barrier(CommGraph g, int[] entry) {
    int all = g.join(entry);
    int[] out = new int[entry.length];
    java.util.Arrays.fill(out, all);
    return out;
  }

  static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }
}
