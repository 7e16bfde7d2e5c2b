package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each command's {@code --json} output is one document that its committed schema accepts,
 * carries the table's numbers, and is the same bytes for the same input.
 */
class JsonOutputTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  Path dir;

  /** Runs {@code args}, checks exit 0 and that stdout is one document valid under {@code schemas/<command>.json}. */
  private static JsonNode valid(String command, String... args) throws IOException {
    CliRunner.Outcome o = CliRunner.run(args);
    assertThat(o.code()).as(o.err()).isZero();
    JsonNode doc = MAPPER.readTree(o.out());
    assertThat(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(doc)).isNotEmpty();
    assertThat(errors(command, doc)).as(o.out()).isEmpty();
    assertThat(doc.get("command").asText()).isEqualTo(command);
    return doc;
  }

  private static List<Error> errors(String command, JsonNode doc) throws IOException {
    try (InputStream in = JsonOutputTest.class.getResourceAsStream("/schemas/" + command + ".json")) {
      assertThat(in).as("schemas/" + command + ".json").isNotNull();
      Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(MAPPER.readTree(in));
      return schema.validate(doc);
    }
  }

  private Path file(String name, String text) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f;
  }

  @Test
  void runPrintsTheTableAsDataUnderSummaryJsonsNames() throws IOException {
    Path ecmp = file("ecmp.yaml", "topology: {k: 4}\nworkload: {kind: permutation, size: 64KiB}\nlb: ecmp\n");
    Path spray = file("spray.yaml", "topology: {k: 4}\nworkload: {kind: permutation, size: 64KiB}\nlb: host-spray\n");
    String out = dir.resolve("out").toString();
    JsonNode doc = valid("run", "run", ecmp.toString(), spray.toString(), "--json", "--out", out);
    JsonNode runs = doc.get("runs");
    assertThat(runs).hasSize(2);
    assertThat(runs.get(0).get("scenario").asText()).isEqualTo("ecmp");
    assertThat(runs.get(1).get("lb").asText()).isEqualTo("host-spray");
    assertThat(runs.get(1).get("workload").asText()).isEqualTo("permutation 64KiB");
    assertThat(runs.get(1).get("lower_bound_ps").asLong()).isEqualTo(6_880_020L);
    assertThat(runs.get(1).get("cct_ps").asLong()).isEqualTo(7_215_940L);
    assertThat(runs.get(1).get("drops").asLong()).isZero();
    assertThat(runs.get(0).get("training").isNull()).isTrue();
    // the same numbers as the run's summary.json
    JsonNode summary = MAPPER.readTree(dir.resolve("out/spray/summary.json").toFile());
    for (String k : List.of("cct_ps", "lower_bound_ps", "max_queue_bytes", "drops")) {
      assertThat(runs.get(1).get(k).asLong()).as(k).isEqualTo(summary.get(k).asLong());
    }
    JsonNode gain = doc.get("gains").get(0);
    assertThat(gain.get("scenario").asText()).isEqualTo("spray");
    assertThat(gain.get("vs").asText()).isEqualTo("ecmp");
    // the human table shows the same values, rounded
    CliRunner.Outcome table = CliRunner.run("run", ecmp.toString(), spray.toString(), "--out", out);
    assertThat(table.out()).contains(String.format(Locale.ROOT, "%.3f", runs.get(0).get("cct_ps").asLong() / 1e6))
        .contains(String.format(Locale.ROOT, "%+.1f", gain.get("throughput_gain_pct").asDouble()));
    // same input, same bytes (the rerun replaces the same folders)
    String[] again = {"run", ecmp.toString(), spray.toString(), "--json", "--out", out};
    assertThat(CliRunner.run(again).out()).isEqualTo(CliRunner.run(again).out()).contains("\"cct_ps\" : 7215940");
  }

  @Test
  void sweepGivesMediansAndIntervalBoundsAsSeparateFields() throws IOException {
    Path g = file("g.yaml", "name: g\nbase: {topology: {k: 4}, workload: {size: 64KiB}}\naxes:\n  lb: [ecmp, host-spray]\n"
        + "seeds: 2\n");
    String[] args = {"sweep", g.toString(), "--json", "--threads", "2", "--out", dir.resolve("out").toString()};
    CliRunner.Outcome first = CliRunner.run(args);
    JsonNode doc = valid("sweep", args);
    assertThat(doc.get("grid").asText()).isEqualTo("g");
    assertThat(doc.get("axes")).hasSize(1);
    JsonNode rows = doc.get("rows");
    assertThat(rows).hasSize(2);
    JsonNode spray = rows.get(1);
    assertThat(spray.get("values").get("lb").asText()).isEqualTo("host-spray");
    assertThat(spray.get("seeds").asInt()).isEqualTo(2);
    assertThat(spray.get("drops_median").asDouble()).isZero();
    // two seeds: no 95 % interval exists, so the bounds are the range
    assertThat(spray.get("cct_over_bound_pct_interval").asText()).isEqualTo("range");
    assertThat(spray.get("cct_over_bound_pct_lo").asDouble()).isLessThanOrEqualTo(spray.get("cct_over_bound_pct_median")
        .asDouble()).isGreaterThan(0);
    assertThat(spray.get("cct_over_bound_pct_hi").asDouble()).isGreaterThanOrEqualTo(spray.get("cct_over_bound_pct_median")
        .asDouble());
    // summary.csv holds the same numbers, one per cell
    List<String> csv = Files.readAllLines(dir.resolve("out/g/summary.csv"));
    assertThat(csv.get(0)).isEqualTo("lb,seeds,cct_over_bound_pct_median,cct_over_bound_pct_lo,cct_over_bound_pct_hi,"
        + "cct_over_bound_pct_interval,max_queue_bytes_median,max_queue_bytes_lo,max_queue_bytes_hi,max_queue_bytes_interval,"
        + "drops_median,drops_lo,drops_hi,drops_interval,retransmissions_median,retransmissions_lo,retransmissions_hi,"
        + "retransmissions_interval");
    List<String> cells = List.of(csv.get(2).split(","));
    assertThat(cells.subList(0, 2)).containsExactly("host-spray", "2");
    assertThat(Double.parseDouble(cells.get(2))).isCloseTo(spray.get("cct_over_bound_pct_median").asDouble(),
        org.assertj.core.data.Offset.offset(1e-6));
    assertThat(cells.get(5)).isEqualTo("range");
    // the second call reads every run back from the store and prints the same bytes
    assertThat(CliRunner.run(args).out()).isEqualTo(first.out());
  }

  @Test
  void recommendGivesTheRankingWithGainSpreadsAndTheBaseline() throws IOException {
    String[] args = {"recommend", "--set", "topology.k=4", "--set", "workload.size=32KiB", "--vary", "lb=ecmp,host-spray",
        "--seeds", "2", "--json", "--out", dir.toString()};
    JsonNode doc = valid("recommend", args);
    assertThat(doc.get("keys").get(0).asText()).isEqualTo("lb");
    assertThat(doc.get("baseline").get("lb").asText()).isEqualTo("ecmp");
    JsonNode candidates = doc.get("candidates");
    assertThat(candidates).hasSize(2);
    assertThat(candidates.get(0).get("rank").asInt()).isEqualTo(1);
    assertThat(candidates.get(0).get("values")).isEqualTo(doc.get("best"));
    JsonNode ecmp = candidates.get(0).get("values").get("lb").asText().equals("ecmp") ? candidates.get(0)
        : candidates.get(1);
    // the baseline gains exactly nothing over itself, seed by seed
    for (String k : List.of("throughput_gain_pct_median", "throughput_gain_pct_lo", "throughput_gain_pct_hi")) {
      assertThat(ecmp.get(k).asDouble()).as(k).isZero();
    }
    assertThat(ecmp.get("seeds").asInt()).isEqualTo(2);
    assertThat(doc.get("headline").asText()).startsWith("Recommended: " + doc.get("best").get("lb").asText());
    // ranking.csv has the same columns, one value per cell
    List<String> csv = Files.readAllLines(dir.resolve("recommend-default_topology.k-4_workload.size-32KiB/ranking.csv"));
    assertThat(csv.get(0)).startsWith("rank,lb,seeds,cct_ps_median,cct_over_bound_pct_median,baseline,"
        + "throughput_gain_pct_median,throughput_gain_pct_lo,throughput_gain_pct_hi,");
    assertThat(csv.get(1)).startsWith("1," + doc.get("best").get("lb").asText() + ",2,");
  }

  @Test
  void optimizeGivesTheRankingWithTheWorstConditionBesideTheMedian() throws IOException {
    Path s = file("s.yaml", "topology: {k: 4}\nworkload: {kind: permutation, size: 16KiB}\n"
        + "transport: {initial_rto_us: 20}\nrun: {limit_ms: 1}\n");
    Path a = file("a.yaml", "workload: {kind: all-to-all, size: 8KiB}\n");
    Path b = file("b.yaml", "workload: {kind: permutation, size: 32KiB}\n");
    String[] args = {"optimize", s.toString(), "--workloads", a + "," + b, "--failures",
        "rate=0.1,tiers=tier2,convergence_us=0", "--draws", "2", "--vary", "lb=ecmp,host-spray", "--vary", "cc=dctcp",
        "--vary", "lr=sack", "--seeds", "1", "--budget", "16",
        "--robust", "median", "--json", "--out", dir.toString()};
    JsonNode doc = valid("optimize", args);
    assertThat(doc.get("robust").asText()).isEqualTo("median");
    assertThat(doc.get("conditions")).hasSize(4);
    assertThat(doc.get("conditions").get(2).get("workload").asText()).isEqualTo("b");
    JsonNode rows = doc.get("ranking");
    assertThat(rows).hasSize(2);
    for (JsonNode r : rows) {
      assertThat(r.get("conditions").asInt()).isEqualTo(4);
      assertThat(r.get("score").asDouble()).isEqualTo(r.get("score_median").asDouble());
      assertThat(r.get("score_worst").asDouble()).isGreaterThanOrEqualTo(r.get("score_median").asDouble());
      assertThat(r.get("cct_ps_worst").asLong()).isGreaterThanOrEqualTo(r.get("cct_ps_median").asLong());
    }
    assertThat(doc.get("baseline").get("lb").asText()).isEqualTo("ecmp");
    // the same numbers as optimize.json's ranking
    JsonNode file = MAPPER.readTree(Path.of(doc.get("results_dir").asText(), "optimize.json").toFile());
    assertThat(file.get("ranking")).anySatisfy(r -> assertThat(r.get("worst_score").asDouble())
        .isEqualTo(rows.get(0).get("score_worst").asDouble()));
    assertThat(CliRunner.run(args).out()).isEqualTo(CliRunner.run(args).out());
  }

  @Test
  void benchCollectiveGivesEachDesignsRowsAndItsAverage() throws IOException {
    Path s = file("s.yaml", "topology: {kind: leaf-spine, leaves: 2, hosts_per_leaf: 2, spines: 2}\n");
    JsonNode doc = valid("bench-collective", "bench-collective", s.toString(), "--op", "reduce-scatter", "--sizes",
        "64KiB:128KiB", "--type", "half", "--lb", "ecmp,host-spray", "--json", "--out", dir.toString());
    assertThat(doc.get("op").asText()).isEqualTo("reduce-scatter");
    assertThat(doc.get("ranks").asInt()).isEqualTo(4);
    assertThat(doc.get("type").asText()).isEqualTo("half");
    JsonNode designs = doc.get("designs");
    assertThat(designs).hasSize(2);
    assertThat(designs.get(0).get("lb").asText()).isEqualTo("ecmp");
    JsonNode row = designs.get(0).get("rows").get(0);
    assertThat(row.get("size").asLong()).isEqualTo(65536);
    assertThat(row.get("count").asLong()).isEqualTo(32768);
    // the same numbers as bench-collective.csv
    String csvRow = Files.readAllLines(dir.resolve("bench-reduce-scatter-s/bench-collective.csv")).get(1);
    assertThat(csvRow.split(",")[11]).isEqualTo(new java.math.BigDecimal(row.get("time_us").asText())
        .setScale(6, java.math.RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString());
    double avg = (designs.get(0).get("rows").get(0).get("busbw_gbs").asDouble()
        + designs.get(0).get("rows").get(1).get("busbw_gbs").asDouble()) / 2;
    assertThat(designs.get(0).get("avg_busbw_gbs").asDouble()).isEqualTo(avg);
  }

  @Test
  void listGivesEveryDesignAndKey() throws IOException {
    JsonNode doc = valid("list", "list", "--json");
    assertThat(doc.get("axes").get(0).get("axis").asText()).isEqualTo("lb");
    JsonNode ecmp = null;
    for (JsonNode d : doc.get("axes").get(0).get("designs")) {
      if (d.get("name").asText().equals("ecmp")) {
        ecmp = d;
      }
    }
    assertThat(ecmp).isNotNull();
    assertThat(ecmp.get("plugin").isNull()).isTrue();
    JsonNode k = null;
    for (JsonNode key : doc.get("keys")) {
      if (key.get("key").asText().equals("topology.k")) {
        k = key;
      }
    }
    assertThat(k).isNotNull();
    assertThat(k.get("default").asText()).isEqualTo("8");
    assertThat(CliRunner.run("list", "--json").out()).isEqualTo(CliRunner.run("list", "--json").out());
    CliRunner.Outcome both = CliRunner.run("list", "--json", "--markdown");
    assertThat(both.code()).isEqualTo(2);
    assertThat(both.err()).startsWith("error: --json: cannot be combined with --markdown").doesNotContain("Exception");
  }

  @Test
  void theSchemasRejectADocumentMissingAFieldOrWithATextNumber() throws IOException {
    JsonNode doc = valid("list", "list", "--json");
    ObjectNode broken = doc.deepCopy();
    broken.remove("keys");
    assertThat(errors("list", broken)).isNotEmpty();
    ObjectNode run = (ObjectNode) MAPPER.readTree("{\"command\": \"run\", \"runs\": [{\"scenario\": \"a\", \"lb\": \"ecmp\","
        + " \"workload\": \"permutation 1MiB\", \"cct_ps\": \"12.5\", \"lower_bound_ps\": 1, \"cct_over_bound_pct\": null,"
        + " \"max_queue_bytes\": 0, \"drops\": 0, \"flows_unfinished\": 0, \"results_dir\": \"a\", \"training\": null}],"
        + " \"gains\": []}");
    assertThat(errors("run", run)).hasSize(1);
    ((ObjectNode) run.get("runs").get(0)).put("cct_ps", 12);
    assertThat(errors("run", run)).isEmpty();
  }
}
