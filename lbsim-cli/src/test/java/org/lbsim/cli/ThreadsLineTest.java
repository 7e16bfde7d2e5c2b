package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.EngineStats;

class ThreadsLineTest {
  @Test
  void aRunOnOneThreadAddsNoLine() {
    assertThat(ThreadsLine.of(new EngineStats(1, 10, List.of(1000L), 5), new long[0], 1.0)).isNull();
  }

  /** 3 partitions on 2 threads: thread 0 runs partitions 0 and 2; 1.5 of 2 thread-seconds spent running windows. */
  @Test
  void givesEventsPerSecondPerThreadAndTheShareOfTimeSpentRunning() {
    EngineStats e = new EngineStats(2, 1234, List.of(3_000_000L, 2_000_000L, 1_000_000L), 5);
    assertThat(ThreadsLine.of(e, new long[] {1_000_000_000L, 500_000_000L}, 1.0)).isEqualTo("2 threads, 3 partitions, "
        + "1,234 windows: events/s per thread 4.00 M, 2.00 M; parallel efficiency 75 % (time the threads ran windows "
        + "rather than waited for each other)");
  }
}
