package org.lbsim.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.lbsim.metrics.QueueSeries;
import org.lbsim.metrics.EngineStats;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.ScenarioKey;
import org.lbsim.transport.FlowOutcome;

/**
 * Writes a run's result files into a folder: {@code summary.json}, {@code flows.csv} (one row
 * per flow), {@code ports.csv} (one row per egress port), {@code queues.csv} when queues were
 * sampled, and {@code scenario.key} when the scenario's key is given; beside them
 * {@code engine.json}, how the engine computed the run. The folder is replaced as a whole
 * ({@link ResultFolder}): it always holds exactly one run's files, never half of them and never a
 * file of an earlier run. Nothing time- or machine-dependent goes in: the same scenario and seed
 * give byte-identical result files for every {@code engine.threads}, and the same engine.json for
 * the same thread count.
 */
public final class ResultWriter {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  /** How the engine computed the run (threads, windows, events): not a result, and not the same for every thread count. */
  public static final String ENGINE_FILE = "engine.json";

  private ResultWriter() {}

  /** Replaces {@code dir} with the run's files, without a scenario key. */
  public static void write(RunResult r, Path dir) {
    write(r, dir, null);
  }

  /** Replaces {@code dir} with the run's files and {@code scenarioKey} ({@link ScenarioKey}; null = none). */
  public static void write(RunResult r, Path dir, String scenarioKey) {
    write(r, dir, scenarioKey, r.flows().size() >= FLOWS_ON_A_SECOND_THREAD);
  }

  /** As {@link #write(RunResult, Path)}, flows.csv on a second thread when {@code aside}. */
  static void write(RunResult r, Path dir, boolean aside) {
    write(r, dir, null, aside);
  }

  static void write(RunResult r, Path dir, String scenarioKey, boolean aside) {
    ResultFolder.replace(dir, scenarioKey, tmp -> writeFiles(r, tmp, aside));
  }

  private static void writeFiles(RunResult r, Path dir, boolean aside) throws IOException {
    // flows.csv (one row per flow) is most of the writing, and in a fresh JVM the CSV code still
    // runs interpreted. A run's work is done by now and the files are independent, so a large
    // flows.csv goes on a second thread while this one writes the rest.
    FutureTask<Void> flows = new FutureTask<>(() -> {
      writeFile(dir.resolve("flows.csv"), w -> writeFlows(r, w));
      return null;
    });
    if (aside) {
      Thread t = new Thread(flows, "lbsim-write-flows");
      t.setDaemon(true);
      t.start();
    } else {
      flows.run();
    }
    IOException failed = null;
    try {
      writeFile(dir.resolve("summary.json"), w -> JSON.writeValue(w, summary(r)));
      writeFile(dir.resolve("ports.csv"), w -> writePorts(r, w));
      if (!r.queues().isEmpty()) {
        writeFile(dir.resolve("queues.csv"), w -> writeQueues(r.queues(), w));
      }
      if (r.engine() != EngineStats.NONE) {
        writeFile(dir.resolve(ENGINE_FILE), w -> JSON.writeValue(w, r.engine().toMap()));
      }
    } catch (IOException e) {
      failed = e;
    }
    try {
      flows.get(); // wait for flows.csv even when another file failed: no thread outlives the call
    } catch (ExecutionException e) {
      if (failed == null) {
        failed = e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while writing " + dir.resolve("flows.csv"), e);
    }
    if (failed != null) {
      throw failed;
    }
  }

  /** Below this many flows, flows.csv is written on the calling thread: a thread would cost more than it saves. */
  static final int FLOWS_ON_A_SECOND_THREAD = 2_000;

  /** Long format, one row per port and sample ({@link QueueColumn}), hottest port first. */
  private static void writeQueues(QueueSeries q, Writer w) throws IOException {
    CsvRows csv = new CsvRows(w);
    csv.header(QueueColumn.headers());
    QueueColumn[] columns = QueueColumn.values();
    for (int i = 0; i < q.ports().size(); i++) {
      int samples = q.bytes().get(i).length;
      for (int j = 0; j < samples; j++) {
        for (QueueColumn c : columns) {
          c.write(q, i, j, csv);
        }
        csv.end();
      }
    }
  }

  /** The JSON summary as an ordered map ({@link SummaryKey}; also used by the CLI and tests). */
  public static Map<String, Object> summary(RunResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (SummaryKey k : SummaryKey.values()) {
      if (k.writtenFor(r)) {
        m.put(k.key(), k.of(r));
      }
    }
    return m;
  }

  /**
   * Every packet sent was delivered, dropped, returned to its sender, or is still in flight.
   * (That a finished, drained run has nothing in flight but what failed links hold is one of the
   * run's invariants, checked when it ends.)
   */
  public static boolean conservationHolds(RunResult r) {
    Map<String, Long> c = r.counters();
    long sent = c.get("data_sent") + c.get("ack_sent");
    long accounted = c.get("data_delivered") + c.get("data_dropped") + c.getOrDefault("data_returned", 0L)
        + c.get("ack_delivered") + c.get("ack_dropped") + c.get("in_flight_at_end");
    return sent == accounted;
  }

  private static void writeFlows(RunResult r, Writer w) throws IOException {
    CsvRows csv = new CsvRows(w);
    csv.header(FlowColumn.headers());
    FlowColumn[] columns = FlowColumn.values();
    for (FlowOutcome f : r.flows()) {
      for (FlowColumn c : columns) {
        csv.number(c.of(f));
      }
      csv.end();
    }
  }

  private static void writePorts(RunResult r, Writer w) throws IOException {
    CsvRows csv = new CsvRows(w);
    csv.header(PortColumn.headers());
    PortColumn[] columns = PortColumn.values();
    for (PortStats p : r.ports()) {
      for (PortColumn c : columns) {
        c.write(p, csv);
      }
      csv.end();
    }
  }

  @FunctionalInterface
  private interface Body {
    void write(Writer w) throws IOException;
  }

  private static void writeFile(Path target, Body body) throws IOException {
    try (Writer w = Files.newBufferedWriter(target, StandardCharsets.UTF_8)) {
      body.write(w);
    }
  }
}
