package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.RunResult;
import org.lbsim.net.Packet;
import org.lbsim.net.Switch;
import org.lbsim.topo.Fabric;

/**
 * Host packet spraying under {@code profile: reference} numbers a flow's packets 0, 1, 2, … as
 * their path ids, and each ACK carries its data packet's id back, as the study's simulator does:
 * every up port of the run carries exactly the packets whose number the switch hashes onto it.
 */
class ReferencePathIdsTest {
  @TempDir
  Path dir;

  @Test
  void everyUpPortCarriesThePacketsWhosePathIdHashesOntoIt() throws IOException {
    Scenario s = oneFlow("host-spray");
    PreparedRun run = ran(s);
    RunResult r = Scenarios.run(s);
    long sent = r.counters().get("data_sent");
    assertThat(sent).isGreaterThanOrEqualTo(256);
    assertThat(r.drops()).isZero();
    assertThat(r.counters().get("ack_sent")).isEqualTo(sent);

    Fabric f = run.fabric();
    Switch tor0 = named(f, "tor0");
    Switch tor7 = named(f, "tor7"); // host 15's ToR: only ACKs go up it
    long[] torUp = new long[2];
    long[][] aggUp = new long[2][2];
    long[] ackUp = new long[2];
    for (int id = 0; id < sent; id++) {
      int t = choice(f, tor0, id);
      torUp[t]++;
      aggUp[t][choice(f, above(f, tor0, t), id)]++;
      ackUp[choice(f, tor7, id)]++;
    }
    for (int i = 0; i < 2; i++) {
      assertThat(tor0.upPorts()[i].statistics().packetsSent()).as("%s", tor0.upPorts()[i].name()).isEqualTo(torUp[i]);
      assertThat(tor7.upPorts()[i].statistics().packetsSent()).as("%s", tor7.upPorts()[i].name()).isEqualTo(ackUp[i]);
      Switch agg = above(f, tor0, i);
      for (int j = 0; j < 2; j++) {
        assertThat(agg.upPorts()[j].statistics().packetsSent()).as("%s", agg.upPorts()[j].name()).isEqualTo(aggUp[i][j]);
      }
    }
    assertThat(torUp[0]).as("both uplinks used").isBetween(1L, sent - 1);
  }

  @Test
  void plbStartsEveryFlowAtPathIdZero() throws IOException {
    PreparedRun run = ran(oneFlow("plb"));
    Fabric f = run.fabric();
    Switch tor0 = named(f, "tor0");
    int t = choice(f, tor0, 0); // a lone flow is never congested: it keeps path id 0 throughout
    Switch agg = above(f, tor0, t);
    int a = choice(f, agg, 0);
    long sent = tor0.upPorts()[t].statistics().packetsSent();
    assertThat(sent).isGreaterThanOrEqualTo(256);
    assertThat(tor0.upPorts()[1 - t].statistics().packetsSent()).isZero();
    assertThat(agg.upPorts()[a].statistics().packetsSent()).isEqualTo(sent);
    assertThat(agg.upPorts()[1 - a].statistics().packetsSent()).isZero();
  }

  /** One 1 MiB flow from host 0 to host 15 of a k = 4 fat tree at 100 Gb/s, under the reference profile. */
  private Scenario oneFlow(String lb) throws IOException {
    Path cm = dir.resolve("one.cm");
    Files.writeString(cm, "Nodes 16\nConnections 1\n0->15 id 1 start 0 size 1048576\n");
    return Scenarios.of("profile=reference", "topology.k=4", "links.rate_gbps=100", "links.latency_us=1",
        "buffer.packets=100", "workload.kind=cm", "workload.file=" + cm, "lb=" + lb);
  }

  /** {@code s} built and run to its end, its objects kept. */
  private static PreparedRun ran(Scenario s) {
    PreparedRun run = ScenarioRunner.prepare(s);
    run.start();
    run.simulator().run(s.engine().limitPs());
    return run;
  }

  /** The up port {@code sw} hashes a packet of flow 0 with path id {@code id} onto. */
  private static int choice(Fabric f, Switch sw, int id) {
    Packet p = f.pool().header(Packet.ACK, 0, 0, 15, 82, id, 0, null);
    int c = sw.selector().select(sw, p, sw.upPorts(), sw.upCount());
    f.pool().release(p);
    return c;
  }

  /** The switch {@code sw}'s up port {@code i} leads to (its name follows the '>'). */
  private static Switch above(Fabric f, Switch sw, int i) {
    String port = sw.upPorts()[i].name();
    return named(f, port.substring(port.indexOf('>') + 1));
  }

  private static Switch named(Fabric f, String name) {
    return f.switches().stream().filter(sw -> sw.name().equals(name)).findFirst().orElseThrow();
  }
}
