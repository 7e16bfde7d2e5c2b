package org.lbsim.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.lbsim.experiment.ResultStore;
import org.lbsim.experiment.Sweep;

/**
 * The driver's side of a Spark sweep: takes each run's output as its task's result arrives and
 * makes it durable exactly as the local sweep does — the run's files first (each written to a
 * temporary name and moved into place), then its line in the store, forced to disk. A run whose
 * key is already in the store is ignored, so a second delivery of the same run (a resubmitted
 * job, a retried or speculative attempt) can never add a second line.
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

  /** Records one run; returns false (and writes nothing) if its key is already in the store. */
  synchronized boolean accept(RunOutput o) {
    if (store.contains(o.run())) {
      return false;
    }
    Path dir = outDir.resolve("runs").resolve(o.run());
    try {
      Files.createDirectories(dir);
      for (Map.Entry<String, byte[]> f : o.files().entrySet()) {
        Path target = dir.resolve(f.getKey());
        Path tmp = target.resolveSibling(f.getKey() + ".tmp");
        Files.write(tmp, f.getValue());
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write results to " + dir + ": " + e.getMessage(), e);
    }
    store.append(o.line());
    finished++;
    listener.finished(o.run(), finished, toRun);
    return true;
  }
}
