package org.lbsim.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.function.Function;
import java.util.function.Predicate;
import org.lbsim.metrics.RunResult;

/**
 * The keys of {@code summary.json}, in file order: the one list that the writer and the reader
 * of result folders share, each key's name and unit beside the value of the run it holds and
 * when it is written (a key of only some runs, such as {@code training}, is left out of the
 * others). Adding a key is one line here plus the value it holds.
 */
public enum SummaryKey {
  SCENARIO("scenario", "", RunResult::scenario),
  CCT("cct_ps", "ps", r -> r.cctPs()),
  LOWER_BOUND("lower_bound_ps", "ps", r -> r.boundPs()),
  OVER_BOUND("cct_over_bound_pct", "%",
      r -> Double.isNaN(r.overBoundPct()) ? null : SummaryParts.round(r.overBoundPct(), 4)),
  FLOWS("flows", "flows", r -> r.flows().size()),
  FLOWS_UNFINISHED("flows_unfinished", "flows", r -> r.unfinishedFlows()),
  UNFINISHED("unfinished", "flows", SummaryParts::unfinished, r -> !r.unfinished().isEmpty()),
  FCT("fct_ps", "ps", r -> SummaryParts.fctPercentiles(r.flows())),
  MAX_QUEUE("max_queue_bytes", "bytes", r -> r.maxSwitchQueueBytes()),
  DROPS("drops", "packets", r -> r.drops()),
  TIERS("tiers", "", r -> SummaryParts.tiers(r.ports())),
  COUNTERS("counters", "", RunResult::counters),
  CONSERVATION("conservation_ok", "", ResultWriter::conservationHolds),
  SIMULATED_END("simulated_end_ps", "ps", r -> r.endPs()),
  TRAINING("training", "", RunResult::training, r -> !r.training().isEmpty()),
  SETTINGS("settings", "", r -> SummaryParts.echoed(r.settings()));

  private final String key;
  private final String unit;
  private final Function<RunResult, Object> value;
  private final Predicate<RunResult> written;

  SummaryKey(String key, String unit, Function<RunResult, Object> value) {
    this(key, unit, value, r -> true);
  }

  SummaryKey(String key, String unit, Function<RunResult, Object> value, Predicate<RunResult> written) {
    this.key = key;
    this.unit = unit;
    this.value = value;
    this.written = written;
  }

  /** The key's name in the file. */
  public String key() {
    return key;
  }

  /** What the key's number counts or measures ({@code ""} for a name, a flag or a section). */
  public String unit() {
    return unit;
  }

  /** Whether {@code r}'s summary holds this key. */
  boolean writtenFor(RunResult r) {
    return written.test(r);
  }

  /** The value {@code r}'s summary holds under this key (null is written as JSON null). */
  Object of(RunResult r) {
    return value.apply(r);
  }

  /** This key's whole number in {@code summary}, read from {@code file}, or why it is not one. */
  long whole(JsonNode summary, Path file) throws ResultReader.UnreadableResults {
    JsonNode v = summary.get(key);
    if (v == null || !v.canConvertToLong() || !v.isIntegralNumber()) {
      throw new ResultReader.UnreadableResults(file + ": \"" + key + "\" is " + (v == null ? "missing" : v)
          + " (want an integer)");
    }
    return v.asLong();
  }

  /** This key's value in {@code summary}, a missing node when absent. */
  JsonNode in(JsonNode summary) {
    return summary.path(key);
  }
}
