package org.lbsim.results;

import java.util.function.ToLongFunction;
import org.lbsim.transport.FlowOutcome;

/**
 * The columns of {@code flows.csv}, in file order: the one list that the writer and the reader
 * of result folders (and the report) share, each column's name beside the outcome field it holds. A derived
 * column ({@code fct_ps}) is written and not read back.
 */
public enum FlowColumn {
  FLOW("flow", FlowOutcome::id),
  SRC("src", FlowOutcome::src),
  DST("dst", FlowOutcome::dst),
  BYTES("bytes", FlowOutcome::bytes),
  START("start_ps", FlowOutcome::startPs),
  FINISH("finish_ps", FlowOutcome::finishPs),
  FCT("fct_ps", FlowOutcome::fctPs, true),
  RECEIVED("received_ps", FlowOutcome::receivedPs),
  PACKETS_SENT("packets_sent", FlowOutcome::packetsSent),
  PACKETS_LOST("packets_lost", FlowOutcome::packetsLost),
  MEAN_RTT("mean_rtt_ps", FlowOutcome::meanRttPs),
  RETRANSMISSIONS("retransmissions", FlowOutcome::retransmissions),
  SPURIOUS("spurious_retransmissions", FlowOutcome::spuriousRetransmissions),
  TIMEOUTS("timeouts", FlowOutcome::timeouts);

  private final String header;
  private final ToLongFunction<FlowOutcome> value;
  private final boolean derived;

  FlowColumn(String header, ToLongFunction<FlowOutcome> value) {
    this(header, value, false);
  }

  FlowColumn(String header, ToLongFunction<FlowOutcome> value, boolean derived) {
    this.header = header;
    this.value = value;
    this.derived = derived;
  }

  /** The column's name in the file's header row. */
  public String header() {
    return header;
  }

  long of(FlowOutcome o) {
    return value.applyAsLong(o);
  }

  /** Every column's header, in file order. */
  static String[] headers() {
    return java.util.Arrays.stream(values()).map(FlowColumn::header).toArray(String[]::new);
  }

  /**
   * The outcome a row holds, from the value of each column that is not derived ({@code read}
   * gives a column's value; it throws {@link IllegalArgumentException} for a missing column or
   * one that is not a number).
   */
  static FlowOutcome outcome(java.util.function.Function<FlowColumn, Long> read) {
    long[] v = new long[values().length];
    for (FlowColumn c : values()) {
      if (!c.derived) {
        v[c.ordinal()] = read.apply(c);
      }
    }
    return new FlowOutcome(Math.toIntExact(v[FLOW.ordinal()]), Math.toIntExact(v[SRC.ordinal()]),
        Math.toIntExact(v[DST.ordinal()]), v[BYTES.ordinal()], v[START.ordinal()], v[FINISH.ordinal()],
        v[RECEIVED.ordinal()], v[PACKETS_SENT.ordinal()], v[PACKETS_LOST.ordinal()], v[MEAN_RTT.ordinal()],
        v[RETRANSMISSIONS.ordinal()], v[SPURIOUS.ordinal()], v[TIMEOUTS.ordinal()]);
  }
}
