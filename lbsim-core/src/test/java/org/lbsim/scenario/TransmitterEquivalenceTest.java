package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.lbsim.lb.LbDesign;
import org.lbsim.lb.LbDesigns;
import org.lbsim.metrics.RunResult;
import org.lbsim.results.ResultWriter;

/**
 * Ports that compute departures on arrival (engine.transmitter = auto) must give exactly the
 * results of one event per departure (events): every result file byte for byte, only the event
 * count differs. Every design on both workloads and profiles, with congestion controls that mark
 * (DCTCP), mark at random (DCQCN's RED) and stamp INT (HPCC), small buffers so that ports drop,
 * and features that keep ports event-driven (trimming, PFC, failures) mixed in.
 */
class TransmitterEquivalenceTest {
  @TempDir
  Path dir;
  private long lastEvents;

  static Stream<Arguments> scenarios() {
    List<Arguments> out = new ArrayList<>();
    for (LbDesign d : LbDesigns.all()) {
      for (String profile : List.of("default", "reference")) {
        out.add(Arguments.of("lb=" + d.name() + ";profile=" + profile + ";workload.kind=all-to-all"));
        out.add(Arguments.of("lb=" + d.name() + ";profile=" + profile + ";workload.kind=permutation;buffer.packets=8"));
      }
    }
    for (String cc : List.of("dctcp", "dcqcn", "hpcc", "swift", "eqds")) {
      for (String lb : List.of("ecmp", "host-spray", "switch-ar", "reps")) {
        out.add(Arguments.of("cc=" + cc + ";lb=" + lb + ";workload.kind=all-to-all;buffer.packets=12"));
      }
    }
    out.add(Arguments.of("lr=sack;lb=ecmp;buffer.packets=6;workload.kind=all-to-all"));
    out.add(Arguments.of("lr=irn;lb=ofan;buffer.packets=6;workload.kind=all-to-all"));
    out.add(Arguments.of("buffer.trimming=tor-down;lr=sack;lb=host-spray;buffer.packets=6;workload.kind=all-to-all"));
    out.add(Arguments.of("buffer.pfc=on;lb=ecmp;workload.kind=all-to-all"));
    out.add(Arguments.of("failures.kind=hold;failures.links=tor0-agg0;failures.at_us=5;failures.recover_us=20;lb=switch-spray;workload.kind=all-to-all"));
    out.add(Arguments.of("metrics.queue_sample_us=0.5;lb=ecmp;workload.kind=all-to-all"));
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void departuresOnArrivalChangeNoResult(String overrides) throws IOException {
    Path fast = write(overrides, "auto");
    long fastEvents = lastEvents;
    Path events = write(overrides, "events");
    assertThat(fastEvents).as("events with departures on arrival").isLessThanOrEqualTo(lastEvents);
    // Link-disjoint paths on a permutation: no packet ever waits behind another, so the
    // event-driven transmitter schedules no extra event either.
    boolean neverQueues = overrides.equals("lb=central-te;profile=default;workload.kind=permutation;buffer.packets=8");
    if (!overrides.contains("pfc") && !neverQueues) {
      assertThat(fastEvents).as("events with departures on arrival").isLessThan(lastEvents);
    }
    for (String file : List.of("flows.csv", "ports.csv", "summary.json")) {
      if (Files.exists(events.resolve(file)) || Files.exists(fast.resolve(file))) {
        assertThat(withoutEventCount(fast.resolve(file))).as(file).isEqualTo(withoutEventCount(events.resolve(file)));
      }
    }
    if (Files.exists(events.resolve("queues.csv"))) {
      assertThat(fast.resolve("queues.csv")).hasSameTextualContentAs(events.resolve("queues.csv"));
    }
  }

  private Path write(String overrides, String transmitter) throws IOException {
    List<String> o = new ArrayList<>(List.of(overrides.split(";")));
    o.addAll(List.of("topology.k=4", "workload.size=48KiB", "seed=3", "engine.transmitter=" + transmitter));
    RunResult r = Scenarios.run(Scenarios.of(o));
    lastEvents = r.events();
    Path out = dir.resolve(transmitter);
    ResultWriter.write(r, out);
    return out;
  }

  /** The file's text without the event count (the one number the mode may change) and the mode's own setting. */
  private static String withoutEventCount(Path f) throws IOException {
    return Files.readString(f).replaceAll("\"events\" : \\d+", "\"events\" : -")
        .replaceAll("\"engine.transmitter\" : \"\\w+\"", "\"engine.transmitter\" : -");
  }
}
