package org.lbsim.optimize;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.lbsim.experiment.RunPool;
import org.lbsim.scenario.ScenarioException;

/**
 * The co-design search, in runs of one candidate under one condition (a workload and a failure
 * draw, {@link Conditions}) on one seed; a candidate on a seed runs under every condition, and
 * its conditions' results are combined as {@link Robust} says:
 *
 * <ol>
 *   <li>rung 1: every design combination at its defaults, on the first seed;
 *   <li>rung 2: the best third of them, and any within {@link #SCREEN_TIE} of the best, on the
 *       other seeds ({@code seeds} in all), as many as the budget allows, best first;
 *   <li>tuning: the best third of those that have knobs split the runs left (less what the
 *       baseline and the promotions need) and tune them with CMA-ES ({@link Tuner}), each point
 *       on the first seed; the best point of each, when it beats the defaults, gets the other seeds;
 *   <li>the baseline, {@code lb=ecmp} with the winner's congestion control and loss recovery at
 *       their defaults, gets whichever seeds it has not run.
 * </ol>
 *
 * Runs go in parallel; every decision reads results in a fixed order, so the same inputs give
 * the same trials in the same order whatever the thread count.
 */
public final class Search {
  /** The load balancer gains are measured against. */
  public static final String BASELINE_LB = "ecmp";
  /** On the first seed, a CCT this close to the best's (a fraction) keeps a design in the search. */
  static final double SCREEN_TIE = 0.02;

  private final SearchSpace space;
  private final Evaluator eval;
  private final Settings settings;
  private final List<Trial> trials = new ArrayList<>();
  /** Each candidate's trials by seed, each seed's in condition order. */
  private final Map<Point, Map<Long, List<Trial>>> byPoint = new LinkedHashMap<>();
  private final int c; // conditions
  /** How runs score: each its own score until rung 1 has run, then with the conditions' references. */
  private Scoring scoring;
  private final Consumer<String> progress;

  /**
   * @param budget the most runs the search makes
   * @param seeds seeds a surviving candidate runs on (the first, {@code seed}, then the next ones)
   * @param seed the scenario's seed: the first seed, and the seed of every random draw of the search
   * @param threads runs going at once
   * @param sensitivity whether to run the sensitivity pass ({@link Sensitivity}), two runs per knob of
   *     the winner and of the baseline, beyond the budget
   * @param conditions what every candidate runs under on each of its seeds, at least one
   * @param robust how the conditions' results combine into what ranks a candidate
   */
  public record Settings(int budget, int seeds, long seed, int threads, boolean sensitivity,
      List<Condition> conditions, Robust robust) {
    public Settings {
      conditions = List.copyOf(conditions);
    }

    /** On the scenario as given. */
    public Settings(int budget, int seeds, long seed, int threads, boolean sensitivity) {
      this(budget, seeds, seed, threads, sensitivity, List.of(Condition.AS_GIVEN), Robust.WORST);
    }

    /** On the scenario as given, without the sensitivity pass. */
    public Settings(int budget, int seeds, long seed, int threads) {
      this(budget, seeds, seed, threads, false);
    }
  }

  private Search(SearchSpace space, Evaluator eval, Settings settings, Consumer<String> progress) {
    this.space = space;
    this.eval = eval;
    this.settings = settings;
    this.progress = progress;
    this.c = settings.conditions().size();
    this.scoring = Scoring.of(settings.robust());
  }

  /**
   * The smallest budget that runs rung 1, one survivor on every seed, the baseline and, should it
   * not finish, the other seeds of a design that did, each under every one of {@code conditions}.
   */
  public static int minimumBudget(int combos, int seeds, int conditions) {
    return conditions * (combos + 3 * seeds - 2);
  }

  /**
   * Checks every combination's scenario, then searches.
   *
   * @throws ScenarioException when the budget is below {@link #minimumBudget}, or when the scenario
   *     refuses every combination (naming the first one's problems)
   */
  public static Outcome run(SearchSpace space, Evaluator eval, Settings settings) {
    return run(space, eval, settings, line -> { });
  }

  /** As {@link #run(SearchSpace, Evaluator, Settings)}, telling {@code progress} one line as each stage starts. */
  public static Outcome run(SearchSpace space, Evaluator eval, Settings settings, Consumer<String> progress) {
    return new Search(space, eval, settings, progress).search();
  }

  private Outcome search() {
    List<String> notes = new ArrayList<>(space.excluded().stream().map(e -> "left out " + e).toList());
    List<DesignCombo> combos = new ArrayList<>();
    List<String> firstProblems = null;
    for (DesignCombo c : space.combos()) {
      try {
        check(Point.defaults(c));
        combos.add(c);
      } catch (ScenarioException e) {
        notes.add("skipped " + c.label() + ": " + String.join("; ", e.problems()));
        firstProblems = firstProblems == null ? e.problems() : firstProblems;
      }
    }
    if (combos.isEmpty()) {
      throw new ScenarioException(firstProblems);
    }
    int s = settings.seeds();
    long seed0 = settings.seed();
    int budget = settings.budget();
    if (budget < minimumBudget(combos.size(), s, c)) {
      throw new ScenarioException(List.of("--budget " + budget + ": too small for this space (allowed: at least "
          + minimumBudget(combos.size(), s, c) + " runs: " + combos.size() + " design combinations once each, "
          + (s - 1) + " more for the best one's other seeds, " + s + " for the baseline and " + (s - 1)
          + " for a finisher should the baseline not finish" + (c > 1 ? ", each under " + c + " conditions" : "")
          + "; or fewer designs with --vary)"));
    }
    ExecutorService pool = RunPool.open(settings.threads());
    try {
      // rung 1: every combination at its defaults on the first seed
      List<Point> all = combos.stream().map(Point::defaults).toList();
      progress.accept("rung 1: " + all.size() + " design combinations at their defaults, seed " + seed0
          + (c > 1 ? ", " + c + " conditions each" : ""));
      batch(pool, all, List.of(seed0), 1, "designs");
      scoring = Scoring.of(settings.robust(), settings.conditions(), trials);
      int left = budget - c * (all.size() + s + (s - 1)); // kept for the baseline and, if it fails, a finisher
      List<Point> ranked = rank(all);
      List<Point> survivors = survivors(ranked, seed0);
      if (s > 1) {
        int k = Math.min(survivors.size(), left / (c * (s - 1)));
        survivors = survivors.subList(0, k);
        progress.accept("rung 2: " + k + " of them on seeds " + (seed0 + 1) + ".." + (seed0 + s - 1));
        batch(pool, survivors, laterSeeds(), 2, "designs");
        left -= k * c * (s - 1);
        survivors = rank(survivors);
      }
      // tuning: the best third of the survivors, those with knobs, split the runs left
      List<Point> tuned = survivors.subList(0, third(survivors.size())).stream()
          .filter(p -> !p.combo().knobs().isEmpty()).toList();
      int promotions = c * (s - 1);
      while (!tuned.isEmpty() && left / tuned.size() - promotions < 2 * c) {
        tuned = tuned.subList(0, tuned.size() - 1); // too few runs to tune them all: the best ones
      }
      int each = tuned.isEmpty() ? 0 : left / tuned.size();
      List<Future<List<Tuner.Run>>> tuning = new ArrayList<>();
      List<String> plans = new ArrayList<>();
      for (int i = 0; i < tuned.size(); i++) {
        Point p = tuned.get(i);
        double atDefaults = firstSeedObjective(p);
        int runs = each - promotions + (i == 0 ? left - each * tuned.size() : 0);
        plans.add(p.combo().label() + " (" + p.combo().knobs().size() + " knobs, up to " + runs + " runs)");
        long rngSeed = seed0 * 1_000_003L + i;
        tuning.add(pool.submit(() -> Tuner.tune(p.combo(), atDefaults, runs, rngSeed, eval, seed0,
            settings.conditions(), scoring)));
      }
      if (!plans.isEmpty()) {
        progress.accept("tuning with CMA-ES: " + String.join(", ", plans));
      }
      List<Point> promoted = new ArrayList<>();
      for (int i = 0; i < tuning.size(); i++) {
        List<Tuner.Run> runs = RunPool.await(tuning.get(i));
        Point bestPoint = tuned.get(i);
        double bestScore = firstSeedObjective(bestPoint);
        for (Tuner.Run r : runs) {
          for (int j = 0; j < c; j++) {
            record(r.point(), settings.conditions().get(j), seed0, 1, "tuning", r.metrics().get(j));
          }
          double score = Tuner.objective(r.metrics(), settings.conditions(), scoring);
          if (score < bestScore) {
            bestScore = score;
            bestPoint = r.point();
          }
        }
        if (!bestPoint.equals(tuned.get(i))) {
          promoted.add(bestPoint);
        }
      }
      batch(pool, promoted, laterSeeds(), 2, "tuning");
      // the baseline: ecmp with the winner's transport, every seed; else the weakest finisher
      Point winner = Outcome.bestPerCombo(standings()).get(0).point();
      Point wanted = baselineOf(winner.combo(), combos);
      Point baseline = wanted;
      String note = null;
      String why = "could not run";
      try {
        check(wanted);
        progress.accept("baseline: " + wanted.label());
        completeSeeds(pool, wanted, "baseline");
        Standing w = standing(wanted);
        why = String.format(Locale.ROOT, "did not finish (%d flows unfinished in %d of %d runs)",
            w.runs().stream().mapToLong(t -> t.metrics().unfinishedFlows()).sum(), w.unfinishedRuns(), w.runs().size());
      } catch (ScenarioException e) {
        notes.add("the baseline " + wanted.label() + " cannot run on this scenario: " + String.join("; ", e.problems()));
      }
      if (!finishedEverySeed(wanted)) {
        baseline = fallback(pool, ranked, winner);
        note = "the baseline " + wanted.label() + " " + why + "; " + (baseline == null
            ? "no other design finished every run, so no gains are shown"
            : "gains are over " + baseline.label() + " instead, the weakest design that finished every run");
      }
      Outcome o = Outcome.of(trials, standings(), baseline, note, settings, notes, List.of());
      if (!settings.sensitivity() || o.winner().unfinishedRuns() > 0) {
        return o;
      }
      List<String> found = sensitivity(pool, o); // its probes are trials, not candidates
      return Outcome.of(trials, standings(), baseline, note, settings, notes, found);
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Runs every probe of the winner and the baseline on the first seed under the first condition,
   * recorded as trials of the stage {@code sensitivity} (not as candidates), and returns what they say.
   */
  private List<String> sensitivity(ExecutorService pool, Outcome o) {
    long seed0 = settings.seed();
    Condition first = settings.conditions().get(0);
    List<Sensitivity.Probe> probes = new ArrayList<>(Sensitivity.probes("winner", o.winner().point()));
    if (o.baseline() != null && o.baseline() != o.winner()) {
      probes.addAll(Sensitivity.probes("baseline", o.baseline().point()));
    }
    progress.accept("sensitivity: " + probes.size() + " probes on seed " + seed0
        + (c > 1 ? ", " + (first.label().isEmpty() ? "the first condition" : first.label()) : ""));
    List<Future<Metrics>> futures = new ArrayList<>();
    for (Sensitivity.Probe p : probes) {
      futures.add(pool.submit(() -> eval.run(p.point(), first, seed0)));
    }
    List<Sensitivity.Result> results = new ArrayList<>();
    for (int i = 0; i < probes.size(); i++) {
      Sensitivity.Probe p = probes.get(i);
      Metrics m = RunPool.await(futures.get(i));
      trials.add(new Trial(trials.size(), p.point(), first, seed0, 1, "sensitivity", m));
      results.add(new Sensitivity.Result(p, byPoint.get(p.of()).get(seed0).get(0).metrics(), m));
    }
    Standing next = o.perCombo().stream().filter(x -> x != o.winner() && !o.tied().contains(x)).findFirst()
        .orElse(null); // the best design not tied with the winner
    return Sensitivity.lines(results, o.winner(), next, o.baseline(), seed0);
  }

  /** Resolves {@code p}'s scenario under every condition on the first seed, running nothing. */
  private void check(Point p) {
    for (Condition k : settings.conditions()) {
      eval.check(p, k, settings.seed());
    }
  }

  /** Runs {@code p} on the seeds it has not run on. */
  private void completeSeeds(ExecutorService pool, Point p, String stage) {
    for (Long x : allSeeds()) {
      if (!byPoint.getOrDefault(p, Map.of()).containsKey(x)) {
        batch(pool, List.of(p), List.of(x), x == settings.seed() ? 1 : 2, stage);
      }
    }
  }

  private Standing standing(Point p) {
    return new Standing(p, bySeed(byPoint.getOrDefault(p, Map.of())), scoring);
  }

  /** The trials in seed order, each seed's in condition order. */
  private static List<Trial> bySeed(Map<Long, List<Trial>> runs) {
    List<Trial> out = new ArrayList<>();
    new java.util.TreeMap<>(runs).values().forEach(out::addAll);
    return out;
  }

  /** {@code p}'s score on the first seed over every condition, as the tuner scores a point. */
  private double firstSeedObjective(Point p) {
    return Tuner.objective(firstSeed(p).stream().map(Trial::metrics).toList(), settings.conditions(), scoring);
  }

  private List<Trial> firstSeed(Point p) {
    return byPoint.get(p).get(settings.seed());
  }

  private boolean finishedEverySeed(Point p) {
    Standing x = standing(p);
    return x.seeds() == settings.seeds() && x.unfinishedRuns() == 0;
  }

  /**
   * The weakest design at its defaults, other than the winner's, that finished every seed, running
   * the other seeds of rung-1 finishers, weakest first, while the budget lasts; null when none did.
   */
  private Point fallback(ExecutorService pool, List<Point> ranked, Point winner) {
    for (int i = ranked.size() - 1; i >= 0; i--) {
      Point p = ranked.get(i);
      if (p.combo().equals(winner.combo()) || firstSeed(p).stream().anyMatch(t -> !t.metrics().finished())) {
        continue;
      }
      int missing = c * (settings.seeds() - byPoint.get(p).size());
      if (missing > settings.budget() - trials.size()) {
        continue;
      }
      completeSeeds(pool, p, "baseline");
      if (finishedEverySeed(p)) {
        return p;
      }
    }
    return null;
  }

  /** The baseline for a winner: {@code lb=ecmp} with its congestion control and loss recovery, at their defaults. */
  static Point baselineOf(DesignCombo winner, List<DesignCombo> combos) {
    for (DesignCombo c : combos) {
      if (c.lb().equals(BASELINE_LB) && c.cc().equals(winner.cc()) && c.lr().equals(winner.lr())) {
        return Point.defaults(c);
      }
    }
    List<String> transport = winner.undeployable().stream().filter(w -> !w.startsWith("lb ")).toList();
    return Point.defaults(new DesignCombo(BASELINE_LB, winner.cc(), winner.lr(), List.of(), transport));
  }

  private List<Long> laterSeeds() {
    return allSeeds().subList(1, settings.seeds());
  }

  private List<Long> allSeeds() {
    List<Long> seeds = new ArrayList<>();
    for (int i = 0; i < settings.seeds(); i++) {
      seeds.add(settings.seed() + i);
    }
    return seeds;
  }

  /**
   * The best third of {@code ranked} on the first seed, and every later one whose CCT on it (over
   * the conditions, as the search ranks) is within {@link #SCREEN_TIE} of the best's: one seed
   * cannot tell those apart.
   */
  private List<Point> survivors(List<Point> ranked, long seed0) {
    Standing best = firstSeedStanding(ranked.get(0));
    List<Point> out = new ArrayList<>();
    for (int i = 0; i < ranked.size(); i++) {
      Standing m = firstSeedStanding(ranked.get(i));
      if (i < third(ranked.size()) || (best.unfinishedRuns() == 0 && m.unfinishedRuns() == 0
          && m.cctPs() <= best.cctPs() * (1 + SCREEN_TIE))) {
        out.add(ranked.get(i));
      }
    }
    return out;
  }

  private Standing firstSeedStanding(Point p) {
    return new Standing(p, firstSeed(p), scoring);
  }

  private static int third(int n) {
    return Math.max(1, (n + 2) / 3);
  }

  /**
   * Runs every point on every seed under every condition, in parallel, and records them in
   * point, seed, condition order.
   */
  private void batch(ExecutorService pool, List<Point> points, List<Long> seeds, int rung, String stage) {
    List<Future<Metrics>> futures = new ArrayList<>();
    for (Point p : points) {
      for (Long x : seeds) {
        for (Condition k : settings.conditions()) {
          futures.add(pool.submit(() -> eval.run(p, k, x)));
        }
      }
    }
    int i = 0;
    for (Point p : points) {
      for (Long x : seeds) {
        for (Condition k : settings.conditions()) {
          record(p, k, x, rung, stage, RunPool.await(futures.get(i++)));
        }
      }
    }
  }

  private void record(Point p, Condition k, long seed, int rung, String stage, Metrics m) {
    Trial t = new Trial(trials.size(), p, k, seed, rung, stage, m);
    trials.add(t);
    byPoint.computeIfAbsent(p, x -> new LinkedHashMap<>()).computeIfAbsent(seed, x -> new ArrayList<>()).add(t);
  }

  /** {@code points}, best first by the score over the seeds they ran. */
  private List<Point> rank(List<Point> points) {
    return points.stream().map(this::standing).sorted(ORDER).map(Standing::point).toList();
  }

  /** Every candidate that ran on every seed, best first. */
  private List<Standing> standings() {
    List<Standing> out = new ArrayList<>();
    byPoint.forEach((p, runs) -> {
      if (runs.size() == settings.seeds()) {
        out.add(standing(p));
      }
    });
    out.sort(ORDER);
    return out;
  }

  /** Unfinished runs last, then the score, the largest queue (each as the search ranks), the label. */
  static final Comparator<Standing> ORDER = Comparator.comparingInt((Standing x) -> x.unfinishedRuns() > 0 ? 1 : 0)
      .thenComparingDouble(Standing::score).thenComparingDouble(Standing::maxQueueBytes)
      .thenComparing(x -> x.point().label());
}
