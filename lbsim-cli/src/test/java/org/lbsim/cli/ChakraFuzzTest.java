package org.lbsim.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.training.chakra.proto.ChakraEt.AttributeProto;
import org.lbsim.training.chakra.proto.ChakraEt.GlobalMetadata;
import org.lbsim.training.chakra.proto.ChakraEt.Node;
import org.lbsim.training.chakra.proto.ChakraEt.NodeType;

/**
 * Chakra execution traces nobody wrote a case for: a small valid trace of 2 or 4 ranks (compute,
 * an AllReduce, a send and its receive, a barrier) with one to three edits of its nodes — an id,
 * type, duration, name or dependency set to an edge value; an attribute dropped, repeated, renamed
 * or given another type or an edge value; a node dropped, repeated or moved; a rank file dropped
 * or added — and, for one trace in three, one rank file's bytes cut, flipped, extended or replaced.
 *
 * <p>The property: a scenario of the trace on a k = 4 fat tree is read (its rank files read and
 * its iteration built on the fabric, as {@code lbsim run} does before anything runs) or refused
 * with {@link ScenarioException}, each problem one clean line naming a file of the input; nothing
 * else is thrown. A sample of the refused traces goes through {@code lbsim run} too (exit 2, only
 * {@code error:} lines), and the first accepted traces that are tiny (at most 1,024 data packets,
 * within 2 ms) run to the end (exit 0, or 3 when flows do not finish by the limit).
 * {@link FuzzDraw} sizes and seeds the draw.
 */
class ChakraFuzzTest {
  private static final String SCENARIO = "name: trace\ntopology: {k: 4}\nworkload: {kind: chakra, trace: t}\n"
      + "job: {gpus_per_server: 1}\nrun: {limit_ms: 1}\n";
  private static final List<Long> LONGS = List.of(0L, 1L, 2L, 3L, 5L, 7L, -1L, Long.MAX_VALUE, Long.MIN_VALUE,
      1L << 31, 1L << 32, 1_000_000_000L, 1_000_000_001L, 1_000_000_000_000_000L, 1_000_000_000_000_001L);
  private static final List<String> ATTRS = List.of("comm_type", "comm_size", "comm_src", "comm_dst", "comm_tag",
      "pg_name", "is_cpu_op", "");

  @TempDir
  Path dir;

  private final FuzzDraw.HangGuard guard = new FuzzDraw.HangGuard();

  @AfterEach
  void closeGuard() {
    guard.close();
  }

  @Test
  void everyGeneratedTraceIsReadOrRefusedWithOneLinePerProblemNamingItsFile() throws IOException {
    SplittableRandom random = new SplittableRandom(FuzzDraw.SEED + 23);
    ScenarioDraw draw = new ScenarioDraw(guard);
    for (int i = 0; i < FuzzDraw.INPUTS; i++) {
      Path folder = FuzzDraw.fresh(dir.resolve("input"));
      List<List<Node.Builder>> ranks = valid(random.nextInt(4) == 0 ? 4 : 2);
      StringBuilder edits = new StringBuilder();
      for (int e = 1 + random.nextInt(3); e > 0; e--) {
        edits.append(edit(ranks, random)).append("; ");
      }
      write(folder, ranks);
      if (random.nextInt(3) == 0) {
        edits.append(mangle(folder, ranks.size(), random));
      }
      Path scenario = folder.resolve("s.yaml");
      Files.writeString(scenario, SCENARIO);
      String what = "trace " + i + " (" + ranks.size() + " ranks): " + edits;
      List<String> names = List.of(folder.toString());
      draw.judge(i, scenario, folder, names, what);
    }
    draw.check("traces");
  }

  /**
   * Per rank: compute, an AllReduce of 4 KiB in group dp, a send of 1 KiB to the next rank of its
   * pair (or the receive from it), a barrier, then compute.
   */
  private static List<List<Node.Builder>> valid(int n) {
    List<List<Node.Builder>> ranks = new ArrayList<>();
    for (int r = 0; r < n; r++) {
      boolean send = r % 2 == 0;
      int peer = send ? r + 1 : r - 1;
      List<Node.Builder> nodes = new ArrayList<>();
      nodes.add(Node.newBuilder().setId(1).setName("fwd").setType(NodeType.COMP_NODE).setDurationMicros(1 + r)
          .addAttr(attr("is_cpu_op").setBoolVal(false)));
      nodes.add(Node.newBuilder().setId(2).setName("ar").setType(NodeType.COMM_COLL_NODE).addDataDeps(1)
          .addAttr(attr("comm_type").setInt64Val(0)).addAttr(attr("comm_size").setInt64Val(4096))
          .addAttr(attr("pg_name").setStringVal("dp")));
      nodes.add(Node.newBuilder().setId(3).setName(send ? "send" : "recv")
          .setType(send ? NodeType.COMM_SEND_NODE : NodeType.COMM_RECV_NODE).addCtrlDeps(2)
          .addAttr(attr("comm_src").setInt32Val(send ? r : peer)).addAttr(attr("comm_dst").setInt32Val(send ? peer : r))
          .addAttr(attr("comm_size").setUint64Val(1024)).addAttr(attr("comm_tag").setInt32Val(0)));
      nodes.add(Node.newBuilder().setId(4).setName("barrier").setType(NodeType.COMM_COLL_NODE).addDataDeps(3)
          .addAttr(attr("comm_type").setInt64Val(9)));
      nodes.add(Node.newBuilder().setId(5).setName("opt").setType(NodeType.COMP_NODE).setDurationMicros(1).addDataDeps(4));
      ranks.add(nodes);
    }
    return ranks;
  }

  private static AttributeProto.Builder attr(String name) {
    return AttributeProto.newBuilder().setName(name);
  }

  /** One edit of the nodes or ranks; returns what it did, for the failure message. */
  private static String edit(List<List<Node.Builder>> ranks, SplittableRandom random) {
    int r = random.nextInt(ranks.size());
    List<Node.Builder> nodes = ranks.get(r);
    if (nodes.isEmpty()) {
      nodes.add(Node.newBuilder().setId(1).setType(NodeType.COMP_NODE));
    }
    int j = random.nextInt(nodes.size());
    Node.Builder n = nodes.get(j);
    String at = "rank " + r + " node " + j + ": ";
    long x = FuzzDraw.pick(LONGS, random);
    switch (random.nextInt(14)) {
      case 0 -> n.setId(x);
      case 1 -> n.setTypeValue(random.nextInt(13) - 1);
      case 2 -> n.setDurationMicros(x);
      case 3 -> n.addDataDeps(x);
      case 4 -> n.clearCtrlDeps().clearDataDeps();
      case 5 -> n.setName(FuzzDraw.edge(random));
      case 6, 7 -> {
        if (n.getAttrCount() == 0) {
          return at + "no attribute to edit";
        }
        int a = random.nextInt(n.getAttrCount());
        AttributeProto.Builder b = n.getAttrBuilder(a);
        switch (random.nextInt(8)) {
          case 0 -> b.setInt64Val(x);
          case 1 -> b.setUint64Val(x);
          case 2 -> b.setInt32Val((int) x);
          case 3 -> b.setStringVal(FuzzDraw.edge(random));
          case 4 -> b.setDoubleVal(x * 0.5);
          case 5 -> b.setBoolVal(true);
          case 6 -> b.setName(FuzzDraw.pick(ATTRS, random));
          default -> b.clearValue();
        }
        return at + "attribute " + a + " -> " + b.build().toString().replace('\n', ' ');
      }
      case 8 -> {
        if (n.getAttrCount() > 0) {
          n.removeAttr(random.nextInt(n.getAttrCount()));
        }
      }
      case 9 -> {
        if (n.getAttrCount() > 0) {
          n.addAttr(n.getAttr(random.nextInt(n.getAttrCount())));
        }
      }
      case 10 -> nodes.remove(j);
      case 11 -> nodes.add(random.nextInt(nodes.size() + 1), n.clone());
      case 12 -> nodes.add(random.nextInt(nodes.size()), nodes.remove(j));
      default -> {
        if (random.nextBoolean() && ranks.size() > 1) {
          ranks.remove(ranks.size() - 1);
          return "last rank dropped";
        }
        ranks.add(new ArrayList<>());
        return "an empty rank added";
      }
    }
    return at + "edit -> " + n.build().toString().replace('\n', ' ');
  }

  private static void write(Path folder, List<List<Node.Builder>> ranks) throws IOException {
    for (int r = 0; r < ranks.size(); r++) {
      try (OutputStream out = Files.newOutputStream(folder.resolve("t." + r + ".et"))) {
        GlobalMetadata.newBuilder().setVersion("0.0.4").build().writeDelimitedTo(out);
        for (Node.Builder n : ranks.get(r)) {
          n.build().writeDelimitedTo(out);
        }
      }
    }
  }

  /** One byte-level edit of one rank file: cut, a byte flipped or inserted, bytes appended, or the file replaced. */
  private static String mangle(Path folder, int ranks, SplittableRandom random) throws IOException {
    int r = random.nextInt(ranks);
    Path f = folder.resolve("t." + r + ".et");
    byte[] b = Files.readAllBytes(f);
    int at = b.length == 0 ? 0 : random.nextInt(b.length);
    byte[] out;
    String what;
    switch (random.nextInt(6)) {
      case 0 -> {
        out = java.util.Arrays.copyOf(b, at);
        what = "cut at " + at;
      }
      case 1 -> {
        out = b.clone();
        if (out.length > 0) {
          out[at] ^= (byte) (1 << random.nextInt(8));
        }
        what = "bit flipped at " + at;
      }
      case 2 -> {
        out = new byte[b.length + 1];
        System.arraycopy(b, 0, out, 0, at);
        out[at] = (byte) random.nextInt(256);
        System.arraycopy(b, at, out, at + 1, b.length - at);
        what = "byte inserted at " + at;
      }
      case 3 -> {
        byte[] tail = FuzzDraw.pick(List.of(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f},
            new byte[] {0}, new byte[] {(byte) 0x80}, new byte[] {2, 8}), random);
        out = java.util.Arrays.copyOf(b, b.length + tail.length);
        System.arraycopy(tail, 0, out, b.length, tail.length);
        what = "appended " + java.util.HexFormat.of().formatHex(tail);
      }
      case 4 -> {
        out = new byte[0];
        what = "emptied";
      }
      default -> {
        out = "nodes:\n  - id: 1\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        what = "replaced by text";
      }
    }
    Files.write(f, out);
    return "rank file " + r + " " + what;
  }
}
