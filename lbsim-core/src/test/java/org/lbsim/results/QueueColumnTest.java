package org.lbsim.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.QueueSeries;

/** queues.csv's columns: a sample's row, and its time and queue read back as written. */
class QueueColumnTest {
  private static final QueueSeries Q = new QueueSeries(1_500_000, List.of("tor0>agg1", "agg1>core0"),
      List.of(new long[] {0, 4_158}, new long[] {12, 0}));

  @Test
  void aRowPerPortAndSampleAndItsNumbersReadBack() throws IOException {
    StringWriter w = new StringWriter();
    CsvRows csv = new CsvRows(w);
    csv.header(QueueColumn.headers());
    for (int i = 0; i < 2; i++) {
      for (int j = 0; j < 2; j++) {
        for (QueueColumn c : QueueColumn.values()) {
          c.write(Q, i, j, csv);
        }
        csv.end();
      }
    }
    List<String> lines = w.toString().lines().toList();
    assertThat(lines).containsExactly("time_us,port,queue_bytes", "0,tor0>agg1,0", "1.5,tor0>agg1,4158",
        "0,agg1>core0,12", "1.5,agg1>core0,0");
    String[] cells = lines.get(2).split(",");
    assertThat(QueueColumn.TIME.number(cells[QueueColumn.TIME.ordinal()])).isEqualTo(1_500_000);
    assertThat(QueueColumn.QUEUE.number(cells[QueueColumn.QUEUE.ordinal()])).isEqualTo(4_158);
  }

  @Test
  void aTimeFinerThanAPicosecondIsNotATime() {
    assertThatThrownBy(() -> QueueColumn.TIME.number("0.0000001")).isInstanceOf(ArithmeticException.class);
    assertThatThrownBy(() -> QueueColumn.PORT.number("tor0>agg1")).isInstanceOf(IllegalStateException.class);
  }
}
