package org.lbsim.bench.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness's reading of both sides' flow logs, its case list, its verdicts and its table, and
 * that without an htsim it only says how to build one. The flow logs below are written for the
 * test in each simulator's format; their numbers are made up.
 */
class CrossCheckTest {
  @TempDir
  Path dir;

  /** csg-htsim's erasure driver: one row per (sub)flow, FCT in ps, 0 for a flow that did not complete. */
  static final List<String> HTSIM_ERASURE = List.of(
      "Flow ID,Completion Time,ReceivedBytes,PacketsSent",
      "3->17,201000500,2097152,512",
      "17->3,199250000,2101248,513",
      "5->9,0,1769472,700",
      "9->5,187400125,2097152,512");

  /** Its SACK driver puts the completion time in the fourth column. */
  static final List<String> HTSIM_SACK = List.of(
      "Flow ID,Drops,Spurious Retransmits,Completion Time,RTOs,ReceivedBytes,NACKs,DupACKs,PacketsSent,SACKRTXs",
      "3-17,4,0,250000000,1,2097152,0,12,520,4",
      "17-3,0,0,240500000,0,2097152,0,0,512,0");

  /** lbsim's flows.csv: -1 for a flow that did not finish. */
  static final List<String> LBSIM_FLOWS = List.of(
      "flow,src,dst,bytes,start_ps,finish_ps,fct_ps,received_ps,packets_sent,packets_lost,mean_rtt_ps,retransmissions,spurious_retransmissions,timeouts",
      "0,3,17,2097152,1000,200001000,200000000,199000000,512,0,21000000,0,0,0",
      "1,17,3,2097152,2500,-1,-1,-1,900,388,0,0,0,0",
      "2,5,9,2097152,500,198000500,198000000,197000000,512,0,20000000,0,0,0");

  /** uet-htsim's congestion-control drivers print a line per completed flow, the time in us. */
  static final List<String> HTSIM_STDOUT = List.of(
      "# /path/htsim_uec -tm m.cm",
      "Loaded 4 connections in total",
      "Flow uec_1_0 flowId 1 uec_1_0 finished at 95.5 total messages 1 total packets 257 RTS 0 total bytes 1048576",
      "Flow hpcc_2_0 finished at 120.25 total bytes 1048576",
      "Flow uec_1_0 flowId 1 uec_1_0 finished at 99 total messages 1",
      "Flow roce_3_0 7 finished at 1.5e2 total bytes 1048576",
      "Simulation done");

  @Test
  void readsHtsimFlowLogsByColumnName() {
    assertThat(FlowLogs.htsim(HTSIM_ERASURE)).isEqualTo(new RunResult(4, 1, 201_000_500L, 199_250_000L, 201_000_500L));
    assertThat(FlowLogs.htsim(HTSIM_SACK)).isEqualTo(new RunResult(2, 0, 250_000_000L, 240_500_000L, 250_000_000L));
  }

  @Test
  void readsLbsimFlows() {
    assertThat(FlowLogs.lbsim(LBSIM_FLOWS)).isEqualTo(new RunResult(3, 1, 200_000_000L, 198_000_000L, 200_000_000L));
  }

  @Test
  void readsTheFirstCompletionOfEachFlowFromADriversOutput() {
    RunResult r = FlowLogs.htsimStdout(HTSIM_STDOUT, 4);
    assertThat(r).isEqualTo(new RunResult(4, 1, 150_000_000L, 120_250_000L, 150_000_000L));
    assertThatThrownBy(() -> FlowLogs.htsimStdout(HTSIM_STDOUT, 2)).hasMessageContaining("3 flows finished, but its matrix lists 2");
    assertThat(FlowLogs.connections(List.of("Nodes 16", "Connections 2", "1->0 id 1 start 0 size 1048576",
        "2->0 id 2 start 0 size 1048576"))).isEqualTo(2);
    assertThatThrownBy(() -> FlowLogs.connections(List.of("Nodes 16"))).hasMessageContaining("no SRC->DST lines");
  }

  /** htsim_eqds's lines (eqds.cpp, EqdsSrc::checkFinished): its start lines are not completions; a node name with a space. */
  @Test
  void readsHtsimEqdsCompletions() {
    List<String> out = List.of("Flow Eqds_8_0 flowId 1 eqdsSrc 0 starting at 0",
        "Flow Eqds_9_0 flowId 2 eqdsSrc 1 starting at 0",
        "Flow Eqds_9_0 flowId 2 eqdsSrc 1 finished at 693.755 total packets 257 RTS 0 total bytes 1050102",
        "Flow Eqds_8_0 flowId 1 eqdsSrc 0 finished at 696.919 total packets 257 RTS 0 total bytes 1050102",
        "New: 514 Rtx: 0 RTS: 0 Bounced: 0");
    RunResult r = FlowLogs.htsimStdout(out, 3);
    assertThat(r).isEqualTo(RunResult.of(3, List.of(693_755_000L, 696_919_000L)).withCounts(-1, 0));
  }

  @Test
  void percentilesAreNearestRank() {
    List<Long> hundred = java.util.stream.LongStream.rangeClosed(1, 100).map(v -> v * 10).boxed().toList();
    RunResult r = RunResult.of(101, hundred);
    assertThat(r.unfinished()).isEqualTo(1);
    assertThat(r.ps(Metric.FCT_P50)).isEqualTo(500);
    assertThat(r.ps(Metric.FCT_P99)).isEqualTo(990);
    assertThat(r.ps(Metric.CCT)).isEqualTo(1000);
    assertThat(RunResult.of(2, List.of()).ps(Metric.CCT)).isZero();
    assertThatThrownBy(() -> RunResult.of(1, List.of(1L, 2L))).hasMessageContaining("2 flows finished of 1");
    assertThat(Metric.parseList("cct, p50,p99")).containsExactly(Metric.CCT, Metric.FCT_P50, Metric.FCT_P99);
    assertThatThrownBy(() -> Metric.parseList("cct,p90")).hasMessageContaining("'p90' is not one of");
    assertThatThrownBy(() -> Metric.parseList("p50,p50")).hasMessageContaining("listed twice");
  }

  @Test
  void refusesLogsItCannotRead() {
    assertThatThrownBy(() -> FlowLogs.htsim(LBSIM_FLOWS)).hasMessageContaining("no 'Completion Time' column");
    assertThatThrownBy(() -> FlowLogs.htsim(List.of(HTSIM_ERASURE.get(0), "3->17,soon,2097152,512")))
        .hasMessageContaining("'soon' is not a whole number");
    assertThatThrownBy(() -> FlowLogs.htsim(List.of(HTSIM_ERASURE.get(0), "3->17,5"))).hasMessageContaining("has 2 cells");
    assertThatThrownBy(() -> FlowLogs.lbsim(List.of(LBSIM_FLOWS.get(0)))).hasMessageContaining("no flow rows");
  }

  @Test
  void parsesCasesWithDefinitions() {
    List<CrossCase> cases = CaseFile.parse(List.of(
        "# a comment",
        "let fabric = -tm {repo}/m.cm -q 100",
        "let more = {fabric} -k 0",
        "",
        "a-ecmp | s.yaml lb=ecmp seed?=2 | htsim_consterase {more} -strat ecmp"), Map.of("repo", "/r"));
    assertThat(cases).containsExactly(new CrossCase("a-ecmp", "s.yaml", List.of("lb=ecmp", "seed?=2"), "htsim_consterase",
        List.of("-tm", "/r/m.cm", "-q", "100", "-k", "0", "-strat", "ecmp")));
  }

  @Test
  void outputAndSeedDirectivesApplyToTheLinesAfterThem() {
    List<CrossCase> cases = CaseFile.parse(List.of(
        "a | s.yaml | htsim_swift -q 8",
        "output = stdout",
        "seed-flag = -seed",
        "b | s.yaml | htsim_uec -q 8",
        "output = flow-log",
        "seed-flag = clock",
        "c | s.yaml | htsim_consterase"), Map.of());
    assertThat(cases.get(0).output()).isEqualTo(CrossCase.HtsimOutput.FLOW_LOG);
    assertThat(cases.get(0).seedFlag()).isNull();
    assertThat(cases.get(1)).isEqualTo(new CrossCase("b", "s.yaml", List.of(), "htsim_uec", List.of("-q", "8"),
        CrossCase.HtsimOutput.STDOUT, "-seed", CrossCase.Times.FCT));
    assertThat(cases.get(2).output()).isEqualTo(CrossCase.HtsimOutput.FLOW_LOG);
    assertThat(cases.get(2).seedFlag()).isNull();
    assertThatThrownBy(() -> CaseFile.parse(List.of("output = csv"), Map.of())).hasMessageContaining("line 1: output 'csv'");
    assertThatThrownBy(() -> CaseFile.parse(List.of("seed-flag = seed"), Map.of())).hasMessageContaining("neither clock nor a flag");
  }

  @Test
  void finishTimesApplyToTheLinesAfterThemAndNeedADriversOutput() {
    List<CrossCase> cases = CaseFile.parse(List.of("output = stdout", "a | s.yaml | htsim_uec", "times = finish",
        "b | s.yaml | htsim_uec", "times = fct", "c | s.yaml | htsim_uec"), Map.of());
    assertThat(cases).extracting(CrossCase::times)
        .containsExactly(CrossCase.Times.FCT, CrossCase.Times.FINISH, CrossCase.Times.FCT);
    assertThatThrownBy(() -> CaseFile.parse(List.of("times = finish", "a | s.yaml | htsim_swift"), Map.of()))
        .hasMessageContaining("line 2: case 'a' compares finish times");
    assertThatThrownBy(() -> CaseFile.parse(List.of("times = start"), Map.of())).hasMessageContaining("times 'start'");
    // flow 1 starts at 10 us and takes 20: its finish is 30 us
    List<String> flows = List.of("flow,src,dst,bytes,start_ps,finish_ps,fct_ps", "0,0,1,8,0,5000000,5000000",
        "1,1,2,8,10000000,30000000,20000000");
    assertThat(FlowLogs.lbsimFinish(flows).maxFctPs()).isEqualTo(30_000_000L);
    assertThat(FlowLogs.lbsim(flows).maxFctPs()).isEqualTo(20_000_000L);
  }

  @Test
  void refusesBadCaseLines() {
    Map<String, String> repo = Map.of("repo", "/r");
    assertThatThrownBy(() -> CaseFile.parse(List.of("a | s.yaml | d {nope}"), repo)).hasMessageContaining("line 1: {nope} is not defined");
    assertThatThrownBy(() -> CaseFile.parse(List.of("", "a | s.yaml"), repo)).hasMessageContaining("line 2: expected NAME");
    assertThatThrownBy(() -> CaseFile.parse(List.of("a/b | s.yaml | d"), repo)).hasMessageContaining("not one folder name");
    assertThatThrownBy(() -> CaseFile.parse(List.of("a | s.yaml | d", "a | s.yaml | d"), repo)).hasMessageContaining("listed twice");
    assertThatThrownBy(() -> CaseFile.parse(List.of("a | s.yaml lb | d"), repo)).hasMessageContaining("'lb' is not a key=value");
    assertThatThrownBy(() -> CaseFile.parse(List.of("a |  | d"), repo)).hasMessageContaining("needs a scenario and a driver");
  }

  @Test
  void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertThat(Spread.of(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(new Spread(2.5, 1.0, 4.0));
    assertThat(Spread.of(List.of(5.0, 1.0, 3.0))).isEqualTo(new Spread(3.0, 1.0, 5.0));
  }

  @Test
  void verdictIsThreePercentThenOverlapThenDiffers() {
    Spread htsim = new Spread(100, 99, 101);
    assertThat(Verdict.of(new Spread(102.9, 102.5, 103.5), htsim)).isEqualTo(Verdict.WITHIN_3_PCT);
    assertThat(Verdict.of(new Spread(96.9, 96.5, 97.5), htsim)).isEqualTo(Verdict.DIFFERS);
    assertThat(Verdict.of(new Spread(104, 100.5, 110), htsim)).isEqualTo(Verdict.WITHIN_SPREAD);
    assertThat(Verdict.of(new Spread(104, 101.5, 110), htsim)).isEqualTo(Verdict.DIFFERS);
    assertThat(Verdict.differencePct(new Spread(110, 110, 110), htsim)).isEqualTo(10.0, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void tableComparesFinishedRunsByCctAndUnfinishedOnesByCount() {
    RunResult l1 = cct(200_000_000L);
    RunResult l2 = cct(202_000_000L);
    List<RunResult> h = List.of(cct(190_000_000L), cct(195_000_000L), cct(200_500_000L));
    CaseRow close = new CaseRow("close", new SideRuns(List.of(l1, l2), 0), new SideRuns(h, 0));
    CaseRow apart = new CaseRow("apart", new SideRuns(List.of(l1, l2), 0), new SideRuns(h.subList(0, 2), 0));
    CaseRow stuck = new CaseRow("stuck", new SideRuns(List.of(new RunResult(128, 5, 1, 1, 1), new RunResult(128, 3, 1, 1, 1)), 0),
        new SideRuns(List.of(new RunResult(128, 1, 1, 1, 1), new RunResult(128, 0, 1, 1, 1), new RunResult(128, 2, 1, 1, 1)), 1));
    CaseRow missing = new CaseRow("missing", new SideRuns(List.of(l1), 0), new SideRuns(List.of(), 3));
    String table = Table.format(List.of(close, apart, stuck, missing));
    assertThat(table.lines().toList()).hasSize(6);
    assertThat(table).contains("| close   | 201.000 [200.000, 202.000]")
        .contains("| 195.000 [190.000, 200.500]")
        .contains("+3.08 % | within the seed spread")
        .contains("+4.42 % | differs ")
        .doesNotContain("within 3 %");
    assertThat(stuck.lbsim().cell()).isEqualTo("unfinished flows 4 [3, 5] in 2 of 2 runs");
    assertThat(stuck.htsim().cell()).isEqualTo("unfinished flows 1 [0, 2] in 2 of 3 runs, 1 failed");
    assertThat(stuck.difference()).isEqualTo("-");
    assertThat(stuck.verdict()).isEqualTo("differs (unfinished flows)");
    assertThat(missing.htsim().cell()).isEqualTo("failed (3 runs)");
    assertThat(missing.verdict()).isEqualTo("not compared");
  }

  private static RunResult cct(long ps) {
    return new RunResult(128, 0, ps, ps / 2, ps - 1);
  }

  @Test
  void readsThePacketsTrimmedAndResentWhereBothSidesPrintThem() {
    List<String> uec = new java.util.ArrayList<>(HTSIM_STDOUT);
    uec.add("New: 2056 Rtx: 405 RTS: 0 Bounced: 0 ACKs: 1934 NACKs: 404 Pulls: 0 sleek_pkts: 0");
    RunResult h = FlowLogs.htsimStdout(uec, 4);
    assertThat(h.trimmed()).isEqualTo(404);
    assertThat(h.resent()).isEqualTo(405);
    List<String> eqds = new java.util.ArrayList<>(HTSIM_STDOUT);
    eqds.add("New: 4112 Rtx: 11 RTS: 0 Bounced: 0");
    RunResult e = FlowLogs.htsimStdout(eqds, 4);
    assertThat(e.trimmed()).as("EQDS's driver prints no NACK count").isEqualTo(-1);
    assertThat(e.resent()).isEqualTo(11);
    assertThat(FlowLogs.htsimStdout(HTSIM_STDOUT, 4).resent()).isEqualTo(-1);

    RunResult l = FlowLogs.withLbsimCounts(FlowLogs.lbsim(LBSIM_FLOWS), LBSIM_FLOWS.stream()
        .map(r -> r.replace(",900,388,0,0,0,0", ",900,388,0,7,0,0")).toList(),
        "{\n  \"counters\" : {\n    \"data_sent\" : 1924,\n    \"data_trimmed\" : 390\n  }\n}");
    assertThat(l.trimmed()).isEqualTo(390);
    assertThat(l.resent()).isEqualTo(7);

    SideRuns lbsim = new SideRuns(List.of(new RunResult(16, 0, 100_000_000L, 50_000_000L, 90_000_000L, 390, 400)), 0);
    SideRuns htsim = new SideRuns(List.of(new RunResult(16, 0, 101_000_000L, 60_000_000L, 90_500_000L, 404, -1)), 0);
    String table = Table.format(List.of(new CaseRow("incast", lbsim, htsim)), List.of(Metric.CCT, Metric.TRIMMED,
        Metric.RESENT));
    assertThat(table.lines().findFirst().orElseThrow()).contains("lbsim, median [min, max]");
    assertThat(table)
        .contains("| incast | CCT (µs)          | 100.000 [100.000, 100.000]")
        .contains("| incast | trimmed (packets) | 390 [390, 390]")
        .contains("-3.47 % | differs")
        .contains("| not reported ")
        .contains("not compared");
    assertThat(Metric.parseList("cct,trims,rtx")).containsExactly(Metric.CCT, Metric.TRIMMED, Metric.RESENT);
  }

  @Test
  void severalMetricsGiveOneLinePerCaseAndMetric() {
    SideRuns lbsim = new SideRuns(List.of(new RunResult(16, 0, 100_000_000L, 50_000_000L, 90_000_000L)), 0);
    SideRuns htsim = new SideRuns(List.of(new RunResult(16, 0, 101_000_000L, 60_000_000L, 90_500_000L)), 0);
    CaseRow row = new CaseRow("incast", lbsim, htsim);
    String table = Table.format(List.of(row), List.of(Metric.CCT, Metric.FCT_P50, Metric.FCT_P99));
    assertThat(table.lines().toList()).hasSize(5);
    assertThat(table.lines().findFirst().orElseThrow()).contains("| metric ");
    assertThat(table)
        .contains("| incast | CCT     | 100.000 [100.000, 100.000]")
        .contains("| incast | FCT p50 | 50.000 [50.000, 50.000]")
        .contains("-16.67 % | differs")
        .contains("-0.55 % | within 3 %");
  }

  @Test
  void withoutHtsimItSaysHowToBuildOneAndRunsNothing() throws Exception {
    Path out = dir.resolve("results");
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int status = CrossCheck.run(new String[] {"--repo", dir.toString(), "--out", out.toString(), "--runs", "2"},
        new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8));
    assertThat(status).isZero();
    assertThat(stdout.toString(StandardCharsets.UTF_8))
        .contains("nothing was run")
        .contains("make -j2 libhtsim.a && make -j2 -C datacenter")
        .contains("bb725a5")
        .contains("40ccb05")
        .contains("--htsim");
    assertThat(stderr.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(Files.exists(out)).isFalse();
  }

  @Test
  void refusesBadOptionsAndAFolderWithoutDrivers() throws Exception {
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(stderr, true, StandardCharsets.UTF_8);
    PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    assertThat(CrossCheck.run(new String[] {"--runs", "0"}, out, err)).isEqualTo(2);
    assertThat(CrossCheck.run(new String[] {"--htsm", "x"}, out, err)).isEqualTo(2);
    assertThat(CrossCheck.run(new String[] {"--htsim", dir.toString()}, out, err)).isEqualTo(2);
    assertThat(stderr.toString(StandardCharsets.UTF_8))
        .contains("--runs: expected a whole number of at least 1, got '0'")
        .contains("unknown option '--htsm'")
        .contains("holds an htsim_* driver");
  }
}
