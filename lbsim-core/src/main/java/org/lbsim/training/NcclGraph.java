package org.lbsim.training;

import java.util.ArrayList;
import java.util.List;
import org.lbsim.workload.NcclCollective;
import org.lbsim.workload.NcclProtocol;
import org.lbsim.workload.PipelinedSend;

/**
 * {@link NcclCollective}'s decomposition as graph nodes: the buffer split over {@code channels}
 * channels side by side, each channel the plan of ceil(B / C) bytes over its own order of the
 * group (channel c's ring starts at a different local GPU of each server, as in
 * {@link Algorithms#ringOrder}); Broadcast and Reduce rotate that order so that the group's first
 * rank, the root, is position 0. A rank's sends wait for its entry node as well as for the sends of
 * their plan; sends of one channel and round share a group, so a rank's sends of one round share
 * its link.
 */
public final class NcclGraph {
  private NcclGraph() {}

  /**
   * @param entry per rank (index into {@code gpus}), the node its sends wait for
   * @return per rank, a node that ends when it has sent and received all its pieces
   */
  public static int[] run(CommGraph g, NcclCollective.Op op, NcclCollective.Algorithm algorithm, int[] gpus,
      long bytes, int channels, int[] entry, NcclProtocol proto) {
    int n = gpus.length;
    if (n == 1) {
      return entry.clone();
    }
    List<List<Integer>> touched = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      touched.add(new ArrayList<>(List.of(entry[i])));
    }
    List<PipelinedSend> sends = NcclCollective.plan(op, algorithm, n, Algorithms.ceilDiv(bytes, channels), proto);
    int rounds = 0;
    for (PipelinedSend s : sends) {
      rounds = Math.max(rounds, s.round() + 1);
    }
    boolean rooted = op == NcclCollective.Op.BROADCAST || op == NcclCollective.Op.REDUCE;
    for (int c = 0; c < channels; c++) {
      int[] order = Algorithms.ringOrder(g.cluster().gpusPerServer(), gpus, c);
      if (rooted) {
        order = rootFirst(order);
      }
      int base = g.newGroup();
      for (int r = 1; r < rounds; r++) {
        g.newGroup();
      }
      int[] node = new int[sends.size()];
      for (int i = 0; i < node.length; i++) {
        PipelinedSend s = sends.get(i);
        int from = order[s.from()];
        int to = order[s.to()];
        int[] preds = new int[s.afterCount() + 1];
        preds[0] = entry[from];
        for (int j = 0; j < s.afterCount(); j++) {
          preds[j + 1] = node[s.after(j)];
        }
        node[i] = g.send(gpus[from], gpus[to], s.bytes(), preds, 0, base + s.round());
        touched.get(from).add(node[i]);
        touched.get(to).add(node[i]);
      }
    }
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = g.join(touched.get(i).stream().mapToInt(Integer::intValue).toArray());
    }
    return out;
  }

  /** {@code order} rotated so that rank 0 comes first. */
  private static int[] rootFirst(int[] order) {
    int at = 0;
    while (order[at] != 0) {
      at++;
    }
    int[] out = new int[order.length];
    for (int i = 0; i < order.length; i++) {
      out[i] = order[(at + i) % order.length];
    }
    return out;
  }
}
