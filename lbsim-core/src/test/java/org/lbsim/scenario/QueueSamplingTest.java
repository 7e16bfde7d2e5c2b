package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.QueueSeries;
import org.lbsim.metrics.RunResult;
import org.lbsim.results.ResultWriter;

class QueueSamplingTest {
  private static final String[] INCAST = {"topology.k=4", "workload.kind=incast", "workload.senders=8",
      "workload.receiver=0", "workload.size=256KiB", "lb=host-spray"};

  @TempDir
  Path dir;

  private static String[] with(String... extra) {
    String[] all = java.util.Arrays.copyOf(INCAST, INCAST.length + extra.length);
    System.arraycopy(extra, 0, all, INCAST.length, extra.length);
    return all;
  }

  @Test
  void theIncastReceiversDownlinkIsTheHottestPortAndItsQueueRisesAndDrains() {
    RunResult r = Scenarios.run(Scenarios.of(with("metrics.queue_sample_us=0.5")));
    QueueSeries q = r.queues();
    assertThat(q.intervalPs()).isEqualTo(500_000);
    assertThat(q.ports()).hasSizeBetween(1, 10);
    assertThat(q.ports().get(0)).isEqualTo("tor0>h0"); // 8 senders at line rate into one host link
    long[] hot = q.bytes().get(0);
    long max = java.util.Arrays.stream(hot).max().orElseThrow();
    // the sampled maximum never exceeds the port's exact maximum, and is close to it
    long exact = r.ports().stream().filter(p -> p.port().equals("tor0>h0")).findFirst().orElseThrow().maxQueueBytes();
    assertThat(max).isLessThanOrEqualTo(exact).isGreaterThan(exact / 2);
    assertThat(hot[0]).isZero(); // time 0: nothing sent yet
    assertThat(hot[hot.length - 1]).isLessThan(max); // sampled until the collective ends, when it has drained
    // the samples cover the collective: the last one is at most one interval after the CCT
    assertThat((hot.length - 1) * q.intervalPs()).isBetween(r.cctPs() - q.intervalPs(), r.cctPs() + q.intervalPs());
  }

  @Test
  void samplingChangesNoResultAndOffWritesNoFile() throws Exception {
    RunResult on = Scenarios.run(Scenarios.of(with("metrics.queue_sample_us=0.1")));
    RunResult off = Scenarios.run(Scenarios.of(with("metrics.queue_sample_us=0")));
    assertThat(off.queues().isEmpty()).isTrue();
    ResultWriter.write(on, dir.resolve("on"));
    ResultWriter.write(off, dir.resolve("off"));
    for (String f : List.of("flows.csv", "ports.csv")) {
      assertThat(Files.readString(dir.resolve("on").resolve(f))).isEqualTo(Files.readString(dir.resolve("off").resolve(f)));
    }
    assertThat(dir.resolve("off/queues.csv")).doesNotExist();
    List<String> lines = Files.readAllLines(dir.resolve("on/queues.csv"));
    assertThat(lines.get(0)).isEqualTo("time_us,port,queue_bytes");
    assertThat(lines.get(1)).isEqualTo("0,tor0>h0,0");
    assertThat(lines.get(2)).startsWith("0.1,tor0>h0,");
  }

  @Test
  void aVeryFineIntervalIsCoarsenedInsteadOfGrowingWithoutBound() {
    RunResult r = Scenarios.run(Scenarios.of(with("metrics.queue_sample_us=0.001")));
    QueueSeries q = r.queues();
    int n = q.bytes().get(0).length;
    assertThat(n).isLessThanOrEqualTo(4096);
    assertThat(q.intervalPs()).isGreaterThan(1_000); // doubled at least once from 1 ns ...
    assertThat(q.intervalPs() % 1_000).isZero();
    assertThat(Long.bitCount(q.intervalPs() / 1_000)).isEqualTo(1); // ... by powers of two
    assertThat((n - 1) * q.intervalPs()).as("n=%d interval=%d cct=%d", n, q.intervalPs(), r.cctPs()).isBetween(r.cctPs() - q.intervalPs(), r.cctPs() + q.intervalPs());
  }

  @Test
  void aBadIntervalIsNamedWithWhatIsAllowed() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Scenarios.of("metrics.queue_sample_us=often"))
        .isInstanceOf(ScenarioException.class)
        .hasMessageContaining("metrics.queue_sample_us").hasMessageContaining("often")
        .hasMessageContaining("auto, 0 (off) or an interval in microseconds");
  }
}
