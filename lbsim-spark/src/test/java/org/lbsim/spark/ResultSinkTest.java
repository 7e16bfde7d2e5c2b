package org.lbsim.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.experiment.ResultStore;

/** The driver writes a run once, whichever way its result reaches it twice. */
class ResultSinkTest {
  @TempDir
  Path dir;

  private static RunOutput output(String run, String flows) {
    return output(run, "k1", flows);
  }

  private static RunOutput output(String run, String key, String flows) {
    LinkedHashMap<String, Object> line = new LinkedHashMap<>();
    line.put("run", run);
    line.put("key", key);
    line.put("cct_ps", 42L);
    LinkedHashMap<String, byte[]> files = new LinkedHashMap<>();
    files.put("flows.csv", flows.getBytes(StandardCharsets.UTF_8));
    return new RunOutput(run, line, files);
  }

  @Test
  void aSecondDeliveryOfTheSameRunWritesNothing() throws Exception {
    List<String> finished = new java.util.ArrayList<>();
    try (ResultStore store = ResultStore.open(dir)) {
      ResultSink sink = new ResultSink(store, dir, new org.lbsim.experiment.Sweep.Listener() {
        @Override
        public void started(int toRun, int alreadyDone) {}

        @Override
        public void finished(String run, int n, int toRun) {
          finished.add(n + "/" + toRun + " " + run);
        }
      }, 2);
      assertThat(sink.accept(output("a", "first\n"))).isTrue();
      assertThat(sink.accept(output("a", "second\n"))).isFalse();
      assertThat(sink.accept(output("b", "b\n"))).isTrue();
    }
    assertThat(Files.readString(dir.resolve("runs.jsonl")))
        .isEqualTo("{\"run\":\"a\",\"key\":\"k1\",\"cct_ps\":42}\n{\"run\":\"b\",\"key\":\"k1\",\"cct_ps\":42}\n");
    assertThat(Files.readString(dir.resolve("runs/a/flows.csv"))).isEqualTo("first\n");
    assertThat(finished).containsExactly("1/2 a", "2/2 b");
  }

  @Test
  void aRunAlreadyInTheStoreFromAnEarlierJobIsNotWrittenAgain() throws Exception {
    try (ResultStore store = ResultStore.open(dir)) {
      new ResultSink(store, dir, Fixtures.QUIET, 1).accept(output("a", "old\n"));
    }
    try (ResultStore store = ResultStore.open(dir)) {
      assertThat(new ResultSink(store, dir, Fixtures.QUIET, 1).accept(output("a", "new\n"))).isFalse();
    }
    assertThat(Files.readString(dir.resolve("runs.jsonl"))).isEqualTo("{\"run\":\"a\",\"key\":\"k1\",\"cct_ps\":42}\n");
    assertThat(Files.readString(dir.resolve("runs/a/flows.csv"))).isEqualTo("old\n");
  }

  @Test
  void aRunOfAChangedScenarioReplacesTheFolderAndSupersedesTheLine() throws Exception {
    try (ResultStore store = ResultStore.open(dir)) {
      ResultSink sink = new ResultSink(store, dir, Fixtures.QUIET, 1);
      RunOutput old = output("a", "k1", "old\n");
      old.files().put("queues.csv", "q\n".getBytes(StandardCharsets.UTF_8));
      assertThat(sink.accept(old)).isTrue();
    }
    try (ResultStore store = ResultStore.open(dir)) {
      assertThat(new ResultSink(store, dir, Fixtures.QUIET, 1).accept(output("a", "k2", "new\n"))).isTrue();
      assertThat(store.contains("a", "k2")).isTrue();
      assertThat(store.contains("a", "k1")).isFalse();
    }
    assertThat(Files.readString(dir.resolve("runs/a/flows.csv"))).isEqualTo("new\n");
    assertThat(Files.readString(dir.resolve("runs/a/scenario.key"))).isEqualTo("k2\n");
    assertThat(dir.resolve("runs/a/queues.csv")).as("no file of the earlier run").doesNotExist();
  }
}
