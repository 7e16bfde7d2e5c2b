package org.lbsim.results;

import java.util.Arrays;
import java.util.function.Function;
import java.util.function.ObjLongConsumer;
import java.util.function.ToLongFunction;
import org.lbsim.transport.FlowOutcome;

/**
 * The columns of {@code flows.csv}, in file order: the one list that the writer and the reader
 * of result folders (and the report) share, each column's name and unit beside the outcome field
 * it holds and the builder field it is read back into. A derived column ({@code fct_ps}) is
 * written and not read back. Adding a column is one line here plus the outcome field it holds.
 */
public enum FlowColumn {
  FLOW("flow", "", FlowOutcome::id, (b, v) -> b.id(Math.toIntExact(v))),
  SRC("src", "host", FlowOutcome::src, (b, v) -> b.src(Math.toIntExact(v))),
  DST("dst", "host", FlowOutcome::dst, (b, v) -> b.dst(Math.toIntExact(v))),
  BYTES("bytes", "bytes", FlowOutcome::bytes, FlowOutcome.Builder::bytes),
  START("start_ps", "ps", FlowOutcome::startPs, FlowOutcome.Builder::startPs),
  FINISH("finish_ps", "ps", FlowOutcome::finishPs, FlowOutcome.Builder::finishPs),
  FCT("fct_ps", "ps", FlowOutcome::fctPs, null),
  RECEIVED("received_ps", "ps", FlowOutcome::receivedPs, FlowOutcome.Builder::receivedPs),
  PACKETS_SENT("packets_sent", "packets", FlowOutcome::packetsSent, FlowOutcome.Builder::packetsSent),
  PACKETS_LOST("packets_lost", "packets", FlowOutcome::packetsLost, FlowOutcome.Builder::packetsLost),
  MEAN_RTT("mean_rtt_ps", "ps", FlowOutcome::meanRttPs, FlowOutcome.Builder::meanRttPs),
  RETRANSMISSIONS("retransmissions", "packets", FlowOutcome::retransmissions, FlowOutcome.Builder::retransmissions),
  SPURIOUS("spurious_retransmissions", "packets", FlowOutcome::spuriousRetransmissions,
      FlowOutcome.Builder::spuriousRetransmissions),
  TIMEOUTS("timeouts", "timeouts", FlowOutcome::timeouts, FlowOutcome.Builder::timeouts);

  private final String header;
  private final String unit;
  private final ToLongFunction<FlowOutcome> value;
  private final ObjLongConsumer<FlowOutcome.Builder> readBack;

  FlowColumn(String header, String unit, ToLongFunction<FlowOutcome> value, ObjLongConsumer<FlowOutcome.Builder> readBack) {
    this.header = header;
    this.unit = unit;
    this.value = value;
    this.readBack = readBack;
  }

  /** The column's name in the file's header row. */
  public String header() {
    return header;
  }

  /** What the column's numbers count or measure ({@code ""} for an id). */
  public String unit() {
    return unit;
  }

  /** Whether the column is computed from others, and so not read back. */
  public boolean derived() {
    return readBack == null;
  }

  long of(FlowOutcome o) {
    return value.applyAsLong(o);
  }

  /** Every column's header, in file order. */
  static String[] headers() {
    return Arrays.stream(values()).map(FlowColumn::header).toArray(String[]::new);
  }

  /**
   * The outcome a row holds, from the value of each column that is not derived ({@code read}
   * gives a column's value; it throws {@link IllegalArgumentException} for a missing column or
   * one that is not a number). Every value is read before any is checked against its field.
   */
  static FlowOutcome outcome(Function<FlowColumn, Long> read) {
    FlowColumn[] columns = values();
    long[] v = new long[columns.length];
    for (FlowColumn c : columns) {
      if (!c.derived()) {
        v[c.ordinal()] = read.apply(c);
      }
    }
    FlowOutcome.Builder b = FlowOutcome.builder();
    for (FlowColumn c : columns) {
      if (!c.derived()) {
        c.readBack.accept(b, v[c.ordinal()]);
      }
    }
    return b.build();
  }
}
