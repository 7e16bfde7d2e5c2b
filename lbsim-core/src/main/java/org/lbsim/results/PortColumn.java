package org.lbsim.results;

import java.io.IOException;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import org.lbsim.metrics.PortStats;

/**
 * The columns of {@code ports.csv}, in file order: the one list that the writer and the reader
 * of result folders (and the report) share, each column's name and unit, how it is written (a
 * name, a whole number, or a number with a fixed count of decimals) and the port statistic it holds.
 */
public enum PortColumn {
  PORT("port", "", PortStats::port),
  TIER("tier", "", PortStats::tier),
  BYTES_SENT("bytes_sent", "bytes", PortStats::bytesSent),
  PACKETS_SENT("packets_sent", "packets", PortStats::packetsSent),
  MAX_QUEUE("max_queue_bytes", "bytes", PortStats::maxQueueBytes),
  MEAN_QUEUE("mean_queue_bytes", "bytes", PortStats::meanQueueBytes, 2),
  DROPS("drops", "packets", PortStats::drops),
  ECN_MARKS("ecn_marks", "packets", PortStats::ecnMarks),
  UTILIZATION("utilization", "fraction", PortStats::utilization, 6),
  TRIMS("trims", "packets", PortStats::trims),
  PAUSE_FRAMES("pause_frames", "frames", PortStats::pauseFrames),
  PAUSED("paused_ps", "ps", PortStats::pausedPs);

  private final String header;
  private final String unit;
  private final Function<PortStats, String> name;
  private final ToLongFunction<PortStats> whole;
  private final ToDoubleFunction<PortStats> fixed;
  private final int decimals;

  PortColumn(String header, String unit, Function<PortStats, String> name) {
    this(header, unit, name, null, null, 0);
  }

  PortColumn(String header, String unit, ToLongFunction<PortStats> whole) {
    this(header, unit, null, whole, null, 0);
  }

  PortColumn(String header, String unit, ToDoubleFunction<PortStats> fixed, int decimals) {
    this(header, unit, null, null, fixed, decimals);
  }

  PortColumn(String header, String unit, Function<PortStats, String> name, ToLongFunction<PortStats> whole,
      ToDoubleFunction<PortStats> fixed, int decimals) {
    this.header = header;
    this.unit = unit;
    this.name = name;
    this.whole = whole;
    this.fixed = fixed;
    this.decimals = decimals;
  }

  /** The column's name in the file's header row. */
  public String header() {
    return header;
  }

  /** What the column's numbers count or measure ({@code ""} for a name). */
  public String unit() {
    return unit;
  }

  /** Every column's header, in file order. */
  static String[] headers() {
    return java.util.Arrays.stream(values()).map(PortColumn::header).toArray(String[]::new);
  }

  /** Appends {@code p}'s value of this column to the row being written. */
  void write(PortStats p, CsvRows csv) throws IOException {
    if (name != null) {
      csv.text(name.apply(p));
    } else if (whole != null) {
      csv.number(whole.applyAsLong(p));
    } else {
      csv.fixed(fixed.applyAsDouble(p), decimals);
    }
  }

  /**
   * The statistics a row holds ({@code read} gives a column's text); a value that is not a number
   * where one belongs throws {@link NumberFormatException}.
   */
  static PortStats stats(Function<PortColumn, String> read) {
    return new PortStats(read.apply(PORT), read.apply(TIER), whole(read, BYTES_SENT), whole(read, PACKETS_SENT),
        whole(read, MAX_QUEUE), Double.parseDouble(read.apply(MEAN_QUEUE)), whole(read, DROPS), whole(read, ECN_MARKS),
        Double.parseDouble(read.apply(UTILIZATION)), whole(read, TRIMS), whole(read, PAUSE_FRAMES), whole(read, PAUSED));
  }

  private static long whole(Function<PortColumn, String> read, PortColumn c) {
    return Long.parseLong(read.apply(c));
  }
}
