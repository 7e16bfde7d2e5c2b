package org.lbsim.training.chakra;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Chakra execution trace: one file per rank, {@code <prefix>.<rank>.et} for ranks 0..N-1 (the
 * names Chakra's converter and ASTRA-sim use), read with {@link RankReader}.
 */
public final class ChakraTrace {
  /** Most ranks a trace may have. */
  static final int MAX_RANKS = 65_536;

  private final Path prefix;
  private final List<RankTrace> ranks;

  private ChakraTrace(Path prefix, List<RankTrace> ranks) {
    this.prefix = prefix;
    this.ranks = List.copyOf(ranks);
  }

  /** Reads every rank file of {@code prefix}; a {@link TraceException} says what is wrong. */
  public static ChakraTrace read(Path prefix) {
    List<Path> files = files(prefix);
    List<RankTrace> ranks = new ArrayList<>(files.size());
    for (int r = 0; r < files.size(); r++) {
      ranks.add(RankReader.read(r, files.size(), files.get(r)));
    }
    return new ChakraTrace(prefix, ranks);
  }

  /**
   * The rank files of {@code prefix} in rank order: every {@code <prefix>.<n>.et} in its folder,
   * which must number 0..N-1 without a gap.
   */
  static List<Path> files(Path prefix) {
    Path dir = prefix.toAbsolutePath().getParent();
    String base = prefix.getFileName() == null ? "" : prefix.getFileName().toString();
    String shown = prefix + ".<rank>.et";
    if (dir == null || base.isEmpty() || !Files.isDirectory(dir)) {
      throw new TraceException(prefix.toString(), "no folder holds the trace", prefix.toString(),
          "a prefix whose rank files " + shown + " exist");
    }
    TreeMap<Integer, Path> found = new TreeMap<>();
    try (DirectoryStream<Path> all = Files.newDirectoryStream(dir)) {
      for (Path p : all) {
        String n = p.getFileName().toString();
        if (n.startsWith(base + ".") && n.endsWith(".et") && n.length() > base.length() + 4) {
          String middle = n.substring(base.length() + 1, n.length() - 3);
          if (middle.matches("0|[1-9][0-9]{0,8}") && Files.isRegularFile(p)) {
            found.put(Integer.parseInt(middle), p);
          }
        }
      }
    } catch (IOException e) {
      throw new TraceException(prefix.toString(), "cannot list the trace's folder", String.valueOf(e.getMessage()),
          "a readable folder");
    }
    if (found.isEmpty()) {
      throw new TraceException(prefix.toString(), "no rank files", shown + " (none found in " + dir + ")",
          "files " + base + ".0.et, " + base + ".1.et, ... next to the prefix");
    }
    if (found.size() > MAX_RANKS) {
      throw new TraceException(prefix.toString(), "too many ranks", Integer.toString(found.size()), "at most " + MAX_RANKS);
    }
    List<Path> out = new ArrayList<>(found.size());
    for (int r = 0; r < found.size(); r++) {
      Path p = found.get(r);
      if (p == null) {
        int last = found.lastKey();
        throw new TraceException(prefix.toString(), "rank file " + base + "." + r + ".et is missing",
            found.size() + " rank files up to rank " + last, "ranks numbered 0 to N-1 without a gap");
      }
      out.add(p);
    }
    return out;
  }

  /** SHA-256 (hex) of every rank file's bytes, in rank order, each length-prefixed. */
  public static String contentHash(Path prefix) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (Path p : files(prefix)) {
        byte[] b = Files.readAllBytes(p);
        sha.update((b.length + ":").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        sha.update(b);
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (IOException e) {
      throw new TraceException(prefix.toString(), "cannot read the trace", String.valueOf(e.getMessage()), "readable rank files");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  public Path prefix() {
    return prefix;
  }

  public int ranks() {
    return ranks.size();
  }

  List<RankTrace> rankTraces() {
    return ranks;
  }

  /** Nodes of all ranks. */
  public long nodes() {
    long n = 0;
    for (RankTrace r : ranks) {
      n += r.nodes().size();
    }
    return n;
  }

  /** Nodes of unknown type skipped, by type number, over all ranks. */
  public Map<String, Integer> skippedNodes() {
    Map<String, Integer> m = new TreeMap<>();
    ranks.forEach(r -> r.skippedNodes().forEach((k, v) -> m.merge(k, v, Integer::sum)));
    return m;
  }

  /** Attributes lbsim does not read, by name, over all ranks. */
  public Map<String, Integer> skippedAttributes() {
    Map<String, Integer> m = new TreeMap<>();
    ranks.forEach(r -> r.skippedAttributes().forEach((k, v) -> m.merge(k, v, Integer::sum)));
    return m;
  }
}
