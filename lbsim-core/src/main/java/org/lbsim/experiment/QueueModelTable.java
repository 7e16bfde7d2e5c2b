package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.function.LongToDoubleFunction;
import java.util.function.ToDoubleFunction;
import org.lbsim.metrics.PortStats;
import org.lbsim.theory.ArrivalOrder;
import org.lbsim.theory.SlotModel;
import org.lbsim.theory.SlotQueues;
import org.lbsim.theory.SlotScheme;

/**
 * The packet-level simulator against the study's queue model (its Appendices C–E), per load
 * balancer that has a model ({@link SlotScheme#forDesign}) and message size m: the largest
 * switch queue and the mean over agg→ToR downlinks of each one's largest queue, simulated and
 * in the slotted model run on the same permutation with the same seed, median over seeds, in
 * data packets of {@code packetBytes}; the model also with every switch taking a slot's
 * arrivals in a fresh random order (no synchronization), and with every host at its own phase
 * within the slot ({@link ArrivalOrder#PHASED}, the simulator's timing). Then, for a random-walk downlink
 * (Appendix D), the expected queue after m slots, √(1 − 2/k)·√(2m/π), and the expected largest
 * queue over the m slots, √(1 − 2/k)·√(πm/2) (the mean maximum drawup of a zero-drift walk).
 * The last column is each row's log-log slope.
 */
public record QueueModelTable(int packetBytes) implements Analysis {
  static final String SIM_MAX = "simulated: largest queue";
  static final String MODEL_MAX = "model: largest queue";
  static final String SHUFFLED_MAX = "model, shuffled order: largest queue";
  static final String PHASED_MAX = "model, phased: largest queue";
  static final String SIM_DOWN = "simulated: agg-down mean of port max";
  static final String MODEL_DOWN = "model: agg-down mean of port max";
  static final String WALK_END = "Appendix D: walk after m slots";
  static final String WALK_MAX = "Appendix D: walk's largest over m slots";
  private static final String AGG_DOWN = "agg-down";

  @Override
  public Table analyze(List<RunRecord> runs) {
    Set<String> lbs = new LinkedHashSet<>();
    for (RunRecord r : runs) {
      if (SlotScheme.forDesign(r.value("lb")) != null) {
        lbs.add(r.value("lb"));
      }
    }
    SortedSet<Long> sizes = QueueGrowth.sizes(runs);
    List<String> header = new ArrayList<>(List.of("lb", "measure"));
    for (long m : sizes) {
      header.add("m=" + m);
    }
    header.add("slope");
    Map<RunRecord, SlotQueues> fixed = new IdentityHashMap<>();
    Map<RunRecord, SlotQueues> shuffled = new IdentityHashMap<>();
    List<List<String>> out = new ArrayList<>();
    for (String lb : lbs) {
      List<RunRecord> mine = runs.stream().filter(r -> r.value("lb").equals(lb)).toList();
      out.add(row(lb, SIM_MAX, mine, sizes, r -> (double) r.result().maxSwitchQueueBytes() / packetBytes));
      out.add(row(lb, MODEL_MAX, mine, sizes,
          r -> fixed.computeIfAbsent(r, x -> model(x, ArrivalOrder.FIXED)).maxQueue()));
      out.add(row(lb, SHUFFLED_MAX, mine, sizes,
          r -> shuffled.computeIfAbsent(r, x -> model(x, ArrivalOrder.SHUFFLED)).maxQueue()));
      out.add(row(lb, PHASED_MAX, mine, sizes, r -> model(r, ArrivalOrder.PHASED).maxQueue()));
      out.add(row(lb, SIM_DOWN, mine, sizes, this::simulatedDownlinks));
      out.add(row(lb, MODEL_DOWN, mine, sizes, r -> fixed.get(r).meanMaxByTier().get(AGG_DOWN)));
    }
    if (!runs.isEmpty()) {
      int k = k(runs.get(0));
      out.add(formula(WALK_END, sizes, m -> SlotModel.randomWalkQueue(k, m)));
      out.add(formula(WALK_MAX, sizes, m -> SlotModel.randomWalkQueue(k, m) * Math.PI / 2));
    }
    return new Table(header, out);
  }

  /** The slope of a row of a table this analysis produced. */
  public static double slope(Table t, String lb, String measure) {
    for (List<String> row : t.rows()) {
      if (row.get(0).equals(lb) && row.get(1).equals(measure)) {
        return Double.parseDouble(row.get(row.size() - 1));
      }
    }
    throw new IllegalArgumentException("no " + measure + " row for " + lb);
  }

  private static List<String> row(String lb, String measure, List<RunRecord> runs, SortedSet<Long> sizes,
      ToDoubleFunction<RunRecord> value) {
    List<String> line = new ArrayList<>(List.of(lb, measure));
    line.addAll(QueueGrowth.cells(runs, sizes, value));
    return line;
  }

  private static List<String> formula(String measure, SortedSet<Long> sizes, LongToDoubleFunction f) {
    List<String> line = new ArrayList<>(List.of("any", measure));
    line.addAll(QueueGrowth.cells(sizes, f));
    return line;
  }

  private double simulatedDownlinks(RunRecord r) {
    double sum = 0;
    int n = 0;
    for (PortStats p : r.result().ports()) {
      if (p.tier().equals(AGG_DOWN)) {
        sum += (double) p.maxQueueBytes() / packetBytes;
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /** The slotted model on the run's own permutation, fabric, message size and seed. */
  private static SlotQueues model(RunRecord r, ArrivalOrder order) {
    int k = k(r);
    int[] destination = new int[k * k * k / 4];
    Arrays.fill(destination, -1);
    r.result().flows().forEach(f -> destination[f.src()] = f.dst());
    return SlotModel.run(k, destination, (int) QueueGrowth.packets(r), SlotScheme.forDesign(r.value("lb")), order,
        r.point().seed());
  }

  private static int k(RunRecord r) {
    return Integer.parseInt(r.result().settings().get("topology.k"));
  }
}
