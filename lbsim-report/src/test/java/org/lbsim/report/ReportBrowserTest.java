package org.lbsim.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens a generated report in headless Chromium, offline, and checks that every chart drew and
 * the page logged no error. The page writes its own verdict into #lbsim-status once every
 * vegaEmbed promise has settled; Chromium's --dump-dom prints the DOM after that, so no
 * browser-driving library is needed. Skipped when no {@code chromium} is on the PATH, with a line on
 * the console that says so.
 */
class ReportBrowserTest {
  static final String SKIP_REASON = "[WARNING] ReportBrowserTest skipped: no 'chromium' on the PATH, so report.html"
      + " is not checked in a browser; install headless Chromium to run it (Debian: apt-get install chromium)";
  private static final long TIMEOUT_S = 60;
  private static final Pattern STATUS =
      Pattern.compile("<div id=\"lbsim-status\" data-status=\"(\\w+)\">(.*?)</div>", Pattern.DOTALL);
  /** A group of data marks: Vega names axis and legend parts role-axis-*, role-legend-*, never role-mark. */
  private static final Pattern MARK = Pattern.compile("class=\"mark-(\\w+) role-mark\\b");
  /** A group of data marks whose first element is a shape: a path with an outline, or a line (a rule). */
  private static final Pattern DRAWN = Pattern.compile("class=\"mark-\\w+ role-mark[^\"]*\"[^>]*>(<path[^>]* d=\"M|<line )");

  @TempDir
  Path dir;

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void everyChartRendersWithoutErrorsInHeadlessChromium() throws Exception {
    Path chromium = chromiumOrSkip();
    Path results = dir.resolve("results");
    TinyResults.write(results);
    ReportBuilder.Result report = ReportBuilder.build(results, null, false);

    String dom = renderedDom(chromium, report);

    assertThat(marks(chartDiv(dom, "over-bound"))).as("over-bound marks").contains("rect").doesNotContain("rule");
  }

  /** A sweep with seeds: the CDF's bands, the bars' whiskers and both legends draw too. */
  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void seededSweepDrawsBandsAndWhiskers() throws Exception {
    Path chromium = chromiumOrSkip();
    Path results = dir.resolve("sweep");
    TinyResults.writeSeeds(results, List.of("ecmp", "host-spray"), 3);
    ReportBuilder.Result report = ReportBuilder.build(results, null, false);

    String dom = renderedDom(chromium, report);

    String cdf = chartDiv(dom, "fct-cdf");
    assertThat(marks(cdf)).as("fct-cdf marks").contains("area", "line");
    assertThat(cdf).as("fct-cdf legend").contains("role-legend").contains(">ecmp<").contains(">host-spray<");
    String bars = chartDiv(dom, "over-bound");
    assertThat(marks(bars)).as("over-bound marks").contains("rect", "rule");
    assertThat(bars).as("over-bound legend").contains("role-legend");
  }

  private Path chromiumOrSkip() {
    Path chromium = onPath("chromium");
    if (chromium == null) {
      // surefire's summary counts a skip without its reason; this line puts the reason on the console
      System.err.println(SKIP_REASON);
    }
    Assumptions.assumeTrue(chromium != null, SKIP_REASON);
    return chromium;
  }

  /**
   * The DOM after every chart settled, once the page said ok and every chart's div holds Vega's
   * SVG with data marks, each of which drew a shape.
   */
  private String renderedDom(Path chromium, ReportBuilder.Result report) throws IOException, InterruptedException {
    String dom = dumpDom(chromium, report.html());
    Matcher m = STATUS.matcher(dom);
    assertThat(m.find()).as("status marker in the dumped DOM").isTrue();
    assertThat(m.group(1) + ": " + m.group(2)).as("page status").isEqualTo("ok: all charts rendered");
    for (String id : report.charts()) {
      String chart = chartDiv(dom, id);
      assertThat(count(chart, "<svg") + count(chart, "<canvas")).as("svg/canvas in chart " + id).isPositive();
      assertThat(chart).as("vega's drawing in chart " + id).contains("class=\"marks\"");
      assertThat(marks(chart)).as("marks of chart " + id).isNotEmpty();
      assertThat(DRAWN.matcher(chart).results().count()).as("mark groups of chart " + id + " that drew a shape")
          .isEqualTo(MARK.matcher(chart).results().count());
    }
    return dom;
  }

  /** The kinds of data mark in a chart's SVG (line, area, rect, rule, ...), axes and legends left out. */
  private static Set<String> marks(String chart) {
    Set<String> kinds = new TreeSet<>();
    Matcher m = MARK.matcher(chart);
    while (m.find()) {
      kinds.add(m.group(1));
    }
    return kinds;
  }

  /** Everything from the chart's div up to the end of its section. */
  private static String chartDiv(String dom, String id) {
    int start = dom.indexOf("id=\"chart-" + id + "\"");
    assertThat(start).as("div of chart " + id).isNotNegative();
    int end = dom.indexOf("</section>", start);
    return dom.substring(start, end < 0 ? dom.length() : end);
  }

  private static int count(String s, String what) {
    int n = 0;
    for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }

  private String dumpDom(Path chromium, Path html) throws IOException, InterruptedException {
    Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
    Path out = dir.resolve("dom.html");
    Path err = dir.resolve("chromium.log");
    ProcessBuilder pb = new ProcessBuilder(List.of(chromium.toString(),
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        // any network lookup fails: the report must render from the file alone
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--user-data-dir=" + profile, "--virtual-time-budget=10000", "--dump-dom",
        html.toAbsolutePath().toUri().toString()))
        .redirectOutput(out.toFile())
        .redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      fail("chromium did not finish within " + TIMEOUT_S + " s; its log: " + tail(err));
    }
    String dom = Files.readString(out, StandardCharsets.UTF_8);
    if (dom.isBlank()) {
      fail("chromium dumped no DOM (exit " + p.exitValue() + "); its log: " + tail(err));
    }
    return dom;
  }

  private static String tail(Path log) throws IOException {
    String s = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    return s.length() > 2000 ? s.substring(s.length() - 2000) : s;
  }

  static Path onPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String d : path.split(File.pathSeparator)) {
      Path p = Path.of(d, name);
      if (Files.isRegularFile(p) && Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }
}
