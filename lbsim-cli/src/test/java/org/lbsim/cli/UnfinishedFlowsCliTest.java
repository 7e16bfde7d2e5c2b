package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lbsim run} on scenarios that end with unfinished flows: exit code 3, the results written,
 * and for each of the first flows a line saying why. These runs are not bad input, so they print
 * no {@code error: } line and do not belong in the bad-input corpus.
 */
class UnfinishedFlowsCliTest {
  @TempDir
  Path dir;

  /** One 64 KiB flow host 1 -> host 0 on a k = 2 fat tree, whose only path crosses agg0-core0, for 5 ms. */
  private CliRunner.Outcome lonePath(String... sets) throws IOException {
    Path s = dir.resolve("lone.yaml");
    Files.writeString(s, "topology: {k: 2}\nworkload:\n  kind: incast\n  senders?: 1\n  receiver?: 0\n  size?: 64KiB\n"
        + "lb: ecmp\nlr: sack\nrun: {limit_ms: 5}\n");
    String[] args = new String[4 + 2 * sets.length];
    args[0] = "run";
    args[1] = s.toString();
    args[2] = "--out";
    args[3] = dir.resolve("out").toString();
    for (int i = 0; i < sets.length; i++) {
      args[4 + 2 * i] = "--set";
      args[5 + 2 * i] = sets[i];
    }
    return CliRunner.run(args);
  }

  @Test
  void aFlowHeldAtAFailedLinkExitsWith3AndNamesTheLink() throws IOException {
    CliRunner.Outcome o = lonePath("failures.kind=hold", "failures.links=agg0-core0");
    assertThat(o.code()).as(o.err()).isEqualTo(3);
    assertThat(o.err()).contains("  1 flows did not finish by run.limit_ms (all in summary.json), e.g.:\n"
        + "    flow 0 (1->0): 48 of its packets are held at failed link agg0-core0 (failures.kind hold); it waits for"
        + " a retransmission timeout at 7 ms (2 so far); 48 data packets sent, 32 declared lost, 2 timeouts\n");
    assertThat(o.err()).doesNotContain("error: ");
    assertThat(dir.resolve("out/lone_failures.kind-hold_failures.links-agg0-core0/summary.json")).content().contains("\"why\" : \"48 of its packets are held");
  }

  @Test
  void aFlowLostToRandomLossExitsWith3AndNamesTheLoss() throws IOException {
    CliRunner.Outcome o = lonePath("loss.random_rate=0.999");
    assertThat(o.code()).as(o.err()).isEqualTo(3);
    assertThat(o.err()).contains("    flow 0 (1->0): 16 of its 16 unacknowledged packets or their ACKs were lost"
        + " (loss.random_rate 0.999); it waits for a retransmission timeout at 7 ms (2 so far); 48 data packets sent,"
        + " 32 declared lost, 2 timeouts\n");
  }

  @Test
  void aFlowThatStartsAfterTheLimitExitsWith3AndSaysSo() throws IOException {
    CliRunner.Outcome o = lonePath("workload.kind=cm", "workload.file=" + cm().toString());
    assertThat(o.code()).as(o.err()).isEqualTo(3);
    assertThat(o.err()).contains("    flow 0 (1->0): has not started: its start time 12.5 ms lies beyond"
        + " run.limit_ms 5\n");
  }

  private Path cm() throws IOException {
    Path f = dir.resolve("late.cm");
    Files.writeString(f, "Nodes 2\nConnections 1\n1->0 id 1 start 12500000000 size 65536\n");
    return f;
  }
}
