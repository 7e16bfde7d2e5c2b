package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --threads}: scenarios of one call run at once, with the same files and output as one by one. */
class ParallelRunTest {
  @TempDir
  Path dir;

  private static Map<String, String> files(Path root) throws IOException {
    Map<String, String> m = new TreeMap<>();
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.filter(Files::isRegularFile).toList()) {
        m.put(root.relativize(p).toString(), Files.readString(p));
      }
    }
    return m;
  }

  /** The printed lines without wall times and with the results folder's own path left out. */
  private static String stable(String printed, Path out) {
    return printed.replaceAll("done in [0-9.]+ s wall \\(setup [0-9.]+ s, simulation [0-9.]+ s, writing [0-9.]+ s\\)",
        "done in _ s wall (_)").replace(out.toString(), "OUT");
  }

  @Test
  void threeScenariosOnTwoThreadsGiveTheFilesAndLinesOfOneThread() throws IOException {
    String[] names = {"a-ecmp", "b-spray", "c-ata"};
    String[] texts = {
        "topology: {k: 4}\nworkload: {kind: permutation, size: 256KiB}\nlb: ecmp\n",
        "topology: {k: 4}\nworkload: {kind: permutation, size: 256KiB}\nlb: host-spray\nlr: sack\ncc: dctcp\n",
        "topology: {k: 4}\nworkload: {kind: all-to-all, size: 64KiB}\nlb: ofan\n"};
    String[] args1 = new String[names.length + 4];
    String[] args2 = new String[names.length + 4];
    for (int i = 0; i < names.length; i++) {
      Path f = dir.resolve(names[i] + ".yaml");
      Files.writeString(f, texts[i]);
      args1[i + 1] = f.toString();
      args2[i + 1] = f.toString();
    }
    Path one = dir.resolve("one");
    Path two = dir.resolve("two");
    args1[0] = "run";
    args2[0] = "run";
    System.arraycopy(new String[] {"--out", one.toString(), "--threads=1"}, 0, args1, names.length + 1, 3);
    System.arraycopy(new String[] {"--out", two.toString(), "--threads=2"}, 0, args2, names.length + 1, 3);

    CliRunner.Outcome serial = CliRunner.run(args1);
    CliRunner.Outcome parallel = CliRunner.run(args2);

    assertThat(serial.code()).as(serial.err()).isZero();
    assertThat(parallel.code()).as(parallel.err()).isZero();
    assertThat(files(two)).isEqualTo(files(one)).hasSize(18);
    assertThat(parallel.out()).isEqualTo(serial.out()).contains("a-ecmp", "b-spray", "c-ata");
    assertThat(stable(parallel.err(), two)).isEqualTo(stable(serial.err(), one));
    assertThat(parallel.err().indexOf("a-ecmp: done in")).isNotNegative()
        .isLessThan(parallel.err().indexOf("b-spray: done in"));
    assertThat(parallel.err().indexOf("b-spray: done in")).isLessThan(parallel.err().indexOf("c-ata: done in"));
  }

  @Test
  void aThreadCountBelowOneIsRefused() throws IOException {
    Path f = dir.resolve("s.yaml");
    Files.writeString(f, "topology: {k: 4}\n");
    CliRunner.Outcome o = CliRunner.run("run", f.toString(), "--out", dir.resolve("o").toString(), "--threads=0");
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("error: --threads: must be >= 1, got 0");
    assertThat(dir.resolve("o")).doesNotExist();
  }
}
