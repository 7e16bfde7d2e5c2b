package org.lbsim.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The layout report lists exactly the objects a flow owns (its sender, receiver and their
 * components, not the transport, hosts or settings it shares), each by its shortest field path,
 * with offsets from the sender. Where the collector put them is not asserted: that is what the
 * report is for.
 */
class FlowLayoutTest {
  private static String[] run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = FlowLayout.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new String[] {Integer.toString(status), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
  }

  @Test
  void listsTheObjectsOfTheReferenceDesignsFlowAndNothingShared() {
    String[] r = run("--at-us", "20", "--flow", "5", "ata-16-256KiB");
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    assertThat(r[1]).contains("ata-16-256KiB after 20 us of simulated time").contains("flow 5: 5 objects");
    Matcher m = Pattern.compile("^\\s+(-?\\d+)\\s+(\\d+)\\s+(\\S+) \\((\\w+)\\)$", Pattern.MULTILINE).matcher(r[1]);
    List<String> paths = new java.util.ArrayList<>();
    long total = 0;
    while (m.find()) {
      paths.add(m.group(3) + ":" + m.group(4));
      total += Long.parseLong(m.group(2));
      if (m.group(3).equals("sender")) {
        assertThat(m.group(1)).isEqualTo("0");
      }
    }
    assertThat(paths).containsExactlyInAnyOrder("sender:Sender", "sender.cc:ConstantRate",
        "sender.lr:ReferenceErasureCoding", "sender.path:NumberedSpray", "sender.receiver:CodedReceiver");
    assertThat(r[1]).contains("5 objects, " + total + " bytes");
  }

  @Test
  void badArgumentsAreNamedAndNothingRuns() {
    String[] r = run("--flow", "x", "ata-16-256KiB");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2]).contains("--flow must be a whole number >= 0, got 'x'");
    r = run("no-such-scenario");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2]).contains("unknown scenario or option 'no-such-scenario'");
    r = run("--flow", "240", "ata-16-256KiB");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2]).contains("--flow 240: the scenario has flows 0..239");
    assertThat(r[1]).isEmpty();
  }
}
