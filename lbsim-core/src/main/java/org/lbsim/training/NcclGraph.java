package org.lbsim.training;

import java.util.ArrayList;
import java.util.List;
import org.lbsim.workload.CollectiveBound;
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
 * its link. Each collective is recorded in the graph ({@link CommGraph.Collective}) with its lower
 * bound when the graph has a host link.
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
    long channelBytes = Algorithms.ceilDiv(bytes, channels);
    List<PipelinedSend> sends = NcclCollective.plan(op, algorithm, n, channelBytes, proto);
    int rounds = 0;
    for (PipelinedSend s : sends) {
      rounds = Math.max(rounds, s.round() + 1);
    }
    boolean rooted = op == NcclCollective.Op.BROADCAST || op == NcclCollective.Op.REDUCE;
    int[][] orders = new int[channels][];
    for (int c = 0; c < channels; c++) {
      int[] order = Algorithms.ringOrder(g.cluster().gpusPerServer(), gpus, c);
      orders[c] = rooted ? rootFirst(order) : order;
    }
    int firstFlow = g.fabricCount();
    List<List<Integer>> touched = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      touched.add(new ArrayList<>(List.of(entry[i])));
    }
    for (int c = 0; c < channels; c++) {
      int[] order = orders[c];
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
    long bound = g.hostLink() == null ? -1 : boundPs(g, op, algorithm, sends, orders, gpus, channelBytes, channels);
    g.addCollective(new CommGraph.Collective(op.label(), algorithm.label(), n, bytes, channels, entry.clone(), out,
        firstFlow, g.fabricCount() - firstFlow, bound));
    return out;
  }

  /**
   * The collective's lower bound: the longest chain of pieces of any channel, each at least its
   * transfer's time ({@link CommGraph#transferBoundPs}), and, when every piece crosses the fabric
   * from its sender's own NIC, the host links' bound ({@link CollectiveBound#linksPs}).
   */
  private static long boundPs(CommGraph g, NcclCollective.Op op, NcclCollective.Algorithm algorithm,
      List<PipelinedSend> sends, int[][] orders, int[] gpus, long channelBytes, int channels) {
    long chain = 0;
    boolean fabricOnly = true;
    for (int[] order : orders) {
      chain = Math.max(chain, NcclCollective.criticalPathPs(sends,
          s -> g.transferBoundPs(gpus[order[s.from()]], gpus[order[s.to()]], s.bytes())));
      for (PipelinedSend s : sends) {
        fabricOnly &= g.hop(gpus[order[s.from()]], gpus[order[s.to()]]) == CommGraph.Hop.FABRIC;
      }
    }
    long links = fabricOnly ? CollectiveBound.linksPs(op, algorithm, g.hostLink(), gpus.length, channelBytes, channels) : 0;
    return Math.max(chain, links);
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
