package org.lbsim.training;

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
    int[][] nodes = new int[channels][];
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
        int[] preds = new int[s.afterCount() + 1];
        preds[0] = entry[from];
        for (int j = 0; j < s.afterCount(); j++) {
          preds[j + 1] = node[s.after(j)];
        }
        node[i] = g.send(gpus[from], gpus[order[s.to()]], s.bytes(), preds, 0, base + s.round());
      }
      nodes[c] = node;
    }
    int[] out = rankEnds(g, sends, orders, nodes, entry);
    long bound = g.hostLink() == null ? -1 : boundPs(g, op, algorithm, sends, orders, gpus, channelBytes, channels);
    g.addCollective(new CommGraph.Collective(op.label(), algorithm.label(), n, bytes, channels, entry.clone(), out,
        firstFlow, g.fabricCount() - firstFlow, bound));
    return out;
  }

  /**
   * Per rank, a join of the pieces it sends or receives that no other piece of it waits for (each
   * other piece has arrived before one of these has), and of its entry when it sends nothing (its
   * sends wait for its entry): it ends when the rank has sent and received all its pieces.
   */
  private static int[] rankEnds(CommGraph g, List<PipelinedSend> plan, int[][] orders, int[][] nodes, int[] entry) {
    int n = entry.length;
    int[][] last = lastPieces(plan, n);
    boolean[] sender = new boolean[n];
    for (PipelinedSend s : plan) {
      sender[s.from()] = true;
    }
    int[] size = new int[n];
    boolean[] sends = new boolean[n];
    for (int[] order : orders) {
      for (int p = 0; p < n; p++) {
        size[order[p]] += last[p].length;
        sends[order[p]] |= sender[p];
      }
    }
    int[][] preds = new int[n][];
    int[] filled = new int[n];
    for (int r = 0; r < n; r++) {
      preds[r] = new int[size[r] + (sends[r] ? 0 : 1)];
    }
    for (int c = 0; c < orders.length; c++) {
      for (int p = 0; p < n; p++) {
        int r = orders[c][p];
        for (int i : last[p]) {
          preds[r][filled[r]++] = nodes[c][i];
        }
      }
    }
    int[] out = new int[n];
    for (int r = 0; r < n; r++) {
      if (filled[r] < preds[r].length) {
        preds[r][filled[r]] = entry[r];
      }
      out[r] = g.join(preds[r]);
    }
    return out;
  }

  /** Per group position, the sends from or to it that no send from or to it waits for directly. */
  static int[][] lastPieces(List<PipelinedSend> sends, int n) {
    int count = sends.size();
    boolean[] fromCovered = new boolean[count];
    boolean[] toCovered = new boolean[count];
    for (PipelinedSend b : sends) {
      for (int j = 0; j < b.afterCount(); j++) {
        PipelinedSend a = sends.get(b.after(j));
        fromCovered[b.after(j)] |= a.from() == b.from() || a.from() == b.to();
        toCovered[b.after(j)] |= a.to() == b.from() || a.to() == b.to();
      }
    }
    int[] size = new int[n];
    for (int i = 0; i < count; i++) {
      size[sends.get(i).from()] += fromCovered[i] ? 0 : 1;
      size[sends.get(i).to()] += toCovered[i] ? 0 : 1;
    }
    int[][] out = new int[n][];
    for (int p = 0; p < n; p++) {
      out[p] = new int[size[p]];
      size[p] = 0;
    }
    for (int i = 0; i < count; i++) {
      PipelinedSend s = sends.get(i);
      if (!fromCovered[i]) {
        out[s.from()][size[s.from()]++] = i;
      }
      if (!toCovered[i]) {
        out[s.to()][size[s.to()]++] = i;
      }
    }
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
