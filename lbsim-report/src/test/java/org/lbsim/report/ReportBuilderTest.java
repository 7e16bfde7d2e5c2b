package org.lbsim.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportBuilderTest {
  /** Any element that would load something by URL: the page must need nothing but itself. */
  private static final Pattern REMOTE = Pattern.compile(
      "<(script|link|img|iframe|source|object|embed)\\b[^>]*\\b(src|href|data)\\s*=\\s*[\"']?\\s*(https?:)?//",
      Pattern.CASE_INSENSITIVE);

  @TempDir
  static Path results;

  @BeforeAll
  static void runTinyScenarios() {
    TinyResults.write(results);
  }

  @Test
  void reportHasEveryChartAndTheInlinedLibraries() throws IOException {
    ReportBuilder.Result r = ReportBuilder.build(results, null, false);
    assertThat(r.html()).isEqualTo(results.resolve("report.html"));
    assertThat(r.runs()).isEqualTo(4);
    assertThat(r.charts()).containsExactly("over-bound", "queue-scaling", "fct-cdf",
        "link-load-0", "hottest-ports-0", "queues-over-time-0", "link-load-1", "hottest-ports-1", "queues-over-time-1",
        "link-load-2", "hottest-ports-2", "queues-over-time-2", "link-load-3", "hottest-ports-3", "queues-over-time-3");
    String html = Files.readString(r.html(), StandardCharsets.UTF_8);
    for (String id : r.charts()) {
      assertThat(html).contains("<div class=\"chart\" id=\"chart-" + id + "\"></div>");
      assertThat(html).contains("\"" + id + "\":{");
    }
    for (String lib : Vendor.SCRIPTS) {
      // a stretch from the middle of each library proves it is inlined whole, not linked
      String js = Vendor.script(lib);
      assertThat(html).contains(js.substring(js.length() / 2, js.length() / 2 + 200));
    }
    assertThat(html).contains("vegaEmbed(").contains("data-status=\"pending\"");
    assertThat(REMOTE.matcher(html).find()).as("remote script/link URL in the page").isFalse();
    assertThat(html).doesNotContainIgnoringCase("<script src").doesNotContainIgnoringCase("<link ");
    // the tables and the notice about queue time series
    assertThat(html).contains("ecmp-64KiB").contains("data_delivered").contains("<details>")
        .contains("Queues over time: ecmp-64KiB").contains("\"time_us\":[0.0,");
  }

  @Test
  void sameResultsGiveTheSameBytes() throws IOException {
    Path a = results.resolve("a.html");
    Path b = results.resolve("b.html");
    ReportBuilder.build(results, a, false);
    ReportBuilder.build(results, b, false);
    assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
  }

  @Test
  void pngExportWritesOnePngPerChartIntoTheChartsFolder() throws IOException {
    Path out = results.resolve("png").resolve("r.html");
    ReportBuilder.Result r = ReportBuilder.build(results, out, true);
    assertThat(r.pngs()).hasSize(r.charts().size());
    Path charts = out.toAbsolutePath().getParent().resolve("charts");
    try (var loose = Files.list(out.toAbsolutePath().getParent())) {
      assertThat(loose.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("r.html", "charts");
    }
    byte[] signature = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    for (Path png : r.pngs()) {
      assertThat(png.getParent()).isEqualTo(charts);
      byte[] bytes = Files.readAllBytes(png);
      assertThat(bytes.length).as(png.toString()).isGreaterThan(1000);
      assertThat(java.util.Arrays.copyOf(bytes, 8)).as(png.toString()).isEqualTo(signature);
    }
  }

  @Test
  void oneRunFolderSkipsTheChartsThatNeedSeveralRuns() throws IOException {
    Path one = results.resolve("ecmp-64KiB");
    ReportBuilder.Result r = ReportBuilder.build(one, results.resolve("one.html"), false);
    assertThat(r.runs()).isEqualTo(1);
    assertThat(r.charts()).containsExactly("over-bound", "fct-cdf", "link-load-0", "hottest-ports-0",
        "queues-over-time-0");
    assertThat(Files.readString(r.html())).contains("Not shown: queue scaling");
  }

  @Test
  void runsWithoutQueueSamplesSkipTheQueueChartAndSayWhy(@TempDir Path old) throws IOException {
    copyWithoutQueues("ecmp-64KiB", old.resolve("ecmp-64KiB"));
    ReportBuilder.Result r = ReportBuilder.build(old, old.resolve("r.html"), false);
    assertThat(r.charts()).doesNotContain("queues-over-time-0");
    assertThat(Files.readString(r.html())).contains("queues over time of ecmp-64KiB (no queues.csv");
  }

  @Test
  void aBrokenQueuesFileIsNamedWithItsLine(@TempDir Path bad) throws IOException {
    Path to = copyWithoutQueues("ecmp-64KiB", bad.resolve("ecmp-64KiB"));
    Files.writeString(to.resolve("queues.csv"), "time_us,port,queue_bytes\n0,tor0>h0,0\nsoon,tor0>h0,12\n");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ReportBuilder.build(bad, bad.resolve("r.html"), false))
        .isInstanceOf(ReportException.class).hasMessageContaining("queues.csv: line 2");
  }

  @Test
  void sweepLayoutNamesRunsWithoutTheRunsPrefix(@TempDir Path sweep) throws IOException {
    for (String name : List.of("ecmp-64KiB", "host-spray-64KiB")) {
      copyWithoutQueues(name, sweep.resolve("runs").resolve(name));
    }
    Files.writeString(sweep.resolve("runs.jsonl"), "");
    List<RunData> runs = RunLoader.load(sweep);
    assertThat(runs).extracting(RunData::name).containsExactly("ecmp-64KiB", "host-spray-64KiB");
    assertThat(new Schemes(runs).of(runs.get(1))).isEqualTo("host-spray");
  }

  @Test
  void aFolderWithoutRunsIsOneClearError(@TempDir Path empty) {
    assertThatThrownBy(() -> ReportBuilder.build(empty, null, false))
        .isInstanceOf(ReportException.class)
        .hasMessage(empty + ": no summary.json found in it or its subfolders");
    assertThatThrownBy(() -> ReportBuilder.build(empty.resolve("nope"), null, false))
        .isInstanceOf(ReportException.class)
        .hasMessage(empty.resolve("nope") + ": no such folder");
  }

  /** A copy of one run's folder as runs without queue samples have it (summary, flows, ports). */
  private Path copyWithoutQueues(String run, Path to) throws IOException {
    Files.createDirectories(to);
    for (String f : List.of("summary.json", "flows.csv", "ports.csv")) {
      Files.copy(results.resolve(run).resolve(f), to.resolve(f));
    }
    return to;
  }
}
