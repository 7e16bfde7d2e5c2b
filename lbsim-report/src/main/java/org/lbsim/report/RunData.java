package org.lbsim.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One run's result files, read once.
 *
 * @param name the run's label in the report (its folder, relative to the results folder)
 * @param summary {@code summary.json} as written by {@code ResultWriter}
 * @param settings the resolved settings from the summary, in file order
 * @param fctsPs finished flows' completion times, sorted; empty when {@code flows.csv} is absent
 * @param messageBytes the largest flow size in {@code flows.csv} (0 when absent): the message size
 *     m that queue scaling is plotted against
 * @param ports {@code ports.csv}, in file order; empty when absent
 * @param queues {@code queues.csv}: the hottest ports' queues over time, hottest first; empty when absent
 */
record RunData(String name, Path dir, JsonNode summary, Map<String, String> settings, long[] fctsPs,
    long messageBytes, List<PortRow> ports, List<QueueTrace> queues) {

  /** One port's sampled queue: times in µs and occupancy in KB. */
  record QueueTrace(String port, double[] timeUs, double[] kb) {}

  String setting(String key) {
    return settings.getOrDefault(key, "");
  }

  /** A number from the summary, or NaN when it is missing or null (e.g. no bound known). */
  double number(String key) {
    JsonNode v = summary.get(key);
    return v != null && v.isNumber() ? v.asDouble() : Double.NaN;
  }

  /** The workload as people name it: kind and size, or the connection-matrix file. */
  String workload() {
    String file = setting("workload.file");
    if (!file.isEmpty()) {
      return setting("workload.kind") + " " + Path.of(file).getFileName();
    }
    String size = setting("workload.size");
    return size.isEmpty() ? setting("workload.kind") : setting("workload.kind") + " " + size;
  }
}
