package org.lbsim.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad arguments are refused with a message naming them, before any build is loaded or run. */
class AbCompareTest {
  @TempDir
  Path dir;

  private String[] errorFor(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = AbCompare.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new String[] {Integer.toString(status), err.toString(StandardCharsets.UTF_8), out.toString(StandardCharsets.UTF_8)};
  }

  @Test
  void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    double[] sorted = {0.854, 0.921, 0.935, 0.995, 1.026, 1.040};
    assertThat(AbCompare.quantile(sorted, 0.5)).isCloseTo(0.965, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(AbCompare.quantile(sorted, 0.25)).isCloseTo(0.9245, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(AbCompare.quantile(sorted, 0.75)).isCloseTo(1.01825, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(AbCompare.quantile(new double[] {1, 2, 3}, 0.5)).isEqualTo(2.0);
    assertThat(AbCompare.quantile(new double[] {7}, 0.75)).isEqualTo(7.0);
  }

  @Test
  void refusesBadArgumentsWithoutRunning() throws Exception {
    Path jar = Files.writeString(dir.resolve("a.jar"), "not really a jar");
    String a = jar.toString();

    assertThat(errorFor("3", a, a)).startsWith("2").satisfies(r -> assertThat(r[1]).contains("usage: AbCompare"));
    assertThat(errorFor("zero", a, a, "ata-16-256KiB")[1]).contains("PAIRS must be a positive whole number, got 'zero'");
    assertThat(errorFor("0", a, a, "ata-16-256KiB")[1]).contains("got '0'");
    assertThat(errorFor("3", a, dir.resolve("missing.jar").toString(), "ata-16-256KiB")[1])
        .contains("missing.jar: no such jar");
    assertThat(errorFor("3", a, a, "--set", "ata-16-256KiB")[1]).contains("expected --set key=value");
    assertThat(errorFor("3", a, a, "--sett", "x=1", "ata-16-256KiB")[1]).contains("got '--sett'");
    String[] unknown = errorFor("3", a, a, "no-such-case");
    assertThat(unknown[0]).isEqualTo("2");
    assertThat(unknown[1]).contains("unknown scenario 'no-such-case'");
    assertThat(unknown[2]).isEmpty();
  }
}
