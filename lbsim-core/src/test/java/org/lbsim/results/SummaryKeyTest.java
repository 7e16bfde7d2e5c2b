package org.lbsim.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;

/** summary.json's keys: written in registry order, the keys of only some runs left out of the others. */
class SummaryKeyTest {
  @Test
  void aRunWithoutUnfinishedFlowsOrTrainingHasEveryOtherKeyInOrder() {
    RunResult r = Runs.run(Runs.of("topology.k=4", "workload.size=64KiB"));
    List<String> expected = new ArrayList<>();
    for (SummaryKey k : SummaryKey.values()) {
      if (k != SummaryKey.UNFINISHED && k != SummaryKey.TRAINING) {
        expected.add(k.key());
      }
    }
    Map<String, Object> summary = ResultWriter.summary(r);
    assertThat(summary.keySet()).containsExactlyElementsOf(expected);
    assertThat(summary.get(SummaryKey.CCT.key())).isEqualTo(r.cctPs());
    assertThat(summary.get(SummaryKey.CONSERVATION.key())).isEqualTo(true);
  }

  @Test
  void eachNameSaysItsUnit() {
    List<String[]> named = new ArrayList<>();
    Arrays.stream(SummaryKey.values()).forEach(k -> named.add(new String[] {k.key(), k.unit()}));
    Arrays.stream(FlowColumn.values()).forEach(c -> named.add(new String[] {c.header(), c.unit()}));
    Arrays.stream(PortColumn.values()).forEach(c -> named.add(new String[] {c.header(), c.unit()}));
    Arrays.stream(QueueColumn.values()).forEach(c -> named.add(new String[] {c.header(), c.unit()}));
    for (String[] n : named) {
      String suffix = n[0].substring(n[0].lastIndexOf('_') + 1);
      switch (suffix) {
        case "ps", "us", "bytes" -> assertThat(n[1]).as(n[0]).isEqualTo(suffix);
        case "pct" -> assertThat(n[1]).as(n[0]).isEqualTo("%");
        default -> { }
      }
    }
    assertThat(Arrays.stream(SummaryKey.values()).map(SummaryKey::key)).doesNotHaveDuplicates();
  }
}
