package org.lbsim.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.PortStats;

/** ports.csv's columns: every statistic has one, and a row read back is the statistics written. */
class PortColumnTest {
  private static final PortStats P = new PortStats("tor0>agg1", "tor-up", 3, 4, 5, 6.25, 7, 8, 0.5, 9, 10, 11);

  @Test
  void aRowReadBackIsTheStatisticsWritten() throws IOException {
    StringWriter w = new StringWriter();
    CsvRows csv = new CsvRows(w);
    csv.header(PortColumn.headers());
    for (PortColumn c : PortColumn.values()) {
      c.write(P, csv);
    }
    csv.end();
    List<String> lines = w.toString().lines().toList();
    assertThat(lines).containsExactly(
        "port,tier,bytes_sent,packets_sent,max_queue_bytes,mean_queue_bytes,drops,ecn_marks,utilization,trims,pause_frames,paused_ps",
        "tor0>agg1,tor-up,3,4,5,6.25,7,8,0.500000,9,10,11");
    String[] cells = lines.get(1).split(",");
    assertThat(PortColumn.stats(c -> cells[c.ordinal()])).isEqualTo(P);
  }

  @Test
  void everyStatisticHasAColumn() {
    assertThat(PortColumn.values()).hasSize(PortStats.class.getRecordComponents().length);
  }
}
