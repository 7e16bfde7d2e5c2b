package org.lbsim.spark;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.lbsim.experiment.GridFile;
import org.lbsim.experiment.ResultStore;
import org.lbsim.experiment.Sweep;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.ScenarioException;
import scala.collection.Iterator;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * A grid sweep as one Spark job: one partition, hence one task, per run not yet in the store.
 *
 * <p>Where results are written: tasks return their run's output to the driver, and a result
 * handler on the driver ({@code SparkContext.runJob} with a handler, called once per finished
 * partition, as it finishes) writes it to the store before the next result is handled. So:
 * <ul>
 *   <li>every run the driver has received is on disk; if the driver dies, the store holds
 *       every run received before that instant (plus at most a torn last line, which the next
 *       sweep cuts off and re-runs);</li>
 *   <li>runs still executing, or finished on an executor but not yet received, are not in the
 *       store and are run again when the same command is repeated — the store skips every run
 *       it holds with the same scenario key, exactly like a local sweep;</li>
 *   <li>Spark hands the handler one result per partition, whichever attempt (retry or
 *       speculative copy) succeeds first; the sink also refuses a run that is already stored.</li>
 * </ul>
 * Executors write nothing outside their own scratch folder, so they need no shared file system.
 */
final class SparkSweepJob {
  private SparkSweepJob() {}

  /** What a job has to do: the store (already open) and the runs not yet in it, in grid order. */
  record Plan(String grid, ResultStore store, List<RunTask> todo, int total, int changed) {}

  /**
   * As {@link #plan(GridFile, List, Path, Set, Catalog, List)} with the built-in designs only.
   */
  static Plan plan(GridFile g, List<String> extra, Path outDir, Set<String> failFirstAttempt) {
    return plan(g, extra, outDir, failFirstAttempt, Catalog.builtIn(), List.of());
  }

  /**
   * Validates every run of {@code g} (before any Spark resource is asked for), opens the store
   * in {@code outDir} and lists the runs it does not hold yet.
   *
   * @param failFirstAttempt run names whose first attempt throws (fault injection; empty normally)
   * @param catalog the designs the runs choose from (the driver's: built-in plus plug-ins)
   * @param plugins the file names of the plug-in jars shipped to the executors, in load order
   */
  static Plan plan(GridFile g, List<String> extra, Path outDir, Set<String> failFirstAttempt, Catalog catalog,
      List<String> plugins) {
    List<Sweep.Run> runs = Sweep.runs(g, extra, catalog);
    Set<String> unknown = new HashSet<>(failFirstAttempt);
    runs.forEach(r -> unknown.remove(r.name()));
    if (!unknown.isEmpty()) {
      throw new ScenarioException(List.of(SparkSweep.FAIL_FIRST_ATTEMPT + ": no such run in " + g.source() + ": "
          + String.join(", ", unknown.stream().sorted().toList()) + " (allowed: run names as in runs/<run>/)"));
    }
    Sweep.checkFolders(runs, outDir);
    ResultStore store = ResultStore.open(outDir);
    Sweep.Plan p = Sweep.plan(runs, store);
    List<RunTask> todo = new ArrayList<>();
    for (Sweep.Run r : p.todo()) {
      todo.add(RunTask.of(g, r.point(), r.key(), extra, failFirstAttempt.contains(r.name()), plugins));
    }
    return new Plan(g.name(), store, todo, runs.size(), p.changed());
  }

  /** Runs the plan's runs on {@code sc}, one task each, recording each as its result arrives. */
  static void run(JavaSparkContext sc, Plan plan, Path outDir, Sweep.Listener listener) {
    List<RunTask> todo = plan.todo();
    if (todo.isEmpty()) {
      return;
    }
    ResultSink sink = new ResultSink(plan.store(), outDir, listener, todo.size());
    JavaRDD<RunTask> runs = sc.parallelize(todo, todo.size()); // one run per partition
    sc.setJobDescription("lbsim sweep " + plan.grid() + ": " + todo.size() + " runs");
    @SuppressWarnings({"unchecked", "rawtypes"})
    ClassTag<ArrayList<RunOutput>> tag = (ClassTag) ClassTag$.MODULE$.apply(ArrayList.class);
    sc.sc().runJob(runs.rdd(), new RunPartition(), new Deliver(sink), tag);
  }

  /** Executor side: runs the partition's run(s); the attempt number drives fault injection. */
  private static final class RunPartition extends AbstractFunction2<TaskContext, Iterator<RunTask>, ArrayList<RunOutput>>
      implements Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public ArrayList<RunOutput> apply(TaskContext ctx, Iterator<RunTask> tasks) {
      ArrayList<RunOutput> out = new ArrayList<>();
      while (tasks.hasNext()) {
        out.add(tasks.next().execute(ctx.attemptNumber()));
      }
      return out;
    }
  }

  /** Driver side: called by Spark once per partition as its result arrives. */
  private static final class Deliver extends AbstractFunction2<Object, ArrayList<RunOutput>, BoxedUnit> {
    private final ResultSink sink;

    Deliver(ResultSink sink) {
      this.sink = sink;
    }

    @Override
    public BoxedUnit apply(Object partition, ArrayList<RunOutput> outputs) {
      for (RunOutput o : outputs) {
        sink.accept(o);
      }
      return BoxedUnit.UNIT;
    }
  }
}
