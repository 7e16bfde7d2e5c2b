package org.lbsim.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.cli.Main;

/**
 * The example plug-ins run the way a user runs them: {@code lbsim --plugins DIR} with the jar
 * the package phase built. Their classes are not on this test's class path, so every design
 * here comes through the plug-in loader (its tag selects it for the build's plug-in path run).
 */
@Tag("plugin-path")
class PluginPathTest {
  /** One 64 KiB flow across a k = 4 fat tree (6 hops): 16 packets at 800 Gb/s, 0.5 us per link. */
  private static final String ONE_FLOW_CM = "Nodes 16\nConnections 1\n0->15 id 1 start 0 size 65536\n";
  /** 15 pacing slots of 41,780 ps, then the last packet's 6 hops (store and forward) and its ACK's. */
  private static final long ONE_FLOW_CCT_PS = 15 * 41_780L + 6 * 41_580L + 6 * 500_000L + 6 * 640L + 6 * 500_000L;

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  static Path dir;
  private static Path plugins;

  @BeforeAll
  static void pluginFolder() throws IOException {
    assertThat(PluginPathTest.class.getClassLoader().getResource("org/lbsim/examples/ExamplePlugins.class"))
        .as("the examples must come from their jar only").isNull();
    plugins = Files.createDirectories(dir.resolve("plugins"));
    Files.copy(Path.of(System.getProperty("lbsim.examples.jar")), plugins.resolve("lbsim-examples.jar"));
    Files.writeString(dir.resolve("one.cm"), ONE_FLOW_CM);
  }

  @Test
  void powerOfTwoChoicesSprayingFinishesOneFlowAtTheAnalyticBound() throws IOException {
    JsonNode s = run("p2c", "topology: {k: 4}\nworkload: {kind: cm, file: one.cm}\nlb: p2c\n");
    assertThat(s.get("cct_ps").asLong()).isEqualTo(ONE_FLOW_CCT_PS).isEqualTo(6_880_020L);
    assertThat(s.get("flows_unfinished").asInt()).isZero();
    assertThat(s.get("settings").get("p2c.entropies").asText()).isEqualTo("16");
  }

  @Test
  void aimdWindowCompletesAnIncastAndItsWindowHoldsOneFlowBack() throws IOException {
    JsonNode incast = run("aimd-incast",
        "topology: {k: 4}\nworkload: {kind: incast, senders: 3, receiver: 0, size: 64KiB}\ncc: aimd\nlr: sack\n");
    assertThat(incast.get("flows").asInt()).isEqualTo(3);
    assertThat(incast.get("flows_unfinished").asInt()).isZero();
    assertThat(incast.get("cct_ps").asLong()).isGreaterThanOrEqualTo(incast.get("lower_bound_ps").asLong());
    // 2 packets in flight over a path of about 160 packets' round trip: far slower than line rate
    JsonNode one = run("aimd-one", "topology: {k: 4}\nworkload: {kind: cm, file: one.cm}\ncc: aimd\nlr: sack\n"
        + "aimd: {init_cwnd: 2, ai: 0.01}\n");
    assertThat(one.get("flows_unfinished").asInt()).isZero();
    assertThat(one.get("cct_ps").asLong()).isGreaterThan(3 * ONE_FLOW_CCT_PS);
  }

  @Test
  void ecnCountsReceiverPartSendsOneControlPacketPerKArrivals() throws IOException {
    JsonNode one = run("ecn-count-one", "topology: {k: 4}\nworkload: {kind: cm, file: one.cm}\ncc: ecn-count\n"
        + "lr: sack\necn-count: {k: 5}\n");
    assertThat(one.get("flows_unfinished").asInt()).isZero();
    assertThat(one.get("cct_ps").asLong()).as("a window of one BDP holds a lone flow back in nothing")
        .isEqualTo(ONE_FLOW_CCT_PS);
    JsonNode c = one.get("counters");
    assertThat(c.get("ecn_marked").asLong()).isZero();
    assertThat(c.get("control_sent").asLong()).as("floor(16 / 5) control packets").isEqualTo(3);
    assertThat(c.get("control_delivered").asLong()).isEqualTo(3);
    assertThat(c.get("ack_sent").asLong()).as("16 ACKs and the control packets").isEqualTo(16 + 3);
    assertThat(c.get("ack_delivered").asLong()).isEqualTo(16 + 3);
  }

  /**
   * Four 1 MiB flows into one host, a 4 MB buffer marking above 5 %: the counts fed back every
   * second arrival cut the windows, so the receiver's port queues less and marks fewer packets
   * than with feedback every 65,536 arrivals, which no flow here reaches (none at all).
   */
  @Test
  void ecnCountsFeedbackHoldsAnIncastsQueueDown() throws IOException {
    String incast = "topology: {k: 4}\nworkload: {kind: incast, senders: 4, receiver: 0, size: 1MiB}\n"
        + "buffer: {bytes: 4MB, ecn_fraction: 0.05}\ncc: ecn-count\nlr: sack\n";
    JsonNode fed = run("ecn-count-fed", incast + "ecn-count: {k: 2}\n");
    JsonNode unfed = run("ecn-count-unfed", incast + "ecn-count: {k: 65536}\n");
    assertThat(fed.get("flows_unfinished").asInt()).isZero();
    assertThat(unfed.get("flows_unfinished").asInt()).isZero();
    JsonNode c = fed.get("counters");
    long arrived = c.get("data_delivered").asLong();
    long control = c.get("control_sent").asLong();
    // each flow sends floor(its arrivals / 2): between (arrived - 4) / 2 and arrived / 2 in all
    assertThat(2 * control).isBetween(arrived - 4, arrived);
    assertThat(c.get("ack_dropped").asLong()).isZero();
    assertThat(c.get("control_delivered").asLong()).isEqualTo(control);
    assertThat(unfed.get("counters").get("control_sent").asLong()).isZero();
    assertThat(c.get("ecn_marked").asLong()).isPositive().isLessThan(unfed.get("counters").get("ecn_marked").asLong());
    assertThat(maxQueueBytes("ecn-count-fed")).isLessThan(maxQueueBytes("ecn-count-unfed"));
  }

  @Test
  void fixedTimeoutSelectiveRepeatRecoversLinkLosses() throws IOException {
    JsonNode clean = run("sr-clean", "topology: {k: 4}\nworkload: {kind: cm, file: one.cm}\nlb: ecmp\nlr: fixed-sr\n");
    assertThat(clean.get("cct_ps").asLong()).isEqualTo(ONE_FLOW_CCT_PS);
    JsonNode lossy = run("sr-lossy", "topology: {k: 4}\nworkload: {kind: all-to-all, size: 64KiB}\nlr: fixed-sr\n"
        + "loss: {random_rate: 0.01}\n");
    assertThat(lossy.get("flows").asInt()).isEqualTo(16 * 15);
    assertThat(lossy.get("flows_unfinished").asInt()).isZero();
    assertThat(lossy.get("counters").toString()).isNotEmpty();
    long retransmitted = 0;
    for (String line : Files.readAllLines(dir.resolve("out/sr-lossy/flows.csv")).subList(1, 16 * 15 + 1)) {
      retransmitted += retransmissions(line);
    }
    assertThat(retransmitted).isPositive();
  }

  @Test
  void fixedSelectiveRepeatsTimeoutIsAParameterCheckedLikeABuiltInOne() throws IOException {
    String lossy = "topology: {k: 4}\nworkload: {kind: all-to-all, size: 64KiB}\nlr: fixed-sr\nloss: {random_rate: 0.01}\n";
    JsonNode quick = run("sr-10us", lossy + "fixed-sr: {timeout_us: 10}\n");
    JsonNode slow = run("sr-100us", lossy + "fixed-sr: {timeout_us: 100}\n");
    assertThat(quick.get("flows_unfinished").asInt()).isZero();
    assertThat(slow.get("flows_unfinished").asInt()).isZero();
    assertThat(slow.get("cct_ps").asLong()).isGreaterThan(quick.get("cct_ps").asLong() + 50_000_000L);
    assertThat(slow.get("settings").get("fixed-sr.timeout_us").asText()).isEqualTo("100");

    Path bad = dir.resolve("sr-bad.yaml");
    Files.writeString(bad, lossy + "fixed-sr: {timeout_us: 0}\n");
    Outcome o = cli("--plugins", plugins.toString(), "run", bad.toString(), "--out", dir.resolve("out").toString());
    assertThat(o.code).isEqualTo(2);
    assertThat(o.err.strip()).isEqualTo("error: " + bad + ": fixed-sr.timeout_us: invalid value (got '0'; allowed: a "
        + "number from 0.1 to 100000)");
  }

  @Test
  void shiftWorkloadOnAStarFabricRunsAtLineRate() throws IOException {
    JsonNode s = run("shift-star", "topology: {kind: star, hosts_per_leaf: 4}\nworkload: {kind: shift, size: 64KiB}\n");
    assertThat(s.get("flows").asInt()).isEqualTo(4);
    assertThat(s.get("flows_unfinished").asInt()).isZero();
    // every host sends one flow and receives one, through the one switch (2 hops): no flow waits
    assertThat(s.get("cct_ps").asLong()).isEqualTo(15 * 41_780L + 2 * 41_580L + 2 * 500_000L + 2 * 640L + 2 * 500_000L);
  }

  @Test
  void aLocalSweepTakesPlugInDesignsOnItsAxes() throws IOException {
    Path grid = dir.resolve("grid.yaml");
    Files.writeString(grid, "name: plugged\nbase:\n  topology: {k: 4}\n  workload: {kind: shift, size: 64KiB}\n"
        + "axes:\n  lb: [ecmp, p2c]\n  cc: [ideal, aimd]\nseeds: 1\n");
    Outcome o = cli("--plugins", plugins.toString(), "sweep", grid.toString(), "--out", dir.resolve("sweeps").toString());
    assertThat(o.code).as(o.err).isZero();
    java.util.List<String> store = Files.readAllLines(dir.resolve("sweeps/plugged/runs.jsonl"));
    assertThat(store).hasSize(4);
    for (String run : new String[] {"lb-ecmp_cc-ideal", "lb-ecmp_cc-aimd", "lb-p2c_cc-ideal", "lb-p2c_cc-aimd"}) {
      JsonNode line = store.stream().map(PluginPathTest::json).filter(j -> j.get("run").asText().startsWith(run))
          .findFirst().orElseThrow();
      assertThat(line.get("cct_ps").asLong()).as(run).isPositive();
    }
    assertThat(o.out).contains("p2c").contains("aimd");
  }

  private static JsonNode json(String line) {
    try {
      return JSON.readTree(line);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void listShowsEveryExampleWithItsJar() {
    Outcome o = cli("--plugins", plugins.toString(), "list", "--verbose");
    assertThat(o.code).isZero();
    String jar = plugins.resolve("lbsim-examples.jar").toAbsolutePath().normalize().toString();
    for (String name : new String[] {"p2c", "aimd", "ecn-count", "fixed-sr", "shift", "star"}) {
      assertThat(o.out).containsPattern("\n  " + name + " +[A-Z]");
    }
    assertThat(o.out).contains("plug-in: " + jar).contains("p2c.entropies = 16")
        .contains("defined in: org.lbsim.examples.ExamplePlugins; registered by the plug-in jar " + jar);
  }

  @Test
  void aSecondCopyOfAPlugInIsRefusedNamingBothJars() throws IOException {
    Path twice = Files.createDirectories(dir.resolve("twice"));
    Files.copy(plugins.resolve("lbsim-examples.jar"), twice.resolve("a.jar"));
    Files.copy(plugins.resolve("lbsim-examples.jar"), twice.resolve("b.jar"));
    Outcome o = cli("--plugins", twice.toString(), "list");
    assertThat(o.code).isEqualTo(2);
    String a = twice.resolve("a.jar").toAbsolutePath().normalize().toString();
    String b = twice.resolve("b.jar").toAbsolutePath().normalize().toString();
    assertThat(o.err.strip()).isEqualTo("error: --plugins: " + b + ": load balancing design 'p2c' is already defined by "
        + a + " (got 'p2c'; allowed: a name no built-in design or other plug-in uses on the lb axis)");
  }

  /** Runs one scenario with the plug-ins and returns its summary.json. */
  private static JsonNode run(String name, String yaml) throws IOException {
    Path file = dir.resolve(name + ".yaml");
    Files.writeString(file, yaml);
    Outcome o = cli("--plugins", plugins.toString(), "run", file.toString(), "--out", dir.resolve("out").toString());
    assertThat(o.code).as(o.err).isZero();
    return JSON.readTree(dir.resolve("out").resolve(name).resolve("summary.json").toFile());
  }

  /** The largest queue any port of run {@code name} held (ports.csv). */
  private static long maxQueueBytes(String name) throws IOException {
    java.util.List<String> lines = Files.readAllLines(dir.resolve("out").resolve(name).resolve("ports.csv"));
    int col = java.util.List.of(lines.get(0).split(",")).indexOf("max_queue_bytes");
    return lines.stream().skip(1).mapToLong(l -> Long.parseLong(l.split(",")[col])).max().orElseThrow();
  }

  private static long retransmissions(String csvLine) throws IOException {
    String header = Files.readAllLines(dir.resolve("out/sr-lossy/flows.csv")).get(0);
    java.util.List<String> cols = java.util.List.of(header.split(","));
    return Long.parseLong(csvLine.split(",")[cols.indexOf("retransmissions")]);
  }

  private record Outcome(int code, String out, String err) {}

  /** Runs the lbsim command line, capturing what it prints. */
  private static synchronized Outcome cli(String... args) {
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
      int code = Main.execute(args);
      return new Outcome(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }
}
