package org.lbsim.optimize;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * The runs a search has finished, one JSON line each ({@code trials.jsonl}), known by the
 * scenario key of the run (every resolved setting, the seed included; docs/sweeps.md): a search
 * killed at any point and started again reads back every run it finished and runs only the
 * others, and since its decisions depend only on the metrics, it makes the same trials. A line is
 * appended with one write and forced to disk; a torn or unreadable line is ignored (its run is
 * done again). One search at a time holds the store (an OS lock).
 */
public final class TrialStore implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Map<String, Metrics> stored = new HashMap<>();
  /** The keys the file held when opened: runs of an earlier call. */
  private final java.util.Set<String> earlier = new java.util.HashSet<>();
  private final FileChannel channel;
  private int readBack;
  /** Whether the file ends in a torn line, which the next line must not continue. */
  private boolean torn;

  private TrialStore(FileChannel channel) {
    this.channel = channel;
  }

  /** Opens {@code file}, reading the runs it holds; creates it when absent. */
  public static TrialStore open(Path file) {
    try {
      FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.APPEND);
      if (!locked(channel)) {
        channel.close();
        String why = file + ": another optimize is using this trial store; wait for it to finish, or give another --out";
        throw new UncheckedIOException(why, new IOException(why));
      }
      TrialStore s = new TrialStore(channel);
      byte[] bytes = Files.readAllBytes(file);
      s.torn = bytes.length > 0 && bytes[bytes.length - 1] != '\n';
      for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
        try {
          JsonNode n = JSON.readTree(line);
          if (n != null && n.hasNonNull("key") && n.hasNonNull("metrics")) {
            s.stored.put(n.get("key").asText(), JSON.treeToValue(n.get("metrics"), Metrics.class));
          }
        } catch (IOException e) {
          // a torn last line: its run is done again
        }
      }
      s.earlier.addAll(s.stored.keySet());
      return s;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open " + file + ": " + e.getMessage(), e);
    }
  }

  /** Takes the OS lock on the store for as long as it is open (the OS drops it when the process ends). */
  private static boolean locked(FileChannel channel) throws IOException {
    try {
      return channel.tryLock() != null;
    } catch (java.nio.channels.OverlappingFileLockException e) {
      return false; // held by this process
    }
  }

  /**
   * The metrics stored under {@code key}, or null. A run of this call stored before is returned
   * too (two conditions may resolve to the same scenario), but only those of an earlier call
   * count as read back.
   */
  synchronized Metrics get(String key) {
    Metrics m = stored.get(key);
    if (m != null && earlier.contains(key)) {
      readBack++;
    }
    return m;
  }

  /** Appends a finished run. */
  synchronized void put(String key, Metrics m) {
    ObjectNode n = JSON.createObjectNode();
    n.put("key", key);
    n.set("metrics", JSON.valueToTree(m));
    try {
      String line = (torn ? "\n" : "") + JSON.writeValueAsString(n) + "\n";
      channel.write(ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8)));
      torn = false;
      channel.force(false);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the trial store: " + e.getMessage(), e);
    }
    stored.put(key, m);
  }

  /** How many runs of an earlier call were read back instead of run. */
  public synchronized int readBack() {
    return readBack;
  }

  @Override
  public void close() {
    try {
      channel.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
