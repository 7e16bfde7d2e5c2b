package org.lbsim.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.lbsim.experiment.ResultStore;
import org.lbsim.experiment.Sweep;
import org.lbsim.results.ResultFolder;

/**
 * The driver's side of a Spark sweep: takes each run's output as its task's result arrives and
 * makes it durable exactly as the local sweep does — the run's folder first (written whole into a
 * temporary folder and renamed into place, with the scenario key), then its line in the store,
 * forced to disk. A run the store already holds with the same scenario key is ignored, so a second
 * delivery of the same run (a resubmitted job, a retried or speculative attempt) can never add a
 * second line.
 */
final class ResultSink {
  private final ResultStore store;
  private final Path outDir;
  private final Sweep.Listener listener;
  private final int toRun;
  private int finished;

  ResultSink(ResultStore store, Path outDir, Sweep.Listener listener, int toRun) {
    this.store = store;
    this.outDir = outDir;
    this.listener = listener;
    this.toRun = toRun;
  }

  /**
   * Records one run; returns false (and writes nothing) if the store already holds it as a run
   * of the same scenario (the same run name and scenario key).
   */
  synchronized boolean accept(RunOutput o) {
    String key = (String) o.line().get("key");
    if (store.contains(o.run(), key)) {
      return false;
    }
    ResultFolder.replace(Sweep.runFolder(outDir, o.run()), key, dir -> {
      for (Map.Entry<String, byte[]> f : o.files().entrySet()) {
        Files.write(dir.resolve(f.getKey()), f.getValue());
      }
    });
    store.append(o.line());
    finished++;
    listener.finished(o.run(), finished, toRun);
    return true;
  }
}
