package org.lbsim.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.scenario.ScenarioException;

/** A result folder is replaced whole, keyed, and never mixed with anything else. */
class ResultFolderTest {
  @TempDir
  Path dir;

  private static ResultFolder.Body summary(String text) {
    return d -> Files.writeString(d.resolve("summary.json"), text);
  }

  private String[] entries(Path d) throws IOException {
    try (Stream<Path> ls = Files.list(d)) {
      return ls.map(p -> p.getFileName().toString()).sorted().toArray(String[]::new);
    }
  }

  @Test
  void theKeyTellsTheSameScenarioFromADifferentOne() throws IOException {
    Path s = dir.resolve("s");
    assertThat(ResultFolder.holds(s, "k1")).isEqualTo(ResultFolder.Holds.NOTHING);
    ResultFolder.replace(s, "k1", summary("{}"));
    assertThat(ResultFolder.holds(s, "k1")).isEqualTo(ResultFolder.Holds.SAME);
    assertThat(ResultFolder.holds(s, "k2")).isEqualTo(ResultFolder.Holds.DIFFERENT);
    assertThat(ResultFolder.refusal(s, "k1", false, "s.yaml: name")).isNull();
    assertThat(ResultFolder.refusal(s, "k2", true, "s.yaml: name")).isNull();
    assertThat(ResultFolder.refusal(s, "k2", false, "s.yaml: name")).isEqualTo("s.yaml: name: " + s
        + " holds the results of a different scenario (got 's'; allowed: another name or --out, or --overwrite to "
        + "replace them)");
    Files.delete(s.resolve("scenario.key"));
    assertThat(ResultFolder.holds(s, "k1")).as("results without a key: unknown scenario")
        .isEqualTo(ResultFolder.Holds.DIFFERENT);
  }

  @Test
  void aFolderHoldingAnythingElseIsNeverReplaced() throws IOException {
    Path s = dir.resolve("src");
    Files.createDirectories(s);
    Files.writeString(s.resolve("Main.java"), "class Main {}");
    assertThat(ResultFolder.holds(s, "k")).isEqualTo(ResultFolder.Holds.FOREIGN);
    assertThat(ResultFolder.refusal(s, "k", true, "s.yaml: name")).contains("is not a results folder (it holds "
        + "'Main.java') and is never replaced");
    assertThatThrownBy(() -> ResultFolder.replace(s, "k", summary("{}"))).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("not a results folder (it holds 'Main.java')");
    assertThat(entries(s)).containsExactly("Main.java");
    assertThat(entries(dir)).containsExactly("src");
    Path file = dir.resolve("plain");
    Files.writeString(file, "x");
    assertThat(ResultFolder.holds(file, "k")).isEqualTo(ResultFolder.Holds.FOREIGN);
  }

  @Test
  void aFailingWriteLeavesTheOldFolderAndNoTemporaryOne() throws IOException {
    Path s = dir.resolve("s");
    ResultFolder.replace(s, "k1", summary("old"));
    assertThatThrownBy(() -> ResultFolder.replace(s, "k2", d -> {
      Files.writeString(d.resolve("summary.json"), "half");
      throw new IOException("disk full");
    })).isInstanceOf(UncheckedIOException.class).hasMessage("cannot write results to " + s + ": disk full");
    assertThat(Files.readString(s.resolve("summary.json"))).isEqualTo("old");
    assertThat(entries(dir)).containsExactly("s");
  }

  @Test
  void whatAKilledWriteLeftIsCleanedUpByTheNextWrite() throws IOException {
    Path s = dir.resolve("s");
    ResultFolder.replace(s, "k1", summary("old"));
    // killed after writing its temporary folder
    Path tmp = Files.createDirectories(dir.resolve(".s.tmp-0123456789abcdef"));
    Files.writeString(tmp.resolve("summary.json"), "partial");
    // another run's temporary folder whose name starts alike is not this folder's
    Path other = Files.createDirectories(dir.resolve(".s.tmp-x.tmp-0123456789abcdef"));
    ResultFolder.replace(s, "k2", summary("new"));
    assertThat(Files.readString(s.resolve("summary.json"))).isEqualTo("new");
    assertThat(entries(dir)).containsExactly(".s.tmp-x.tmp-0123456789abcdef", "s");
    Files.delete(other);
  }

  @Test
  void killedBetweenTheTwoRenamesTheOldCopyIsRestored() throws IOException {
    Path s = dir.resolve("s");
    ResultFolder.replace(s, "k1", summary("old"));
    // the state a kill between "old aside" and "new in" leaves: no s, its old copy, the new one
    Files.move(s, dir.resolve(".s.old-00000000000000aa"));
    Path tmp = Files.createDirectories(dir.resolve(".s.tmp-00000000000000bb"));
    Files.writeString(tmp.resolve("summary.json"), "new");
    assertThatThrownBy(() -> ResultFolder.replace(s, "k2", d -> {
      throw new IOException("stop before replacing");
    })).isInstanceOf(UncheckedIOException.class);
    assertThat(entries(dir)).containsExactly("s");
    assertThat(Files.readString(s.resolve("summary.json"))).isEqualTo("old");
    assertThat(ResultFolder.holds(s, "k1")).isEqualTo(ResultFolder.Holds.SAME);
  }

  @Test
  void writeFileReplacesAFileWhole() throws IOException {
    Path f = dir.resolve("summary.csv");
    ResultFolder.writeFile(f, "a\n");
    ResultFolder.writeFile(f, "b\n");
    assertThat(Files.readString(f)).isEqualTo("b\n");
    assertThat(entries(dir)).containsExactly("summary.csv");
  }
}
