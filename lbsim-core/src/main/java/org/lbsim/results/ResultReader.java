package org.lbsim.results;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.QueueSeries;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.Scenario;
import org.lbsim.transport.FlowOutcome;

/**
 * Reads a result folder that {@link ResultWriter} wrote back into the {@link RunResult} of its
 * scenario. Every number an analysis reads comes back as the files hold it: the flows and ports
 * in full, the counters, CCT, bound, events and training metrics of {@code summary.json}, the
 * queue series of {@code queues.csv}. The settings are the scenario's own (the summary leaves out
 * the keys that are silent at their default). What the files do not keep stays out: a port's
 * mean queue and utilization come back at the precision {@code ports.csv} prints them (2 and 6
 * decimals), and the reasons for unfinished flows only for the flows the summary lists.
 */
public final class ResultReader {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final CSVFormat CSV = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();

  /** A result folder that cannot be read back: the file and what is wrong with it. */
  public static final class UnreadableResults extends Exception {
    private static final long serialVersionUID = 1L;

    UnreadableResults(String message) {
      super(message);
    }
  }

  private ResultReader() {}

  /** The events engine.json records, 0 when the folder has none (it describes the engine, not the run). */
  private static long engineEvents(Path dir) {
    Path f = dir.resolve(ResultWriter.ENGINE_FILE);
    try {
      return JSON.readTree(f.toFile()).path("events").asLong(0);
    } catch (IOException e) {
      return 0;
    }
  }

  /** The run of {@code s} whose files are in {@code dir}. */
  public static RunResult read(Path dir, Scenario s) throws UnreadableResults {
    Path summaryFile = dir.resolve("summary.json");
    JsonNode summary = summary(summaryFile);
    List<FlowOutcome> flows = flows(dir.resolve("flows.csv"));
    if (flows.size() != SummaryKey.FLOWS.in(summary).asLong(-1)) {
      throw new UnreadableResults(dir.resolve("flows.csv") + ": " + flows.size() + " flows, but " + summaryFile
          + " says " + SummaryKey.FLOWS.in(summary).asText("none"));
    }
    Map<Integer, String> unfinished = new LinkedHashMap<>();
    for (JsonNode u : SummaryKey.UNFINISHED.in(summary)) {
      unfinished.put(u.path("flow").asInt(), u.path("why").asText());
    }
    Map<String, Long> counters = JSON.convertValue(SummaryKey.COUNTERS.in(summary),
        new TypeReference<LinkedHashMap<String, Long>>() {});
    RunResult r = new RunResult(s.name(), s.identity().values(), SummaryKey.CCT.whole(summary, summaryFile),
        SummaryKey.LOWER_BOUND.whole(summary, summaryFile), SummaryKey.SIMULATED_END.whole(summary, summaryFile),
        engineEvents(dir), flows, ports(dir.resolve("ports.csv")), counters, unfinished);
    if (summary.has(SummaryKey.TRAINING.key())) {
      r = r.withTraining(JSON.convertValue(SummaryKey.TRAINING.in(summary),
          new TypeReference<LinkedHashMap<String, Object>>() {}));
    }
    Path queues = dir.resolve("queues.csv");
    return Files.isRegularFile(queues) ? r.withQueues(queues(queues)) : r;
  }

  private static JsonNode summary(Path file) throws UnreadableResults {
    try {
      JsonNode n = JSON.readTree(file.toFile());
      if (n == null || !n.isObject()) {
        throw new UnreadableResults(file + ": not a JSON object");
      }
      return n;
    } catch (IOException e) {
      throw new UnreadableResults(file + ": cannot read it (" + firstLine(e) + ")");
    }
  }

  private static List<FlowOutcome> flows(Path file) throws UnreadableResults {
    List<FlowOutcome> out = new ArrayList<>();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8); CSVParser p = CSV.parse(in)) {
      for (CSVRecord r : p) {
        try {
          out.add(FlowColumn.outcome(c -> Long.parseLong(r.get(c.header()))));
        } catch (IllegalArgumentException | IllegalStateException | ArithmeticException e) {
          throw new UnreadableResults(file + ": line " + (r.getRecordNumber() + 1) + ": " + e.getMessage());
        }
      }
    } catch (IOException | IllegalArgumentException | IllegalStateException e) {
      throw new UnreadableResults(file + ": cannot read it (" + firstLine(e) + ")");
    }
    return out;
  }

  private static List<PortStats> ports(Path file) throws UnreadableResults {
    List<PortStats> out = new ArrayList<>();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8); CSVParser p = CSV.parse(in)) {
      for (CSVRecord r : p) {
        try {
          out.add(PortColumn.stats(c -> r.get(c.header())));
        } catch (IllegalArgumentException | IllegalStateException e) {
          throw new UnreadableResults(file + ": line " + (r.getRecordNumber() + 1) + ": " + e.getMessage());
        }
      }
    } catch (IOException | IllegalArgumentException | IllegalStateException e) {
      throw new UnreadableResults(file + ": cannot read it (" + firstLine(e) + ")");
    }
    return out;
  }

  /** queues.csv ({@link QueueColumn}): one port's samples together, at 0, interval, 2 × interval, ... */
  private static QueueSeries queues(Path file) throws UnreadableResults {
    Map<String, List<Long>> byPort = new LinkedHashMap<>();
    long interval = 0;
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8); CSVParser p = CSV.parse(in)) {
      for (CSVRecord r : p) {
        try {
          List<Long> samples = byPort.computeIfAbsent(r.get(QueueColumn.PORT.header()), k -> new ArrayList<>());
          String time = r.get(QueueColumn.TIME.header());
          long t = QueueColumn.TIME.number(time);
          if (samples.size() == 1 && interval == 0) {
            interval = t;
          }
          if (t != samples.size() * interval) {
            throw new UnreadableResults(file + ": line " + (r.getRecordNumber() + 1) + ": sample at " + time
                + " us is not the port's sample " + samples.size() + " at a fixed interval");
          }
          samples.add(QueueColumn.QUEUE.number(r.get(QueueColumn.QUEUE.header())));
        } catch (IllegalArgumentException | IllegalStateException | ArithmeticException e) {
          throw new UnreadableResults(file + ": line " + (r.getRecordNumber() + 1) + ": " + e.getMessage());
        }
      }
    } catch (IOException | IllegalArgumentException | IllegalStateException e) {
      throw new UnreadableResults(file + ": cannot read it (" + firstLine(e) + ")");
    }
    List<long[]> bytes = new ArrayList<>();
    byPort.values().forEach(l -> bytes.add(l.stream().mapToLong(Long::longValue).toArray()));
    return new QueueSeries(interval, List.copyOf(byPort.keySet()), bytes);
  }

  private static String firstLine(Exception e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse("");
  }
}
