package org.lbsim.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the engine computed a run, as opposed to what the run found: the same for the same
 * scenario, seed and {@code engine.threads}, and written to {@code engine.json}, apart from the
 * result files, which are the same for every thread count.
 *
 * @param threads threads the run used
 * @param windows windows of the lookahead the engine ran (docs/model.md, "Time and events")
 * @param eventsByPartition events each partition ran
 * @param packetObjects packet objects the partitions' pools made (in a run that is not split, the
 *     most packets ever in flight at once)
 */
public record EngineStats(int threads, long windows, List<Long> eventsByPartition, long packetObjects) {
  /** No record: a run read back from result files. */
  public static final EngineStats NONE = new EngineStats(0, 0, List.of(), 0);

  public EngineStats {
    eventsByPartition = List.copyOf(eventsByPartition);
  }

  public int partitions() {
    return eventsByPartition.size();
  }

  public long events() {
    long n = 0;
    for (long e : eventsByPartition) {
      n += e;
    }
    return n;
  }

  /** engine.json's content. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("partitions", partitions());
    m.put("threads", threads);
    m.put("windows", windows);
    m.put("events", events());
    m.put("events_by_partition", eventsByPartition);
    m.put("packet_objects", packetObjects);
    return m;
  }
}
