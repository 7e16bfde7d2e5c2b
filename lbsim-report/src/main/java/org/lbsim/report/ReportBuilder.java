package org.lbsim.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;

/**
 * Builds one self-contained {@code report.html} from a results folder: a single run, the
 * default comparison, a sweep or a reproduce preset — any folder with {@code summary.json}
 * files in it or below it. Optionally also writes every chart as a PNG, into {@code charts/} next to the page.
 */
public final class ReportBuilder {
  /** Runs that get their own heat map and hottest-ports chart; more would bury the summary charts. */
  public static final int DETAILED_RUNS = 6;
  /** The folder beside the HTML file that holds the PNGs. */
  public static final String PNG_FOLDER = "charts";

  /**
   * What was written.
   *
   * @param leftOut run folders left out because the folder's runs.txt does not list them
   */
  public record Result(Path html, List<Path> pngs, int runs, List<String> charts, List<String> leftOut) {}

  private ReportBuilder() {}

  /**
   * @param out the HTML file to write, or null for {@code <resultsDir>/report.html}
   * @throws ReportException when the folder holds no run (the message is one line, for people)
   */
  public static Result build(Path resultsDir, Path out, boolean png) {
    if (png && System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true"); // before any AWT class loads: no display needed
    }
    RunLoader.Loaded loaded = RunLoader.loadListed(resultsDir);
    List<RunData> runs = loaded.runs();
    Schemes schemes = new Schemes(runs);
    List<Chart> charts = new ArrayList<>();
    BusBandwidthChart.of(resultsDir).ifPresent(charts::add); // only a bench-collective folder has one
    List<String> skipped = new ArrayList<>();
    add(charts, skipped, OverBoundChart.of(runs, schemes), "CCT % over bound (no run has both a CCT and a bound)");
    add(charts, skipped, QueueScalingChart.of(runs, schemes), "queue scaling (the runs do not differ in message size)");
    add(charts, skipped, FctCdfChart.of(runs, schemes), "FCT CDF (no flows.csv with finished flows)");
    List<RunData> detailed = representatives(runs, schemes);
    for (int i = 0; i < detailed.size(); i++) {
      add(charts, skipped, LinkLoadChart.of(i, detailed.get(i)), "per-link load of " + detailed.get(i).name() + " (no ports.csv)");
      add(charts, skipped, HottestPortsChart.of(i, detailed.get(i)), "hottest ports of " + detailed.get(i).name() + " (no queue)");
      add(charts, skipped, QueueOverTimeChart.of(i, detailed.get(i)), "queues over time of " + detailed.get(i).name()
          + " (no queues.csv: sampling was off, or the run predates it)");
    }
    String note = skipped.isEmpty() ? "" : "Not shown: " + String.join("; ", skipped) + ".";
    if (detailed.size() < runs.size()) {
      note += (note.isEmpty() ? "" : " ") + "Per-link load, hottest ports and queues over time are shown for " + detailed.size()
          + " of the " + runs.size() + " runs: the first run of each scheme and workload.";
    }
    if (!loaded.leftOut().isEmpty()) {
      note += (note.isEmpty() ? "" : " ") + "Left out: " + loaded.leftOut().size() + " run folder(s) that "
          + RunLoader.MANIFEST + " does not list, from an earlier command in this folder ("
          + String.join(", ", loaded.leftOut()) + ").";
    }
    Path html = out != null ? out : resultsDir.resolve("report.html");
    String title = "lbsim report: " + folderName(resultsDir);
    write(html, Page.render(title, runs, schemes, charts, note));
    List<Path> pngs = png ? writePngs(charts, html.toAbsolutePath().getParent().resolve(PNG_FOLDER)) : List.of();
    return new Result(html, pngs, runs.size(), charts.stream().map(Chart::id).toList(), loaded.leftOut());
  }

  private static void add(List<Chart> charts, List<String> skipped, Optional<Chart> c, String why) {
    c.ifPresentOrElse(charts::add, () -> skipped.add(why));
  }

  /** The first run of each (scheme, workload), up to {@link #DETAILED_RUNS}: seeds add little here. */
  private static List<RunData> representatives(List<RunData> runs, Schemes schemes) {
    Set<List<String>> seen = new HashSet<>();
    List<RunData> out = new ArrayList<>();
    for (RunData r : runs) {
      if (out.size() < DETAILED_RUNS && seen.add(List.of(schemes.of(r), r.workload()))) {
        out.add(r);
      }
    }
    return out;
  }

  private static String folderName(Path dir) {
    Path n = dir.toAbsolutePath().normalize().getFileName();
    return n == null ? "results" : n.toString();
  }

  private static List<Path> writePngs(List<Chart> charts, Path dir) {
    List<Path> out = new ArrayList<>();
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
    }
    for (Chart c : charts) {
      Path f = dir.resolve(c.id() + ".png");
      List<? extends org.knowm.xchart.internal.chartpart.Chart<?, ?>> panels = c.xcharts();
      panels.forEach(PngStyle::apply);
      try {
        if (panels.size() == 1) {
          BitmapEncoder.saveBitmap(panels.get(0), f.toString(), BitmapEncoder.BitmapFormat.PNG);
        } else {
          BitmapEncoder.saveBitmap(new ArrayList<>(panels), panels.size(), 1, f.toString(), BitmapEncoder.BitmapFormat.PNG);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write " + f + ": " + e.getMessage(), e);
      }
      out.add(f);
    }
    return out;
  }

  /** Temporary file then move, so a reader never opens half a report. */
  private static void write(Path file, String text) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      Files.createDirectories(parent);
      Path tmp = parent.resolve(file.getFileName() + ".tmp");
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }
}
