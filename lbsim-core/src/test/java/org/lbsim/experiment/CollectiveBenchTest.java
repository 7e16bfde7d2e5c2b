package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.experiment.CollectiveBench.Outcome;
import org.lbsim.experiment.CollectiveBench.Request;
import org.lbsim.experiment.CollectiveBench.Row;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.ScenarioException;

class CollectiveBenchTest {
  private static final long KIB = 1 << 10;
  private static final long MIB = 1 << 20;
  /** One switch: 4 hosts under a single leaf, 100 Gb/s. */
  private static final String ONE_SWITCH = "topology: {kind: leaf-spine, leaves: 1, hosts_per_leaf: 4, spines: 1}\n"
      + "links: {rate_gbps: 100}\n";
  private static final String TINY_FAT_TREE = "topology: {k: 4}\n";
  /** Two leaves of two hosts: the smallest fabric with more than one path. */
  private static final String TWO_LEAVES = "topology: {kind: leaf-spine, leaves: 2, hosts_per_leaf: 2, spines: 2}\n";

  @TempDir
  Path dir;

  private static Outcome bench(String yaml, List<String> settings, Request req, int threads, Path out) {
    BaseScenario source = new BaseScenario(yaml, "bench.yaml", null);
    CollectiveBench.Plan plan = CollectiveBench.plan(source, settings, req, Catalog.builtIn());
    return CollectiveBench.run(source, settings, plan, threads, out, false, (run, done) -> { }, Catalog.builtIn());
  }

  private static Request allReduce(long min, long max, String... lbs) {
    return new Request(CollectiveOp.ALL_REDUCE, ElementType.FLOAT, new SizeRange(min, max, 2, 0), List.of(lbs));
  }

  /**
   * nccl-tests on a perfect network: on one switch, with packets whose headers, ACKs and gaps
   * take almost nothing (1 B ACKs per 4096 B payload), AllReduce's busbw at a large size is the
   * link rate, 12.5 GB/s at 100 Gb/s, within 1 %.
   */
  @Test
  void allReduceOnAnIdealFabricReachesTheLinkRate() {
    Outcome o = bench(ONE_SWITCH, List.of("packet.header=0", "packet.ack=1", "packet.gap=0"),
        allReduce(16 * MIB, 16 * MIB, "ecmp"), 1, null);
    Row r = o.rows().get(0);
    assertThat(o.ranks()).isEqualTo(4);
    assertThat(r.busbw()).isBetween(12.5 * 0.99, 12.5);
    assertThat(o.ideal()).isBetween(12.5 * 0.999, 12.5);
    assertThat(r.busbw()).isLessThanOrEqualTo(r.idealBusbw()); // the bound is one
  }

  /** With the study's packets the host link also carries headers, ACKs and gaps: busbw reaches the printed ideal instead. */
  @Test
  void withRealPacketsBusbwReachesTheIdealItPrints() {
    Outcome o = bench(ONE_SWITCH, List.of(), allReduce(16 * MIB, 16 * MIB, "ecmp"), 1, null);
    Row r = o.rows().get(0);
    assertThat(o.ideal()).isEqualTo(BusBandwidth.ideal(org.lbsim.net.PacketFormat.study(), 100_000_000_000L));
    assertThat(r.busbw()).isBetween(o.ideal() * 0.99, o.ideal()).isLessThan(12.5 * 0.97);
  }

  @Test
  void rowsComeInDesignThenSizeOrderAndDoNotDependOnThreads() throws Exception {
    Request req = allReduce(64 * KIB, 128 * KIB, "ofan", "ecmp");
    Outcome one = bench(TWO_LEAVES, List.of(), req, 1, dir.resolve("one"));
    Outcome two = bench(TWO_LEAVES, List.of(), req, 2, dir.resolve("two"));
    assertThat(one.rows()).extracting(Row::lb).containsExactly("ofan", "ofan", "ecmp", "ecmp");
    assertThat(one.rows()).extracting(Row::size).containsExactly(64 * KIB, 128 * KIB, 64 * KIB, 128 * KIB);
    assertThat(one.rows()).extracting(Row::count).containsExactly(16 * KIB, 32 * KIB, 16 * KIB, 32 * KIB);
    assertThat(CollectiveBench.csv(two)).isEqualTo(CollectiveBench.csv(one));
    assertThat(NcclTable.render(two)).isEqualTo(NcclTable.render(one));
    assertThat(one.rows()).allSatisfy(r -> assertThat(r.timePs()).isGreaterThanOrEqualTo(r.boundPs()));
    assertThat(Files.isRegularFile(dir.resolve("one/lb-ofan_workload.size-65536_seed-1/summary.json"))).isTrue();
  }

  @Test
  void allToAllSimulatesOneChunkPerPeerAndUsesTheRunsBound() {
    Request req = new Request(CollectiveOp.ALL_TO_ALL, ElementType.FLOAT, new SizeRange(64 * KIB, 64 * KIB, 2, 0),
        List.of("ofan"));
    Outcome o = bench(TINY_FAT_TREE, List.of(), req, 1, dir);
    Row r = o.rows().get(0);
    assertThat(r.size()).isEqualTo(64 * KIB);
    assertThat(Files.exists(dir.resolve("lb-ofan_workload.size-4096_seed-1"))).isTrue(); // 64 KiB over 16 ranks
    assertThat(r.boundPs()).isPositive();
    assertThat(r.busbw()).isEqualTo(BusBandwidth.algbw(64 * KIB, r.timePs()) * 15 / 16);
  }

  @Test
  void theTableHasNcclTestsColumns() {
    Outcome o = bench(TINY_FAT_TREE, List.of(), allReduce(64 * KIB, 64 * KIB, "ecmp"), 1, null);
    List<String> lines = NcclTable.render(o).lines().toList();
    assertThat(lines.get(2)).isEqualTo("#       size         count      type   redop    root     time   algbw   busbw   ideal");
    String row = lines.get(4);
    assertThat(row).matches("       65536         16384     float     sum      -1  [ .0-9]{7}  [ .0-9]{6}  [ .0-9]{6}  [ .0-9]{6}");
    assertThat(lines.get(5)).startsWith("# Avg bus bandwidth    : ");
    assertThat(NcclTable.render(o)).contains("# Ideal bus bandwidth  : ");
    assertThat(NcclTable.time(12.345)).isEqualTo("  12.35");
    assertThat(NcclTable.time(123.45)).isEqualTo("  123.5");
    assertThat(NcclTable.time(12345.6)).isEqualTo("  12346");
    assertThat(NcclTable.general(31.98765432)).isEqualTo("31.9877");
  }

  @Test
  void aSizeThatDidNotFinishHasNoTimeAndIsCountedBelowItsTable() {
    Outcome o = bench(TWO_LEAVES, List.of("run.limit_ms=0.001"), allReduce(64 * KIB, 64 * KIB, "ecmp"), 1, null);
    Row r = o.rows().get(0);
    assertThat(r.finished()).isFalse();
    assertThat(r.unfinished()).isPositive();
    List<String> lines = NcclTable.render(o).lines().toList();
    assertThat(lines.get(4)).matches("       65536         16384     float     sum      -1        -       -       -  [ .0-9]{6}");
    assertThat(lines).contains("# Unfinished sizes     : 1 (some flows did not finish by run.limit_ms)",
        "# Avg bus bandwidth    : -");
    assertThat(CollectiveBench.csv(o).lines().toList().get(1)).contains(",-1,,,,");
  }

  @Test
  void badRequestsAreRefusedBeforeAnyRun() {
    BaseScenario source = new BaseScenario(TINY_FAT_TREE, "bench.yaml", null);
    Catalog c = Catalog.builtIn();
    assertThatThrownBy(() -> CollectiveBench.plan(source, List.of("lb=ecmp"), allReduce(KIB, KIB), c))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("--set lb=ecmp: lb is set by bench-collective")
        .hasMessageContaining("allowed: --lb instead");
    assertThatThrownBy(() -> CollectiveBench.plan(source, List.of(), allReduce(KIB, KIB, "nope"), c))
        .hasMessageContaining("--lb: unknown design (got 'nope'; allowed: ecmp, host-spray");
    assertThatThrownBy(() -> CollectiveBench.plan(source, List.of(), allReduce(1001, 4096), c))
        .hasMessageContaining("--sizes: not a whole number of float elements (got '1001 B'");
    Request tiny = new Request(CollectiveOp.ALL_GATHER, ElementType.DOUBLE, new SizeRange(64, 64, 2, 0), List.of());
    assertThatThrownBy(() -> CollectiveBench.plan(source, List.of(), tiny, c))
        .hasMessageContaining("--sizes: too small for all-gather on 16 ranks (got '64 B'; allowed: 128 B or more");
  }
}
