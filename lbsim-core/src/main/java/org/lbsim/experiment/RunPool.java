package org.lbsim.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Threads for runs going at once (each run is single-threaded): daemon threads, so a run still
 * going when another one failed never keeps the process alive, and waiting that rethrows what a
 * run threw as it was thrown.
 */
public final class RunPool {
  private RunPool() {}

  /** A pool of {@code threads} (at least one) daemon threads named {@code lbsim-run}. */
  public static ExecutorService open(int threads) {
    return Executors.newFixedThreadPool(Math.max(1, threads), r -> {
      Thread t = new Thread(r, "lbsim-run");
      t.setDaemon(true);
      return t;
    });
  }

  /** The run's outcome; an unchecked exception or error it threw is rethrown as it is. */
  public static <T> T await(Future<T> run) {
    try {
      return run.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a run", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      if (cause instanceof IOException io) {
        throw new UncheckedIOException(io);
      }
      throw new IllegalStateException(cause);
    }
  }
}
