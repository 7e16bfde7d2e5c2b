package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.RunResult;
import org.lbsim.results.ResultWriter;

/**
 * {@code packet.ack_ce} in whole runs: a 2:1 DCTCP incast whose data packets get CE marks at the
 * receiver's ToR and whose ACKs return over idle links. With {@code echo} the senders see the
 * marks and hold the queue near the ECN threshold; with {@code path} their ACKs pick up no mark,
 * so they see none and fill the buffer. {@code profile} is {@code echo} in the default profile and
 * {@code path} in the reference one.
 */
class AckCeRunTest {
  @TempDir
  Path dir;

  private static Scenario incast(String... more) {
    List<String> o = new ArrayList<>(List.of("cc=dctcp", "lb=ecmp", "lr=sack", "topology.k=4", "workload.kind=incast",
        "workload.senders=2", "workload.receiver=3", "workload.size=2MiB"));
    o.addAll(List.of(more));
    return Scenarios.of(o);
  }

  @Test
  void pathHidesTheDataMarksThatEchoBringsTheSender() {
    RunResult echo = Scenarios.run(incast("packet.ack_ce=echo"));
    RunResult path = Scenarios.run(incast("packet.ack_ce=path"));
    assertThat(echo.unfinishedFlows()).isZero();
    assertThat(path.unfinishedFlows()).isZero();
    assertThat(echo.counters().get("ecn_marked")).as("data packets marked under echo").isPositive();
    assertThat(path.counters().get("ecn_marked")).as("data packets marked under path").isPositive();
    // both lose packets to the two line-rate starts; only echo's senders then back off on the marks,
    // so the receiver's port holds half the queue on average (measured: 54 drops and a mean queue of
    // 117.6 KB with echo, 319 drops and 247.3 KB with path). Completion time is not the mechanism:
    // path's senders, never slowed, may finish first or last depending on how their losses fall.
    assertThat(path.drops()).isGreaterThan(3 * echo.drops());
    assertThat(path.counters().get("ecn_marked")).isGreaterThan(echo.counters().get("ecn_marked"));
    assertThat(meanQueue(path, "tor1>h3")).isGreaterThan(1.5 * meanQueue(echo, "tor1>h3"));
  }

  private static double meanQueue(RunResult r, String port) {
    return r.ports().stream().filter(p -> p.port().equals(port)).findFirst().orElseThrow().meanQueueBytes();
  }

  @Test
  void profileFollowsTheProfile() throws IOException {
    assertSameResults(incast(), incast("packet.ack_ce=echo"));
    assertSameResults(incast("profile=reference"), incast("profile=reference", "packet.ack_ce=path"));
  }

  /** The same result files, but for the settings the summary echoes. */
  @SuppressWarnings("unchecked")
  private void assertSameResults(Scenario a, Scenario b) throws IOException {
    RunResult ra = Scenarios.run(a);
    RunResult rb = Scenarios.run(b);
    Map<String, Object> sa = new java.util.LinkedHashMap<>(ResultWriter.summary(ra));
    Map<String, Object> sb = new java.util.LinkedHashMap<>(ResultWriter.summary(rb));
    assertThat((Map<String, String>) sa.get("settings")).as("the key at its default is not echoed").doesNotContainKey("packet.ack_ce");
    assertThat((Map<String, String>) sb.get("settings")).containsEntry("packet.ack_ce", b.packet().ackCe().text());
    sa.remove("settings");
    sb.remove("settings");
    assertThat(sa).isEqualTo(sb);
    ResultWriter.write(ra, dir.resolve("a"));
    ResultWriter.write(rb, dir.resolve("b"));
    for (String f : List.of("flows.csv", "ports.csv")) {
      assertThat(Files.readAllBytes(dir.resolve("a").resolve(f))).as(f)
          .isEqualTo(Files.readAllBytes(dir.resolve("b").resolve(f)));
    }
  }
}
