package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;
import org.lbsim.results.ResultWriter;

/**
 * Multi-plane fabrics ({@code topology.planes}): P fabrics whose links run at 1/P of the rate,
 * every host on each. With the default links (800 Gb/s, 0.5 µs) a data packet (4158 B) takes
 * 41,580·P ps on a plane's link and an ACK (64 B) 640·P ps; the host paces one data packet and
 * its gap (4178 B) every 41,780 ps whatever P, so P planes carry what one does and only a
 * packet's own serialization, once per hop, grows.
 */
class MultiPlaneTest {
  private static final long SLOT = 41_780;
  private static final long LATENCY = 500_000;

  @TempDir
  Path dir;

  private Path cm(int nodes, List<String> lines) throws IOException {
    Path f = dir.resolve("flows.cm");
    Files.writeString(f, "Nodes " + nodes + "\nConnections " + lines.size() + "\n" + String.join("\n", lines) + "\n");
    return f;
  }

  /** One flow, a data packet P·41,580 ps and an ACK P·640 ps on each of a path's {@code hops} links. */
  private static long oneFlowPs(long packets, int hops, int planes) {
    return (packets - 1) * SLOT + hops * (41_580L * planes + LATENCY) + hops * (640L * planes + LATENCY);
  }

  @Test
  void oneFlowOnTwoPlanesFinishesToThePicosecond() throws IOException {
    // central-te's NIC takes the planes in turn: packet n leaves at n slots on plane n mod 2, whose
    // port is free again exactly two slots later (2 * 41,780 ps = its packet and gap at 400 Gb/s),
    // so no packet waits; the last one (n = 255) then crosses 6 links at 400 Gb/s and its ACK 6 back.
    RunResult r = Scenarios.run(Scenarios.of("workload.kind=cm", "workload.file="
        + cm(128, List.of("0->127 id 1 start 0 size 1048576")), "lb=central-te", "topology.planes=2"));
    assertThat(r.flows().get(0).fctPs()).isEqualTo(oneFlowPs(256, 6, 2)).isEqualTo(17_160_540L);
    // one plane: 16,907,220 ps (SingleFlowTest); two planes add the last packet's second half per hop
    assertThat(oneFlowPs(256, 6, 2) - oneFlowPs(256, 6, 1)).isEqualTo(6 * 41_580 + 6 * 640);
    assertThat(r.drops()).isZero();
    // each of host 0's two ports carried half of the 256 packets
    assertThat(port(r, "h0>p0.tor0").packetsSent()).isEqualTo(128);
    assertThat(port(r, "h0>p1.tor0").packetsSent()).isEqualTo(128);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 4})
  void centralTeReproducesTheOnePlaneCctUpToThePacketsOwnSerialization(int planes) throws IOException {
    // Hosts 0..7 send 1 MiB each to hosts 8..15 (other pods) of a k = 4 fat tree: no host both
    // sends data and returns ACKs, and central-te gives every flow link-disjoint paths in each
    // plane, so each flow finishes as if alone: (m - 1) slots, then its last packet and ACK.
    List<String> lines = new ArrayList<>();
    for (int h = 0; h < 8; h++) {
      lines.add(h + "->" + (h + 8) + " id " + (h + 1) + " start 0 size 1048576");
    }
    RunResult r = Scenarios.run(Scenarios.of("workload.kind=cm", "workload.file=" + cm(16, lines), "topology.k=4",
        "lb=central-te", "topology.planes=" + planes));
    assertThat(r.drops()).isZero();
    assertThat(r.cctPs()).isEqualTo(oneFlowPs(256, 6, planes));
    // the single-plane CCT, 16,907,220 ps, plus (P - 1) times the last packet's and ACK's 6 serializations
    assertThat(r.cctPs() - 16_907_220L).isEqualTo((planes - 1) * 6L * (41_580 + 640));
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 4})
  void centralTeOnAPermutationIsAtThePlanesBound(int planes) {
    // Every host sends and ACKs: the bound plays each host's P ports (HostLinkSchedule), each
    // packet on the port that frees first; central-te's rotation reaches it within a few ACKs.
    RunResult one = Scenarios.run(Scenarios.of("lb=central-te", "topology.k=4", "workload.kind=permutation",
        "workload.locality=cross-pod", "workload.size=1MiB"));
    RunResult r = Scenarios.run(Scenarios.of("lb=central-te", "topology.k=4", "workload.kind=permutation",
        "workload.locality=cross-pod", "workload.size=1MiB", "topology.planes=" + planes));
    assertThat(r.drops()).isZero();
    assertThat(r.cctPs()).isGreaterThanOrEqualTo(r.boundPs());
    assertThat(r.overBoundPct()).isLessThan(0.2);
    // the bound grows by about the last packet's extra serialization, never by a throughput term
    long latency = (planes - 1) * 6L * (41_580 + 640);
    assertThat(r.boundPs() - one.boundPs()).isBetween(latency - 20 * 1_680L, latency);
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 4})
  void destinationRotationStaysWithinTwoPercentOfTheBoundOnAnAllToAll(int planes) {
    // host-dr's rotation over (plane, core) starts each flow on plane flow mod P: 1.3 % on 2 planes, 2.8 % on 4
    for (String lb : planes == 2 ? List.of("ofan", "central-te", "host-dr") : List.of("ofan", "central-te")) {
      RunResult r = Scenarios.run(Scenarios.of("lb=" + lb, "topology.k=4", "workload.kind=all-to-all",
          "workload.size=256KiB", "topology.planes=" + planes));
      assertThat(r.overBoundPct()).as("%s on %d planes", lb, planes).isBetween(0.0, 2.0);
    }
  }

  @Test
  void hostSprayRotatesPlanesAndStaysCloseToTheBound() {
    // host-spray's NIC rotates planes by sequence number and its random entropy picks the path in
    // the plane; a queue of n packets lasts P times longer on a plane's slower links, so its
    // distance to the bound grows with P (1.0 % on one plane at this size, 3.4 % on two)
    RunResult one = Scenarios.run(Scenarios.of("lb=host-spray", "topology.k=4", "workload.kind=all-to-all",
        "workload.size=256KiB"));
    RunResult two = Scenarios.run(Scenarios.of("lb=host-spray", "topology.k=4", "workload.kind=all-to-all",
        "workload.size=256KiB", "topology.planes=2"));
    assertThat(one.overBoundPct()).isBetween(0.0, 2.0);
    assertThat(two.overBoundPct()).isBetween(one.overBoundPct(), 5.0);
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 4})
  void ecmpPinsAFlowToOnePlaneAtItsRate(int planes) {
    // ECMP hashes (flow, entropy) onto a plane: a permutation's one flow per host then has 1/P of
    // its host's rate at best, P times the one-plane time, before any in-plane collision
    RunResult r = Scenarios.run(Scenarios.of("lb=ecmp", "topology.k=4", "workload.kind=permutation",
        "workload.locality=cross-pod", "workload.size=1MiB", "topology.planes=" + planes));
    assertThat(r.cctPs()).isGreaterThan(planes * 255L * SLOT);
    RunResult spray = Scenarios.run(Scenarios.of("lb=host-spray", "topology.k=4", "workload.kind=permutation",
        "workload.locality=cross-pod", "workload.size=1MiB", "topology.planes=" + planes));
    assertThat(r.cctPs()).isGreaterThan(2 * spray.cctPs());
  }

  @Test
  void aPlaneIsAFabricOfItsOwn() {
    RunResult r = Scenarios.run(Scenarios.of("lb=host-spray", "topology.k=4", "workload.kind=all-to-all",
        "workload.size=64KiB", "topology.planes=2"));
    // k = 4: per plane 16 host ports and 8 ToRs, 8 aggs and 4 cores of 4 ports each; names carry the plane
    assertThat(r.ports()).hasSize(2 * (16 + 8 * 4 + 8 * 4 + 4 * 4));
    assertThat(r.ports()).allMatch(p -> p.port().startsWith("p0.") || p.port().startsWith("p1.")
        || p.port().matches("h\\d+>p[01]\\..*"));
    long p0 = r.ports().stream().filter(p -> p.port().contains("p0.")).mapToLong(PortStats::bytesSent).sum();
    long p1 = r.ports().stream().filter(p -> p.port().contains("p1.")).mapToLong(PortStats::bytesSent).sum();
    assertThat(p0 + p1).isPositive();
    assertThat((double) p0 / (p0 + p1)).isBetween(0.45, 0.55);
    // a packet never leaves its plane: every port of plane 0 names only plane-0 switches
    assertThat(r.ports()).filteredOn(p -> p.port().startsWith("p0.")).allMatch(p -> !p.port().contains("p1."));
  }

  private static RunResult permutation(String lb, String planes, String... failure) {
    List<String> o = new ArrayList<>(List.of("lb=" + lb, "topology.k=4", "workload.kind=permutation",
        "workload.locality=cross-pod", "workload.size=1MiB", "topology.planes=" + planes));
    if (failure.length > 0) {
      o.addAll(List.of("failures.kind=drop", "failures.convergence_us=0"));
      o.addAll(List.of(failure));
    }
    return Scenarios.run(Scenarios.of(o));
  }

  @Test
  void aFailedPlaneLinkCostsOnlyItsShare() {
    // ToR 0 keeps 3 of its 4 uplinks over the two planes: rho_max is 3/4 of the fair share, not
    // the 1/2 of one plane that lost tor0-agg0 (PlaneFailuresTest), and Host DR, whose rotation
    // over (plane, core) drops the dead routes, stays within 3 % of that bound
    RunResult onePlane = permutation("host-dr", "1", "failures.links=tor0-agg0");
    RunResult twoPlanes = permutation("host-dr", "2", "failures.links=p1.tor0-agg0");
    assertThat(twoPlanes.boundPs()).isEqualTo(org.lbsim.metrics.LowerBounds.atRate(
        org.lbsim.metrics.PathProfile.uniform(6, 400_000_000_000L, LATENCY), org.lbsim.net.PacketFormat.study(), 256,
        0.75, 2).completionPs());
    assertThat(twoPlanes.overBoundPct()).isBetween(0.0, 3.0);
    assertThat(twoPlanes.cctPs()).isLessThan(onePlane.cctPs() * 4 / 5);
    // the NICs of rotating and hashing designs weigh the planes by their paths (4 : 2 from ToR 0),
    // so they too lose only the link's share: 35-36 % over the bound with the planes taken evenly
    assertThat(permutation("ofan", "2", "failures.links=p1.tor0-agg0").overBoundPct()).isBetween(0.0, 3.0);
    for (String lb : List.of("host-spray", "switch-spray", "reps")) {
      assertThat(permutation(lb, "2", "failures.links=p1.tor0-agg0").overBoundPct()).as(lb).isBetween(0.0, 10.0);
    }
  }

  @Test
  void aWholeFailedPlaneIsLeftOnceRoutingConverges() {
    // every aggregation and core switch of plane 1 fails: no ToR of plane 1 reaches another, so
    // the NICs send every packet for another ToR on plane 0 once routes converge (here at 0);
    // rho_max is half the fair share and each design finishes within 3 % of that bound
    String plane1 = "failures.switches=p1.agg0,p1.agg1,p1.agg2,p1.agg3,p1.agg4,p1.agg5,p1.agg6,p1.agg7,"
        + "p1.core0,p1.core1,p1.core2,p1.core3";
    long half = org.lbsim.metrics.LowerBounds.atRate(org.lbsim.metrics.PathProfile.uniform(6, 400_000_000_000L, LATENCY),
        org.lbsim.net.PacketFormat.study(), 256, 0.5, 2).completionPs();
    for (String lb : List.of("host-dr", "ofan", "central-te")) {
      RunResult r = permutation(lb, "2", plane1);
      assertThat(r.unfinished()).isEmpty();
      assertThat(r.boundPs()).isEqualTo(half);
      assertThat(r.overBoundPct()).as(lb).isBetween(0.0, 3.0);
      assertThat(r.ports().stream().filter(p -> p.port().startsWith("p1.tor") && p.port().contains(">p1.agg"))
          .mapToLong(PortStats::packetsSent).sum()).as("packets into plane 1's dead uplinks").isZero();
    }
  }

  @Test
  void aRailOptimizedFabricOnPlanesWithAFailedSpineLinkFinishes() {
    RunResult r = Scenarios.run(Scenarios.of("topology.kind=rail-optimized", "topology.servers=4", "topology.rails=4",
        "topology.spines=2", "topology.planes=2", "lb=host-dr", "workload.kind=permutation", "workload.size=64KiB",
        "failures.kind=drop", "failures.links=p1.leaf0-spine0", "failures.convergence_us=0"));
    assertThat(r.unfinished()).isEmpty();
    assertThat(port(r, "p1.leaf0>p1.spine0").packetsSent()).isZero();
    assertThat(port(r, "p0.leaf0>p0.spine0").packetsSent()).isPositive();
  }

  private static PortStats port(RunResult r, String name) {
    return r.ports().stream().filter(p -> p.port().equals(name)).findFirst().orElseThrow();
  }

  /** The summary echoes topology.planes only where there is more than one: one plane is the fabric without the key. */
  @Test
  @SuppressWarnings("unchecked")
  void theSummaryNamesThePlanesOnlyWhenThereAreSeveral() {
    RunResult one = Scenarios.run(Scenarios.of("topology.k=4", "workload.size=8KiB"));
    RunResult two = Scenarios.run(Scenarios.of("topology.k=4", "workload.size=8KiB", "topology.planes=2"));
    assertThat(one.settings()).containsEntry("topology.planes", "1");
    assertThat((java.util.Map<String, String>) ResultWriter.summary(one).get("settings"))
        .doesNotContainKey("topology.planes").containsKey("topology.k");
    assertThat((java.util.Map<String, String>) ResultWriter.summary(two).get("settings"))
        .containsEntry("topology.planes", "2");
  }
}
