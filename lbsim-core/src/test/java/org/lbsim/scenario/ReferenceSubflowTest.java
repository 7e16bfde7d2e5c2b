package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.engine.RandomStreams;
import org.lbsim.engine.SplitMix;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.ConstantRate;
import org.lbsim.transport.FlowOutcome;
import org.lbsim.transport.SubflowSplit;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.FlowTriggers;

/**
 * {@code lb: subflow} under {@code profile: reference}: each flow runs as N independent
 * connections, as in the study's simulator, and finishes with its slowest subflow.
 */
class ReferenceSubflowTest {
  // 100 Gb/s = 80 ps/B; reference sizes: 4096 B data and 82 B ACKs on the wire, 4178 B pacing slot
  private static final long DATA_PS = 4096 * 80;
  private static final long ACK_PS = 82 * 80;
  private static final long SLOT_PS = 4178 * 80;
  private static final long LINK_PS = 1_000_000;

  @TempDir
  Path dir;

  private Path cm(int hosts, String line) throws IOException {
    Path f = dir.resolve("one.cm");
    Files.writeString(f, "Nodes " + hosts + "\nConnections 1\n" + line + "\n");
    return f;
  }

  private static Scenario scenario(Path cm, String... more) {
    List<String> o = new ArrayList<>(List.of("profile=reference", "links.rate_gbps=100", "links.latency_us=1",
        "buffer.packets=100", "workload.kind=cm", "workload.file=" + cm, "lb=subflow", "subflow.count=4"));
    o.addAll(Arrays.asList(more));
    return Scenarios.of(o);
  }

  /** The outcome of every connection (subflow) of a run of {@code s}. */
  private static List<FlowOutcome> connections(Scenario s) {
    PreparedRun p = ScenarioRunner.prepare(s);
    p.start();
    p.simulator().run(s.engine().limitPs());
    return p.transport().outcomes();
  }

  @Test
  void eachSubflowFinishesOnItsOwnScheduleAndTheFlowWithTheSlowest() throws IOException {
    Scenario s = scenario(cm(128, "0->127 id 1 start 0 size 1048576"));
    List<FlowOutcome> subs = connections(s);
    RunResult r = Scenarios.run(s);

    // 1 MiB in 4 subflows of 256 KiB = 64 packets each; one flow per host, so each subflow is
    // paced at a quarter of the host link: 4 slots between its packets, plus the gap's jitter
    long gap = 4 * SLOT_PS;
    RandomStreams random = new RandomStreams(s.seed());
    List<long[]> sends = new ArrayList<>(); // {time the pacer releases it, subflow}
    long[] start = new long[4];
    for (int c = 0; c < 4; c++) {
      start[c] = random.stream("start-jitter", c).nextLong(gap);
      SplitMix flowRandom = random.splitMix("flow", c);
      flowRandom.split(); // the path policy's stream
      ConstantRate pacing = new ConstantRate(gap, flowRandom.split());
      long t = start[c];
      for (int k = 0; k < 64; k++) {
        sends.add(new long[] {t, c});
        t += pacing.pacingGapPs(t);
      }
    }
    // the sender's NIC is one FIFO shared by the four subflows; past it, every path has six
    // store-and-forward links at the same rate, so packets keep their spacing
    sends.sort((a, b) -> Long.compare(a[0], b[0]));
    long nicFree = 0;
    long[] done = new long[4];
    for (long[] send : sends) {
      long leaves = Math.max(send[0], nicFree);
      nicFree = leaves + DATA_PS;
      long acked = leaves + 6 * (DATA_PS + LINK_PS) + 6 * (ACK_PS + LINK_PS);
      done[(int) send[1]] = Math.max(done[(int) send[1]], acked);
    }
    long slowest = 0;
    for (int c = 0; c < 4; c++) {
      FlowOutcome sub = subs.get(c);
      assertThat(sub.bytes()).isEqualTo(262_144);
      assertThat(sub.packetsSent()).as("subflow %d", c).isEqualTo(64);
      assertThat(sub.startPs()).as("subflow %d", c).isEqualTo(start[c]);
      assertThat(sub.finishPs()).as("subflow %d", c).isEqualTo(done[c]);
      slowest = Math.max(slowest, done[c] - start[c]);
    }
    assertThat(r.flows()).hasSize(1);
    FlowOutcome flow = r.flows().get(0);
    assertThat(flow.bytes()).isEqualTo(1_048_576);
    assertThat(flow.packetsSent()).isEqualTo(256);
    assertThat(flow.fctPs()).isEqualTo(slowest);
    assertThat(r.cctPs()).isEqualTo(slowest);
    assertThat(subs.stream().mapToLong(FlowOutcome::fctPs).distinct().count()).as("four schedules").isEqualTo(4);
  }

  /**
   * One of the destination ToR's two links to its aggregation switches runs at a tenth of its
   * speed downward (the reference profile slows a degraded link's downward direction; 100-packet
   * buffers, so nothing is dropped): the subflows hashed onto it each carry their own quarter of
   * the flow through it, and the flow ends with the slowest of them, long after the others.
   */
  @Test
  void aSubflowOnASlowPathHoldsBackItsFlow() throws IOException {
    Scenario s = scenario(cm(16, "0->15 id 1 start 0 size 1048576"), "topology.k=4", "failures.kind=degraded",
        "failures.links=tor7-agg6", "failures.capacity=0.1", "failures.pacing=fair-share");
    List<FlowOutcome> subs = connections(s);
    RunResult r = Scenarios.run(s);
    assertThat(port(r, "agg6>tor7").bytesSent()).as("a subflow crosses the slow downlink").isPositive();
    assertThat(port(r, "agg7>tor7").bytesSent()).as("a subflow crosses the fast downlink").isPositive();
    assertThat(r.drops()).isZero();

    FlowOutcome slowest = subs.stream().max(java.util.Comparator.comparingLong(FlowOutcome::fctPs)).orElseThrow();
    long fastest = subs.stream().mapToLong(FlowOutcome::fctPs).min().orElseThrow();
    // 64 packets of 4096 B through 10 Gb/s take 210 us; on the fast uplink a subflow needs about 100 us
    assertThat(slowest.fctPs()).isGreaterThan(64 * 10 * DATA_PS);
    assertThat(fastest).isLessThan(110_000_000L);
    FlowOutcome flow = r.flows().get(0);
    assertThat(flow.startPs()).isEqualTo(slowest.startPs());
    assertThat(flow.finishPs()).isEqualTo(slowest.finishPs())
        .isEqualTo(subs.stream().mapToLong(FlowOutcome::finishPs).max().orElseThrow());
    assertThat(flow.fctPs()).isEqualTo(slowest.fctPs());
    assertThat(r.cctPs()).isEqualTo(slowest.fctPs());
    assertThat(flow.packetsSent()).isEqualTo(subs.stream().mapToLong(FlowOutcome::packetsSent).sum())
        .isEqualTo(r.counters().get("data_sent"));
  }

  /**
   * A flow triggered by another's reception (a connection-matrix trigger) starts only once every
   * subflow of that flow has been received, each of its own subflows from its own jittered start:
   * the subflows of a flow activate its trigger as that one flow.
   */
  @Test
  void aSubflowWaitsForEverySubflowOfTheFlowItsFlowWaitsFor() throws IOException {
    Path cm = dir.resolve("chain.cm");
    Files.writeString(cm, String.join("\n", "Nodes 16", "Connections 2", "Triggers 1",
        "0->15 id 1 start 0 size 1048576 recv_done_trigger 1", "4->11 id 2 size 262144 trigger 1",
        "trigger id 1 oneshot", ""));
    Scenario s = scenario(cm, "topology.k=4");
    List<FlowSpec> flows = Workloads.generate(s, new RandomStreams(s.seed()));
    SubflowSplit split = new SubflowSplit(flows, List.of(), 4);
    List<FlowOutcome> subs = connections(s);
    RunResult r = Scenarios.run(s);
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(subs).hasSize(8);
    long firstReceived = subs.subList(0, 4).stream().mapToLong(FlowOutcome::receivedPs).max().orElseThrow();
    long gap = 4 * SLOT_PS;
    for (int c = 4; c < 8; c++) {
      assertThat(split.connections().get(c).triggers()).isEqualTo(new FlowTriggers(0, false, -1, -1, 1));
      assertThat(split.connections().get(c - 4).triggers()).isEqualTo(new FlowTriggers(-1, false, -1, 0, 0));
      assertThat(subs.get(c).startPs()).as("subflow %d", c).isBetween(firstReceived, firstReceived + gap - 1);
    }
    assertThat(subs.subList(4, 8).stream().mapToLong(FlowOutcome::startPs).distinct().count()).isEqualTo(4);
    for (FlowOutcome f : r.flows()) {
      assertThat(f.fctPs()).isEqualTo(subs.subList(4 * f.id(), 4 * f.id() + 4).stream()
          .mapToLong(FlowOutcome::fctPs).max().orElseThrow());
    }
  }

  /**
   * A multishot trigger counts a split flow as one activation, once its last subflow is done, and
   * each activation starts every subflow of the next waiting flow: the small flow's four subflows,
   * all done before the big flow's, are one activation and start the first waiting flow only.
   */
  @Test
  void aMultishotActivationIsAWholeFlowAndStartsAWholeFlow() throws IOException {
    Path cm = dir.resolve("multishot.cm");
    Files.writeString(cm, String.join("\n", "Nodes 16", "Connections 4", "Triggers 1",
        "0->15 id 1 start 0 size 1048576 send_done_trigger 1", "2->3 id 2 start 0 size 16384 send_done_trigger 1",
        "4->11 id 3 trigger 1 size 262144", "5->12 id 4 trigger 1 size 262144", "trigger id 1 multishot", ""));
    Scenario s = scenario(cm, "topology.k=4");
    List<FlowOutcome> subs = connections(s);
    assertThat(subs).hasSize(16).allMatch(FlowOutcome::finished);
    long smallDone = subs.subList(4, 8).stream().mapToLong(FlowOutcome::finishPs).max().orElseThrow();
    long bigDone = subs.subList(0, 4).stream().mapToLong(FlowOutcome::finishPs).max().orElseThrow();
    assertThat(smallDone).isLessThan(bigDone);
    long gap = 4 * SLOT_PS;
    for (int c = 8; c < 12; c++) {
      assertThat(subs.get(c).startPs()).as("subflow %d", c).isBetween(smallDone, smallDone + gap - 1);
    }
    for (int c = 12; c < 16; c++) {
      assertThat(subs.get(c).startPs()).as("subflow %d", c).isBetween(bigDone, bigDone + gap - 1);
    }
  }

  private static PortStats port(RunResult r, String name) {
    return r.ports().stream().filter(p -> p.port().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void aHostWithHundredsOfSubflowsPacesEachAtItsShare() {
    // 128-host all-to-all, 3 subflows per flow: 381 connections share each host link, so a
    // subflow's gap is 381 pacing slots, whose byte count x 8e12 is past a long
    Scenario s = Scenarios.of(List.of("profile=reference", "links.rate_gbps=100", "links.latency_us=1",
        "buffer.packets=100", "workload.kind=all-to-all", "workload.size=12KiB", "lb=subflow", "subflow.count=3"));
    RunResult r = Scenarios.run(s);
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(r.flows()).hasSize(128 * 127);
    assertThat(r.flows().stream().mapToLong(FlowOutcome::packetsSent).min().getAsLong()).isEqualTo(3);
    // each host's NIC puts 381 data packets on its link one after another
    assertThat(r.flows().stream().mapToLong(FlowOutcome::finishPs).max().getAsLong())
        .isGreaterThanOrEqualTo(381 * DATA_PS);
  }
}
