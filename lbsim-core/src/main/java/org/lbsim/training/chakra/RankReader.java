package org.lbsim.training.chakra;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.lbsim.training.chakra.TraceNode.Collective;
import org.lbsim.training.chakra.TraceNode.Kind;
import org.lbsim.training.chakra.proto.ChakraEt.AttributeProto;
import org.lbsim.training.chakra.proto.ChakraEt.GlobalMetadata;
import org.lbsim.training.chakra.proto.ChakraEt.Node;

/**
 * Reads one rank's {@code .et} file: length-delimited protobuf messages, the global metadata first,
 * then the nodes. Every node is checked here (its type, the attributes lbsim reads, its
 * dependencies); what needs other ranks (matching collectives, sends and receives) is checked when
 * the trace becomes a graph ({@link TraceGraph}).
 *
 * <p>Node types: compute, memory, metadata, storage, batch and checkpoint nodes are local steps
 * of their {@code duration_micros}; collectives, sends and receives become flows; a node of a
 * type number Chakra does not define (or 0, INVALID_NODE) is skipped and counted when its
 * duration is 0, and refused otherwise, since dropping its time would change the result.
 * Attributes lbsim does not read are counted by name.
 */
final class RankReader {
  /** A rank file larger than this is refused before it is read. */
  static final long MAX_FILE_BYTES = 1L << 30;
  /** Longest duration_micros lbsim takes: 1e9 us, 1000 s. */
  static final long MAX_DURATION_US = 1_000_000_000L;
  /** Largest comm_size: 1e15 B. */
  static final long MAX_BYTES = 1_000_000_000_000_000L;
  private static final String FORMAT = "length-delimited Chakra messages: the global metadata, then nodes";
  private static final Set<String> READ = Set.of("comm_type", "comm_size", "comm_src", "comm_dst", "comm_tag", "pg_name");

  private final int rank;
  private final int ranks;
  private final String file;
  private final Map<String, Integer> skippedNodes = new TreeMap<>();
  private final Map<String, Integer> skippedAttributes = new TreeMap<>();

  private RankReader(int rank, int ranks, Path file) {
    this.rank = rank;
    this.ranks = ranks;
    this.file = file.toString();
  }

  /** Rank {@code rank} of {@code ranks} from {@code file}. */
  static RankTrace read(int rank, int ranks, Path file) {
    return new RankReader(rank, ranks, file).read(file);
  }

  private RankTrace read(Path path) {
    List<TraceNode> nodes = new ArrayList<>();
    try {
      long size = Files.size(path);
      if (size > MAX_FILE_BYTES) {
        throw new TraceException(file, "the rank file is too large", size + " B", "at most " + MAX_FILE_BYTES + " B");
      }
      try (InputStream in = new BufferedInputStream(Files.newInputStream(path))) {
        long[] left = {size};
        byte[] meta = message(in, left, "the global metadata");
        if (meta == null) {
          throw new TraceException(file, "empty file", "0 B", FORMAT);
        }
        parse(() -> GlobalMetadata.parseFrom(meta), "the global metadata");
        while (true) {
          String what = "node " + (nodes.size() + 1) + " of the file";
          byte[] m = message(in, left, what);
          if (m == null) {
            break;
          }
          nodes.add(node(parse(() -> Node.parseFrom(m), what)));
        }
      }
    } catch (IOException e) {
      throw new TraceException(file, "cannot read the rank file", String.valueOf(e.getMessage()), "a readable file");
    }
    checkDependencies(nodes);
    return new RankTrace(rank, Path.of(file), nodes, skippedNodes, skippedAttributes);
  }

  /**
   * The next message's bytes: a varint byte count, then exactly that many bytes (a message cut
   * short is refused, even where the cut falls between two of its fields); null at the end of
   * the file.
   */
  private byte[] message(InputStream in, long[] left, String what) throws IOException {
    int first = in.read();
    if (first < 0) {
      return null;
    }
    int length = parse(() -> CodedInputStream.readRawVarint32(first, in), what);
    left[0] -= CodedOutputStream.computeUInt32SizeNoTag(length);
    if (length < 0 || length > left[0]) {
      throw new TraceException(file, "cannot read " + what, "the file ends inside it (truncated: " + Math.max(0, left[0])
          + " of " + Integer.toUnsignedString(length) + " bytes)", FORMAT);
    }
    left[0] -= length;
    byte[] b = in.readNBytes(length);
    if (b.length < length) {
      throw new TraceException(file, "cannot read " + what, "the file ends inside it (truncated)", FORMAT);
    }
    return b;
  }

  @FunctionalInterface
  private interface Parse<T> {
    T next() throws IOException;
  }

  private <T> T parse(Parse<T> p, String what) throws IOException {
    try {
      return p.next();
    } catch (InvalidProtocolBufferException e) {
      String m = String.valueOf(e.getMessage());
      String got = m.contains("ended unexpectedly") ? "the file ends inside it (truncated)" : m.split("\\.")[0];
      throw new TraceException(file, "cannot read " + what, got, FORMAT);
    }
  }

  /** The node as lbsim simulates it, or null when it is skipped. */
  private TraceNode node(Node n) {
    long id = n.getId();
    String label = "rank " + rank + " node " + Long.toUnsignedString(id) + (n.getName().isEmpty() ? "" : " '" + n.getName() + "'");
    long us = n.getDurationMicros();
    if (us < 0 || us > MAX_DURATION_US) {
      throw new TraceException(file, label + ": duration_micros out of range", Long.toUnsignedString(us),
          "0 to " + MAX_DURATION_US + " microseconds");
    }
    long[] deps = new long[n.getCtrlDepsCount() + n.getDataDepsCount()];
    for (int i = 0; i < n.getCtrlDepsCount(); i++) {
      deps[i] = n.getCtrlDeps(i);
    }
    for (int i = 0; i < n.getDataDepsCount(); i++) {
      deps[n.getCtrlDepsCount() + i] = n.getDataDeps(i);
    }
    Map<String, AttributeProto> attrs = attributes(n, label);
    int type = n.getTypeValue();
    return switch (type) {
      case 1, 2, 3, 4, 8, 9, 10 -> new TraceNode(id, n.getName(), Kind.LOCAL, us * 1_000_000, deps, null, 0, "", -1, 0);
      case 7 -> collective(n, label, deps, attrs);
      case 5, 6 -> pointToPoint(n, label, deps, attrs, type == 5);
      default -> {
        if (us != 0) {
          throw new TraceException(file, label + ": node type " + type + " is not one lbsim knows, and skipping it would "
              + "drop its " + us + " us", Integer.toString(type), "1 to 10 (Chakra's NodeType), or any type with "
              + "duration_micros 0, which is skipped");
        }
        skippedNodes.merge(Integer.toString(type), 1, Integer::sum);
        yield new TraceNode(id, n.getName(), Kind.SKIPPED, 0, deps, null, 0, "", -1, 0);
      }
    };
  }

  private TraceNode collective(Node n, String label, long[] deps, Map<String, AttributeProto> attrs) {
    AttributeProto type = attrs.get("comm_type");
    if (type == null) {
      throw new TraceException(file, label + ": a collective without comm_type", "none", Collective.allowed());
    }
    long number = integer(type, label);
    Collective c = Collective.of(number);
    if (c == null) {
      throw new TraceException(file, label + ": comm_type " + number + " is not a collective lbsim models",
          Long.toString(number), Collective.allowed());
    }
    long bytes = c == Collective.BARRIER ? 0 : size(attrs, label);
    String group = attrs.containsKey("pg_name") ? text(attrs.get("pg_name"), label) : "";
    return new TraceNode(n.getId(), n.getName(), Kind.COLLECTIVE, 0, deps, c, bytes, group, -1, 0);
  }

  private TraceNode pointToPoint(Node n, String label, long[] deps, Map<String, AttributeProto> attrs, boolean send) {
    String peerKey = send ? "comm_dst" : "comm_src";
    String selfKey = send ? "comm_src" : "comm_dst";
    AttributeProto p = attrs.get(peerKey);
    String allowed = "a rank from 0 to " + (ranks - 1) + " other than " + rank;
    if (p == null) {
      throw new TraceException(file, label + ": a " + (send ? "send" : "receive") + " without " + peerKey, "none", allowed);
    }
    long peer = integer(p, label);
    if (peer < 0 || peer >= ranks || peer == rank) {
      throw new TraceException(file, label + ": " + peerKey + " is not another rank of the trace", Long.toString(peer), allowed);
    }
    if (attrs.containsKey(selfKey) && integer(attrs.get(selfKey), label) != rank) {
      throw new TraceException(file, label + ": " + selfKey + " must be the file's own rank",
          Long.toString(integer(attrs.get(selfKey), label)), Integer.toString(rank));
    }
    long tag = attrs.containsKey("comm_tag") ? integer(attrs.get("comm_tag"), label) : 0;
    return new TraceNode(n.getId(), n.getName(), send ? Kind.SEND : Kind.RECV, 0, deps, null, size(attrs, label), "",
        (int) peer, tag);
  }

  private long size(Map<String, AttributeProto> attrs, String label) {
    AttributeProto a = attrs.get("comm_size");
    if (a == null) {
      throw new TraceException(file, label + ": communication without comm_size", "none", "1 to " + MAX_BYTES + " bytes");
    }
    long bytes = integer(a, label);
    if (bytes < 1 || bytes > MAX_BYTES) {
      throw new TraceException(file, label + ": comm_size out of range", Long.toString(bytes), "1 to " + MAX_BYTES + " bytes");
    }
    return bytes;
  }

  /** The attributes lbsim reads, by name; every other one is counted. */
  private Map<String, AttributeProto> attributes(Node n, String label) {
    Map<String, AttributeProto> out = new HashMap<>();
    for (AttributeProto a : n.getAttrList()) {
      if (!READ.contains(a.getName())) {
        skippedAttributes.merge(a.getName(), 1, Integer::sum);
      } else if (out.put(a.getName(), a) != null) {
        throw new TraceException(file, label + ": attribute " + a.getName() + " given twice", a.getName(), "each once");
      }
    }
    return out;
  }

  /** An integer attribute of any of protobuf's integer types. */
  private long integer(AttributeProto a, String label) {
    long v;
    boolean unsignedTooLarge = false;
    switch (a.getValueCase()) {
      case INT32_VAL -> v = a.getInt32Val();
      case INT64_VAL -> v = a.getInt64Val();
      case SINT32_VAL -> v = a.getSint32Val();
      case SINT64_VAL -> v = a.getSint64Val();
      case SFIXED32_VAL -> v = a.getSfixed32Val();
      case SFIXED64_VAL -> v = a.getSfixed64Val();
      case UINT32_VAL -> v = Integer.toUnsignedLong(a.getUint32Val());
      case FIXED32_VAL -> v = Integer.toUnsignedLong(a.getFixed32Val());
      case UINT64_VAL -> {
        v = a.getUint64Val();
        unsignedTooLarge = v < 0;
      }
      case FIXED64_VAL -> {
        v = a.getFixed64Val();
        unsignedTooLarge = v < 0;
      }
      default -> throw new TraceException(file, label + ": attribute " + a.getName() + " must be an integer",
          a.getValueCase().name().toLowerCase(java.util.Locale.ROOT), "an integer value (int32_val, int64_val, uint32_val, ...)");
    }
    if (unsignedTooLarge) {
      throw new TraceException(file, label + ": attribute " + a.getName() + " out of range", Long.toUnsignedString(v),
          "at most " + Long.MAX_VALUE);
    }
    return v;
  }

  private String text(AttributeProto a, String label) {
    if (a.getValueCase() != AttributeProto.ValueCase.STRING_VAL) {
      throw new TraceException(file, label + ": attribute " + a.getName() + " must be a string",
          a.getValueCase().name().toLowerCase(java.util.Locale.ROOT), "string_val");
    }
    return a.getStringVal();
  }

  /** Node ids are unique and every dependency names a node of the same file. */
  private void checkDependencies(List<TraceNode> nodes) {
    Set<Long> ids = new HashSet<>();
    for (TraceNode t : nodes) {
      if (!ids.add(t.id())) {
        throw new TraceException(file, "node id " + Long.toUnsignedString(t.id()) + " appears twice on rank " + rank,
            Long.toUnsignedString(t.id()), "unique node ids within a rank file");
      }
    }
    for (TraceNode t : nodes) {
      for (long d : t.deps()) {
        if (!ids.contains(d)) {
          throw new TraceException(file, t.label(rank) + ": depends on node " + Long.toUnsignedString(d)
              + ", which the file does not hold", Long.toUnsignedString(d), "ids of nodes of the same rank file");
        }
      }
    }
  }
}
