package org.lbsim.experiment;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lbsim.scenario.ScenarioException;

/**
 * An append-only log of finished runs: one JSON object per line in {@code runs.jsonl}, each
 * with the run's name ({@code run}) and the key of the scenario it ran ({@code key},
 * {@link org.lbsim.scenario.ScenarioKey}). When a run name appears on several lines, the last
 * one holds: a run redone because its scenario changed supersedes its old line.
 *
 * <p>A line is written with a single write and forced to disk before the run counts as done, so
 * a process killed at any instant leaves at most one partial last line, which opening the store
 * again cuts off. A line that is not a run record (not JSON, or without its run name) is
 * reported in {@link #warnings()} with its line number and dropped from the file, so its run is
 * done again. One process at a time may hold a store open: it holds an OS lock on
 * {@code .lock} in the store's folder, which the OS releases when the process ends however it
 * ends. Thread-safe.
 */
public final class ResultStore implements AutoCloseable {
  /** The store's file name in its folder. */
  public static final String FILE = "runs.jsonl";
  /** The lock file's name in the store's folder. */
  public static final String LOCK = ".lock";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;
  private final FileChannel lockChannel;
  private final FileLock lock;
  private FileChannel channel;
  private final Map<String, JsonNode> done = new LinkedHashMap<>();
  private final List<String> warnings = new ArrayList<>();

  private ResultStore(Path file, FileChannel lockChannel, FileLock lock) {
    this.file = file;
    this.lockChannel = lockChannel;
    this.lock = lock;
  }

  /**
   * Opens (or creates) the store in {@code dir}: takes its lock, drops a torn last line and any
   * line that is not a run record.
   *
   * @throws ScenarioException if another process (or another open store in this one) holds it
   */
  public static ResultStore open(Path dir) {
    FileChannel lockChannel = null;
    try {
      Files.createDirectories(dir);
      Path lockFile = dir.resolve(LOCK);
      lockChannel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = lockChannel.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        lockChannel.close();
        throw new ScenarioException(List.of(dir + ": another sweep is using this results store (" + lockFile
            + " is locked); wait for it to finish, or give another --out"));
      }
      ResultStore s = new ResultStore(dir.resolve(FILE), lockChannel, lock);
      try {
        s.load();
      } catch (IOException | RuntimeException e) {
        s.close();
        throw e;
      }
      return s;
    } catch (IOException e) {
      closeQuietly(lockChannel);
      throw new UncheckedIOException("cannot open the results store in " + dir + ": " + e.getMessage(), e);
    }
  }

  private void load() throws IOException {
    byte[] all = Files.exists(file) ? Files.readAllBytes(file) : new byte[0];
    int end = all.length;
    while (end > 0 && all[end - 1] != '\n') {
      end--; // a torn line from a killed writer: not a finished run
    }
    String text = new String(all, 0, end, StandardCharsets.UTF_8);
    StringBuilder kept = new StringBuilder();
    boolean dropped = false;
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (i == lines.length - 1 && line.isEmpty()) {
        break; // after the last newline
      }
      if (line.isBlank()) {
        kept.append(line).append('\n');
        continue;
      }
      String why = null;
      JsonNode n = null;
      try {
        n = JSON.readTree(line);
        if (n == null || !n.isObject()) {
          why = "not a JSON object";
        } else if (!n.hasNonNull("run") || !n.get("run").isTextual() || n.get("run").asText().isEmpty()) {
          why = "no \"run\" name";
        } else if (n.has("key") && !n.get("key").isTextual()) {
          why = "\"key\" is not text";
        }
      } catch (JacksonException e) {
        why = "not JSON";
      }
      if (why != null) {
        warnings.add("warning: " + file + ":" + (i + 1) + ": not a run record (" + why + "); that run will be redone");
        dropped = true;
        continue;
      }
      kept.append(line).append('\n');
      done.put(n.get("run").asText(), n);
    }
    if (dropped) {
      Path tmp = file.resolveSibling(FILE + ".tmp");
      Files.writeString(tmp, kept, StandardCharsets.UTF_8);
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ch.force(true);
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
    channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    if (!dropped && channel.size() != end) {
      channel.truncate(end);
    }
    channel.position(channel.size());
  }

  /** The problems found on opening, one line each ({@code warning: <file>:<line>: ...}). */
  public List<String> warnings() {
    return List.copyOf(warnings);
  }

  public Path file() {
    return file;
  }

  /** Whether a run of this name is stored, whatever scenario it ran. */
  public synchronized boolean contains(String run) {
    return done.containsKey(run);
  }

  /** Whether the run is stored as a run of the scenario with this key. */
  public synchronized boolean contains(String run, String key) {
    JsonNode n = done.get(run);
    return n != null && n.hasNonNull("key") && n.get("key").asText().equals(key);
  }

  /** The last line of every stored run, by run name. */
  public synchronized Map<String, JsonNode> records() {
    return new LinkedHashMap<>(done);
  }

  /** Appends one finished run; returns only once it is on disk. */
  public synchronized void append(Map<String, Object> record) {
    try {
      String run = (String) record.get("run");
      byte[] line = (JSON.writeValueAsString(record) + "\n").getBytes(StandardCharsets.UTF_8);
      ByteBuffer buf = ByteBuffer.wrap(line);
      while (buf.hasRemaining()) {
        channel.write(buf);
      }
      channel.force(false);
      done.put(run, JSON.readTree(line));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to " + file + ": " + e.getMessage(), e);
    }
  }

  /** Closes the file and releases the lock. */
  @Override
  public synchronized void close() {
    try {
      if (channel != null) {
        channel.close();
      }
      if (lock.isValid()) {
        lock.release();
      }
      lockChannel.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void closeQuietly(FileChannel ch) {
    if (ch == null) {
      return;
    }
    try {
      ch.close();
    } catch (IOException e) {
      // nothing held
    }
  }
}
