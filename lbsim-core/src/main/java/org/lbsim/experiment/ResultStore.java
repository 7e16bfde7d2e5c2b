package org.lbsim.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An append-only log of finished runs: one JSON object per line in {@code runs.jsonl}, keyed by
 * the run's name. A line is written with a single write and forced to disk before the run counts
 * as done, so a process killed at any instant leaves at most one partial last line, which
 * opening the store again cuts off. Thread-safe.
 */
public final class ResultStore implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;
  private final FileChannel channel;
  private final Map<String, JsonNode> done = new LinkedHashMap<>();

  private ResultStore(Path file, FileChannel channel) {
    this.file = file;
    this.channel = channel;
  }

  /** Opens (or creates) the store in {@code dir}, dropping a torn last line if there is one. */
  public static ResultStore open(Path dir) {
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve("runs.jsonl");
      FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
          StandardOpenOption.WRITE);
      ResultStore s = new ResultStore(file, ch);
      s.load();
      return s;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the results store in " + dir + ": " + e.getMessage(), e);
    }
  }

  private void load() throws IOException {
    byte[] all = Files.readAllBytes(file);
    int end = all.length;
    while (end > 0 && all[end - 1] != '\n') {
      end--; // a torn line from a killed writer: not a finished run
    }
    channel.truncate(end);
    channel.position(end);
    String text = new String(all, 0, end, StandardCharsets.UTF_8);
    for (String line : text.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode n = JSON.readTree(line);
      done.put(n.get("run").asText(), n);
    }
  }

  public synchronized boolean contains(String run) {
    return done.containsKey(run);
  }

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

  @Override
  public synchronized void close() {
    try {
      channel.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
