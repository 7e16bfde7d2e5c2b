package org.lbsim.training.chakra;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.lbsim.training.JobSpec;
import org.lbsim.training.chakra.proto.ChakraEt.AttributeProto;
import org.lbsim.training.chakra.proto.ChakraEt.GlobalMetadata;
import org.lbsim.training.chakra.proto.ChakraEt.Node;
import org.lbsim.training.chakra.proto.ChakraEt.NodeType;

/**
 * Writes Chakra traces for the tests: rank files of nodes, and the trace of a training job of
 * {@code job.*} keys with the schedule lbsim's own builder gives it, so that both describe the
 * same iteration.
 */
public final class TraceWriter {
  /** Chakra's CollectiveCommType numbers. */
  public static final int ALL_REDUCE = 0;
  public static final int REDUCE = 1;
  public static final int ALL_GATHER = 2;
  public static final int GATHER = 3;
  public static final int BROADCAST = 5;
  public static final int ALL_TO_ALL = 6;
  public static final int REDUCE_SCATTER = 7;
  public static final int BARRIER = 9;

  private TraceWriter() {}

  /** Writes {@code <prefix>.<r>.et} for every rank r of {@code ranks}: the global metadata, then the nodes. */
  public static void write(Path prefix, List<List<Node>> ranks) throws IOException {
    for (int r = 0; r < ranks.size(); r++) {
      try (OutputStream out = Files.newOutputStream(Path.of(prefix + "." + r + ".et"))) {
        GlobalMetadata.newBuilder().setVersion("0.0.4").build().writeDelimitedTo(out);
        for (Node n : ranks.get(r)) {
          n.writeDelimitedTo(out);
        }
      }
    }
  }

  /** A compute node of {@code micros} after {@code deps}. */
  public static Node compute(long id, String name, long micros, long... deps) {
    return Node.newBuilder().setId(id).setName(name).setType(NodeType.COMP_NODE).setDurationMicros(micros)
        .addAllDataDeps(list(deps)).addAttr(AttributeProto.newBuilder().setName("is_cpu_op").setBoolVal(false)).build();
  }

  /** A collective of Chakra type {@code type} on {@code bytes}, in process group {@code group} ("" = none given). */
  public static Node collective(long id, String name, int type, long bytes, String group, long... deps) {
    Node.Builder b = Node.newBuilder().setId(id).setName(name).setType(NodeType.COMM_COLL_NODE)
        .addAllDataDeps(list(deps)).addAttr(AttributeProto.newBuilder().setName("comm_type").setInt64Val(type))
        .addAttr(AttributeProto.newBuilder().setName("comm_size").setInt64Val(bytes));
    if (!group.isEmpty()) {
      b.addAttr(AttributeProto.newBuilder().setName("pg_name").setStringVal(group));
    }
    return b.build();
  }

  /** A send ({@code send}) or receive of {@code bytes} between ranks {@code src} and {@code dst}. */
  public static Node pointToPoint(long id, boolean send, int src, int dst, long bytes, long... deps) {
    return Node.newBuilder().setId(id).setName(send ? "send" : "recv")
        .setType(send ? NodeType.COMM_SEND_NODE : NodeType.COMM_RECV_NODE).addAllCtrlDeps(list(deps))
        .addAttr(AttributeProto.newBuilder().setName("comm_src").setInt32Val(src))
        .addAttr(AttributeProto.newBuilder().setName("comm_dst").setInt32Val(dst))
        .addAttr(AttributeProto.newBuilder().setName("comm_size").setUint64Val(bytes))
        .addAttr(AttributeProto.newBuilder().setName("comm_tag").setInt32Val(0)).build();
  }

  private static List<Long> list(long... deps) {
    List<Long> out = new ArrayList<>();
    for (long d : deps) {
      if (d >= 0) {
        out.add(d);
      }
    }
    return out;
  }

  /**
   * The trace of one iteration of {@code job} (data parallelism only: tp, pp, micro-batches and
   * ep of 1; compute a whole number of microseconds), in the order and with the dependencies of
   * lbsim's iteration builder: FSDP gathers each layer's weights after the previous gather and the
   * previous layer's start, a zero-time node marks when a layer may start, backward costs twice
   * the forward, gradients are ReduceScattered per layer (FSDP) or AllReduced per bucket (DDP).
   */
  public static void job(Path prefix, JobSpec job) throws IOException {
    if (job.tp() != 1 || job.pp() != 1 || job.microBatches() != 1 || job.ep() != 1 || !job.scope().equals("iteration")) {
      throw new IllegalArgumentException("the writer covers data parallelism only");
    }
    long fwdPs = job.forwardComputePs();
    if (fwdPs % 1_000_000 != 0) {
      throw new IllegalArgumentException("compute must be whole microseconds, got " + fwdPs + " ps");
    }
    long fwd = fwdPs / 1_000_000;
    int layers = job.layersOfStage(0);
    long layerBytes = job.layerBytesPerTpShard();
    List<Node> nodes = new ArrayList<>();
    long[] id = {0};
    long gather = -1;
    long start = -1;
    long cursor = -1;
    for (int l = 0; l < layers; l++) {
      long weights = -1;
      if (job.fsdp()) {
        weights = add(nodes, id, collective(id[0], "all_gather_fwd_" + l, ALL_GATHER, layerBytes, "", gather, start));
        gather = weights;
      }
      start = add(nodes, id, compute(id[0], "layer_" + l + "_start", 0, cursor, weights));
      cursor = add(nodes, id, compute(id[0], "forward_" + l, fwd, start));
    }
    gather = -1;
    start = -1;
    long grads = -1;
    long bucket = 0;
    for (int l = layers - 1; l >= 0; l--) {
      long weights = -1;
      if (job.fsdp()) {
        weights = add(nodes, id, collective(id[0], "all_gather_bwd_" + l, ALL_GATHER, layerBytes, "", gather, start));
        gather = weights;
      }
      start = add(nodes, id, compute(id[0], "layer_" + l + "_backward_start", 0, cursor, weights));
      cursor = add(nodes, id, compute(id[0], "backward_" + l, 2 * fwd, start));
      if (job.fsdp()) {
        grads = add(nodes, id, collective(id[0], "reduce_scatter_" + l, REDUCE_SCATTER, layerBytes, "", cursor, grads));
      } else {
        bucket += layerBytes;
        if (bucket >= job.bucketBytes() || l == 0) {
          grads = add(nodes, id, collective(id[0], "all_reduce_bucket", ALL_REDUCE, bucket, "", cursor, grads));
          bucket = 0;
        }
      }
    }
    List<List<Node>> ranks = new ArrayList<>();
    for (int r = 0; r < job.gpus(); r++) {
      ranks.add(nodes);
    }
    write(prefix, ranks);
  }

  private static long add(List<Node> nodes, long[] id, Node n) {
    nodes.add(n);
    return id[0]++;
  }
}
