package org.lbsim.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.lbsim.results.FlowColumn;
import org.lbsim.results.PortColumn;
import org.lbsim.results.QueueColumn;
import org.lbsim.results.RunList;

/**
 * Finds the runs under a results folder and reads their files. A run is any folder holding a
 * {@code summary.json}, so one loader covers a single run, {@code run}'s output, a sweep
 * ({@code runs/<run>/}) and a reproduce preset alike, without knowing which produced it. A
 * folder whose {@value #MANIFEST} lists its current runs (one folder name per line, as
 * {@code recommend} writes it) gives only those: runs of an earlier command left in the folder
 * never enter its report.
 */
final class RunLoader {
  /** Deep enough for {@code results/<sweep>/runs/<run>}, shallow enough to stay quick. */
  private static final int MAX_DEPTH = 6;
  /** The list of a results folder's current runs. */
  static final String MANIFEST = RunList.FILE;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final CSVFormat CSV = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();
  private static final String QUEUE_HEADERS = String.join(",", QueueColumn.headers());

  private RunLoader() {}

  static List<RunData> load(Path root) {
    return loadListed(root).runs();
  }

  /**
   * The runs a report draws, and the run folders left out because the folder's {@value #MANIFEST}
   * does not list them (empty without one).
   */
  record Loaded(List<RunData> runs, List<String> leftOut) {}

  static Loaded loadListed(Path root) {
    if (!Files.isDirectory(root)) {
      throw new ReportException(root + ": no such folder");
    }
    List<Path> dirs;
    try (Stream<Path> s = Files.walk(root, MAX_DEPTH)) {
      // sorted by relative path so the same results always give the same report; folders whose
      // name starts with '.' are a result folder's write in progress or its replaced copy
      dirs = s.filter(p -> p.getFileName().toString().equals("summary.json") && Files.isRegularFile(p))
          .map(Path::getParent)
          .filter(d -> !inWorkFolder(root.relativize(d)))
          .sorted(Comparator.comparing(p -> root.relativize(p).toString()))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root + ": " + e.getMessage(), e);
    }
    if (dirs.isEmpty()) {
      throw new ReportException(root + ": no summary.json found in it or its subfolders");
    }
    java.util.Set<String> listed = listed(root);
    List<RunData> runs = new ArrayList<>();
    List<String> leftOut = new ArrayList<>();
    for (Path d : dirs) {
      String label = label(root, d);
      if (listed == null || listed.contains(label)) {
        runs.add(read(d, label));
      } else {
        leftOut.add(label);
      }
    }
    if (runs.isEmpty()) {
      throw new ReportException(root + ": none of the runs " + MANIFEST + " lists is in it (left out: "
          + String.join(", ", leftOut) + ")");
    }
    return new Loaded(runs, leftOut);
  }

  /** The run folders {@value #MANIFEST} lists, or null when there is none. */
  private static java.util.Set<String> listed(Path root) {
    Path m = root.resolve(MANIFEST);
    if (!Files.isRegularFile(m)) {
      return null;
    }
    try {
      return new java.util.HashSet<>(Files.readAllLines(m, StandardCharsets.UTF_8).stream().map(String::strip)
          .filter(l -> !l.isEmpty()).toList());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + m + ": " + e.getMessage(), e);
    }
  }

  /** The folder relative to the results folder, without a sweep's {@code runs/} prefix. */
  private static String label(Path root, Path dir) {
    String rel = root.relativize(dir).toString().replace('\\', '/');
    if (rel.isEmpty()) {
      Path abs = dir.toAbsolutePath().normalize().getFileName();
      return abs == null ? "run" : abs.toString();
    }
    return rel.startsWith("runs/") ? rel.substring("runs/".length()) : rel;
  }

  static RunData read(Path dir, String name) {
    Path summaryFile = dir.resolve("summary.json");
    JsonNode summary;
    try {
      summary = JSON.readTree(summaryFile.toFile());
    } catch (IOException e) {
      throw new ReportException(summaryFile + ": not a valid summary (" + e.getMessage().lines().findFirst().orElse("") + ")");
    }
    Map<String, String> settings = new LinkedHashMap<>();
    JsonNode s = summary.path("settings");
    s.fieldNames().forEachRemaining(k -> settings.put(k, s.get(k).asText()));
    long[] fcts = new long[0];
    long messageBytes = 0;
    Path flows = dir.resolve("flows.csv");
    if (Files.isRegularFile(flows)) {
      List<CSVRecord> rows = records(flows);
      long[] f = new long[rows.size()];
      int n = 0;
      for (CSVRecord r : rows) {
        messageBytes = Math.max(messageBytes, Long.parseLong(r.get(FlowColumn.BYTES.header())));
        long fct = Long.parseLong(r.get(FlowColumn.FCT.header()));
        if (fct >= 0) {
          f[n++] = fct; // unfinished flows have no completion time
        }
      }
      fcts = Arrays.copyOf(f, n);
      Arrays.sort(fcts);
    }
    List<PortRow> ports = new ArrayList<>();
    Path portsFile = dir.resolve("ports.csv");
    if (Files.isRegularFile(portsFile)) {
      for (CSVRecord r : records(portsFile)) {
        ports.add(new PortRow(r.get(PortColumn.PORT.header()), r.get(PortColumn.TIER.header()),
            Long.parseLong(r.get(PortColumn.MAX_QUEUE.header())), Double.parseDouble(r.get(PortColumn.MEAN_QUEUE.header())),
            Long.parseLong(r.get(PortColumn.DROPS.header())), Double.parseDouble(r.get(PortColumn.UTILIZATION.header()))));
      }
    }
    return new RunData(name, dir, summary, settings, fcts, messageBytes, ports, queues(dir.resolve("queues.csv")));
  }

  /** queues.csv ({@link QueueColumn}; one port's rows together), or nothing when absent. */
  private static List<RunData.QueueTrace> queues(Path file) {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    Map<String, List<double[]>> byPort = new LinkedHashMap<>();
    for (CSVRecord r : records(file)) {
      try {
        byPort.computeIfAbsent(r.get(QueueColumn.PORT.header()), k -> new ArrayList<>())
            .add(new double[] {Double.parseDouble(r.get(QueueColumn.TIME.header())),
                Long.parseLong(r.get(QueueColumn.QUEUE.header())) / 1000.0});
      } catch (IllegalArgumentException e) {
        throw new ReportException(file + ": line " + r.getRecordNumber() + " is not " + QUEUE_HEADERS + " ("
            + e.getMessage() + ")");
      }
    }
    List<RunData.QueueTrace> out = new ArrayList<>();
    byPort.forEach((port, rows) -> {
      double[] t = new double[rows.size()];
      double[] kb = new double[rows.size()];
      for (int i = 0; i < t.length; i++) {
        t[i] = rows.get(i)[0];
        kb[i] = Spec.round(rows.get(i)[1], 6);
      }
      out.add(new RunData.QueueTrace(port, t, kb));
    });
    return out;
  }

  private static List<CSVRecord> records(Path file) {
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return CSV.parse(r).getRecords();
    } catch (IOException | IllegalArgumentException e) {
      throw new ReportException(file + ": cannot read it (" + e.getMessage() + ")");
    }
  }

  /** A path through a folder named {@code .*}: a result folder being written, or its replaced copy. */
  private static boolean inWorkFolder(Path relative) {
    for (Path part : relative) {
      if (part.toString().startsWith(".")) {
        return true;
      }
    }
    return false;
  }
}
