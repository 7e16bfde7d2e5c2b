package org.lbsim.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * The one decomposition of a collective into pipelined sends, shared by the ring workloads,
 * {@code bench-collective} and Chakra traces: NCCL's Simple protocol ({@link NcclProtocol}) on one
 * channel of group positions 0..n-1, position 0 being the root of Broadcast and Reduce.
 *
 * <ul>
 *   <li>ring: AllReduce, AllGather, ReduceScatter go round the ring ({@link RingPipeline});
 *       Broadcast and Reduce run down (up) the chain 0, 1, ..., n-1 in pieces of one slot, NCCL's
 *       ring without its closing hop.
 *   <li>tree: AllReduce reduces up and broadcasts down two binary trees side by side, each with half
 *       the buffer, the second the first shifted by one position so that most leaves of one are
 *       inner positions of the other (NCCL's double binary tree); Broadcast and Reduce use one
 *       binary tree rooted at position 0. AllGather and ReduceScatter run the ring, as NCCL has no
 *       tree for them.
 * </ul>
 */
public final class NcclCollective {
  public enum Op {
    ALL_REDUCE, ALL_GATHER, REDUCE_SCATTER, BROADCAST, REDUCE;

    /** The name in tables and results, e.g. {@code all-reduce}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  public enum Algorithm {
    RING, TREE;

    /** The name in scenario keys and tables. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The names of {@link Algorithm}, for {@code workload.nccl_algo}. */
  public static final List<String> ALGORITHMS = List.of("ring", "tree");

  private NcclCollective() {}

  /** The algorithm called {@code name} (ring or tree). */
  public static Algorithm algorithm(String name) {
    return Algorithm.valueOf(name.toUpperCase(Locale.ROOT));
  }

  /** The sends of {@code op} on {@code ranks} positions over a buffer of {@code bytes}, in an order where every send follows those it waits for. */
  public static List<PipelinedSend> plan(Op op, Algorithm algorithm, int ranks, long bytes, NcclProtocol proto) {
    if (ranks < 2) {
      throw new IllegalArgumentException(op + " needs at least 2 ranks, got " + ranks);
    }
    Collectives.requireBytes(op.toString(), bytes);
    boolean tree = algorithm == Algorithm.TREE;
    List<PipelinedSend> sends = switch (op) {
      case ALL_GATHER, REDUCE_SCATTER -> RingPipeline.build(ranks - 1, ranks, bytes, proto);
      case ALL_REDUCE -> tree ? doubleTree(ranks, bytes, proto) : RingPipeline.build(2 * (ranks - 1), ranks, bytes, proto);
      case BROADCAST, REDUCE -> TreePipeline.build(
          tree ? TreePipeline.binaryTree(ranks, TreePipeline.rootAtZero(ranks)) : TreePipeline.chain(ranks),
          op == Op.BROADCAST ? TreePipeline.Direction.DOWN : TreePipeline.Direction.UP, bytes, proto.slotBytes(),
          proto.rootedPiecesInFlight(), List.of());
    };
    if (sends.size() > Collectives.MAX_FLOWS) {
      throw new IllegalArgumentException(op + " of " + ranks + " ranks would have " + sends.size() + " sends");
    }
    return Collections.unmodifiableList(sends);
  }

  private static List<PipelinedSend> doubleTree(int n, long bytes, NcclProtocol proto) {
    long first = (bytes + 1) / 2;
    long piece = proto.treePieceBytes();
    List<PipelinedSend> a = TreePipeline.build(TreePipeline.binaryTree(n, 0), TreePipeline.Direction.UP_THEN_DOWN,
        first, piece, proto.treePiecesInFlight(), List.of());
    return bytes - first == 0 ? a : TreePipeline.build(TreePipeline.binaryTree(n, 1),
        TreePipeline.Direction.UP_THEN_DOWN, bytes - first, piece, proto.treePiecesInFlight(), a);
  }

  /**
   * How many sends the ring plan of {@code op} has with NCCL's defaults, for limits and memory
   * estimates (a tree AllReduce has about as many).
   */
  public static long ringSendCount(Op op, long ranks, long bytes) {
    NcclProtocol p = NcclProtocol.DEFAULT;
    return switch (op) {
      case BROADCAST, REDUCE -> (ranks - 1) * Math.max(1, (bytes + p.slotBytes() - 1) / p.slotBytes());
      case ALL_REDUCE -> 2 * (ranks - 1) * ranks * loops(ranks, bytes, p);
      case ALL_GATHER, REDUCE_SCATTER -> (ranks - 1) * ranks * loops(ranks, bytes, p);
    };
  }

  private static long loops(long ranks, long bytes, NcclProtocol p) {
    long perLoop = ranks * p.ringChunkBytes();
    return Math.max(1, (bytes + perLoop - 1) / perLoop);
  }

  /** The sends as flows from {@code hosts[from]} to {@code hosts[to]}: flow id = send index, stage = round. */
  public static List<FlowSpec> flows(List<PipelinedSend> sends, int[] hosts) {
    List<FlowSpec> flows = new ArrayList<>(sends.size());
    for (int i = 0; i < sends.size(); i++) {
      PipelinedSend s = sends.get(i);
      flows.add(new FlowSpec(i, hosts[s.from()], hosts[s.to()], s.bytes(), 0, s.after(), s.round()));
    }
    return Collections.unmodifiableList(flows);
  }

  /**
   * The longest chain of sends that wait for one another, each costing {@code sendPs} of it: a
   * lower bound on the collective's time when a send takes at least that long from its start to
   * its arrival.
   */
  public static long criticalPathPs(List<PipelinedSend> sends, ToLongFunction<PipelinedSend> sendPs) {
    long[] end = new long[sends.size()];
    long longest = 0;
    for (int i = 0; i < end.length; i++) {
      PipelinedSend s = sends.get(i);
      long start = 0;
      for (int j = 0; j < s.afterCount(); j++) {
        start = Math.max(start, end[s.after(j)]);
      }
      end[i] = start + sendPs.applyAsLong(s);
      longest = Math.max(longest, end[i]);
    }
    return longest;
  }
}
