package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lbsim.results.ResultWriter;

/**
 * The queue series keep their bytes: the SHA-256 of queues.csv of three sampled runs (one that
 * halves its resolution many times, one on auto, an incast with one hot port and many ties) as
 * the sampler that stored one array per port wrote them.
 */
class QueueSeriesPinTest {
  @TempDir
  Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "halving, metrics.queue_sample_us=0.001;workload.kind=all-to-all, b431044c062b7f06, 21301",
      "auto, workload.kind=all-to-all, b3f1e9183a1a40d9, 2101",
      "incast, workload.kind=incast;workload.senders=8;workload.size=256KiB;metrics.queue_sample_us=0.05, "
          + "1a470b186a5d6493, 7691"})
  void queuesCsvIsUnchanged(String name, String overrides, String sha, int lines) throws IOException {
    List<String> o = new java.util.ArrayList<>(List.of("topology.k=4", "workload.size=64KiB", "seed=3"));
    o.addAll(List.of(overrides.split(";")));
    ResultWriter.write(Scenarios.run(Scenarios.of(o)), dir);
    Path q = dir.resolve("queues.csv");
    assertThat(Files.readAllLines(q)).hasSize(lines);
    assertThat(sha256(q)).as(name).isEqualTo(sha);
  }

  private static String sha256(Path f) throws IOException {
    return FileDigest.sha256(f);
  }
}
