package org.lbsim.scenario;

import java.util.ArrayList;
import java.util.List;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.LocalStep;

/**
 * What a run split into partitions supports: the parts of a scenario whose state is shared
 * across the fabric at zero delay (a failure's injection and routes' convergence, PFC's
 * upstream accounting, dependencies between flows of different hosts, a central controller's
 * plan) run in one partition only; a split run of a
 * scenario that has one is refused, naming each.
 */
final class PartitionSupport {
  private PartitionSupport() {}

  /** Hosts from which {@code engine.threads: auto} splits a run: below, a run is short anyway. */
  static final int AUTO_MIN_HOSTS = 128;

  /**
   * {@code engine.threads: auto} with {@code cores} left to the run: that many (at most one per
   * ToR) for a workload whose flows never wait for each other, on {@value #AUTO_MIN_HOSTS} hosts or
   * more, when the scenario supports a split; else 1.
   */
  static int autoThreads(Scenario s, int cores) {
    String kind = s.workload().kind().name();
    boolean independent = List.of("permutation", "all-to-all", "incast", "ring-step").contains(kind);
    if (cores < 2 || !independent || s.topology().hosts() < AUTO_MIN_HOSTS || !reasons(s).isEmpty()) {
      return 1;
    }
    return Math.min(cores, s.topology().tors());
  }

  /** Refuses a split of {@code s} into {@code partitions} when the scenario has a part a split run lacks. */
  static void check(Scenario s, int partitions) {
    refuse(partitions, reasons(s));
  }

  /** What of {@code s} a split run does not support, in words; empty when it supports all. */
  private static List<String> reasons(Scenario s) {
    List<String> why = new ArrayList<>();
    if (s.failures().active()) {
      why.add("failures.kind " + s.failures().kind().name().toLowerCase(java.util.Locale.ROOT));
    }
    if (s.buffer().features().pfc()) {
      why.add("PFC");
    }
    if (s.designs().lb().oracle()) {
      why.add("lb " + s.designs().lb().name() + " (a central plan)");
    }
    if (s.training() != TrainingSection.NONE) {
      why.add("a training workload");
    }
    long lookahead = ScenarioRunner.lookaheadPs(s.fabric().links());
    LinksSection l = s.fabric().links();
    if (l.tier1().latencyPs() < lookahead || l.tier2().latencyPs() < lookahead) {
      why.add("a switch link shorter than the run's window (" + lookahead + " ps)");
    }
    return why;
  }

  /** Refuses a split when flows wait for others or for local steps (dependencies cross hosts at zero delay). */
  static void checkFlows(List<FlowSpec> flows, List<LocalStep> steps, int partitions) {
    List<String> why = new ArrayList<>();
    if (!steps.isEmpty() || flows.stream().anyMatch(f -> f.waitCount() > 0)) {
      why.add("flows that wait for other flows or steps");
    }
    refuse(partitions, why);
  }

  private static void refuse(int partitions, List<String> why) {
    if (!why.isEmpty()) {
      throw new ScenarioException(List.of("engine.threads: a run split into " + partitions + " partitions does not "
          + "support " + String.join(", ", why) + " yet (got '" + partitions + "'; allowed: 1 for this scenario)"));
    }
  }
}
