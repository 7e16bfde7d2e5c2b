package org.lbsim.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One run split into partitions, each a {@link Simulator} of its own, run on one or more threads
 * by conservative windows (Chandy–Misra–Bryant's lookahead, synchronized by barriers rather than
 * null messages): a partition reaches another only through a {@link Channel}, whose events lie at
 * least {@code lookaheadPs} after the moment they are posted, so every partition may run the
 * events of a window of that length without waiting. Windows lie on a fixed grid, [k·lookahead,
 * (k + 1)·lookahead), and the next one run is the one that holds the run's earliest pending
 * event; at its end the channels hand their events to their destinations.
 *
 * <p><b>The same result for every thread count and partitioning.</b> Events of one picosecond
 * run by band, rank and scheduling order ({@link EventQueue}); the windows are a fixed grid, so
 * neither the split nor an observer's own events (a sampler's, say) moves them; and a model keeps its partitions' state apart and gives
 * every channel's events a rank of their own (a cable's far end, say), whose events arrive in
 * time order, so that no two events of one rank and picosecond come from two places. A
 * {@link Simulator#stop()} takes effect at the end of its window, in every partition. The
 * simulator checks the lookahead of every posted event; the rest is the model's contract.
 *
 * <p>Nothing is shared between partitions while a window runs: each channel's buffer is written by
 * its source partition only, and handed over by the thread that closes the window while the others wait.
 */
public final class PartitionedSimulator {
  private final Simulator[] parts;
  private final long lookaheadPs;
  private final Channel[][] channels; // [from][to], made on first use
  private long windowEndPs = -1; // the last window's end: every event at or before it has run
  private long windows;
  private long checkEvery;
  private long checkAt = Long.MAX_VALUE; // eventsRun() at or after which the check runs next
  private Runnable check; // null: none
  private Runnable afterWindow; // null: none
  private long[] busyNanos = new long[0]; // per thread of the last run on threads: time spent running windows

  /**
   * @param seed the run's seed: every partition's {@link Simulator#random()} derives the same
   *     named streams from it, so a component draws the same numbers in whichever partition it is
   * @param partitions partitions, at least 1
   * @param lookaheadPs the least delay of any event posted to another partition, at least 1 ps
   */
  public PartitionedSimulator(long seed, int partitions, long lookaheadPs) {
    if (partitions < 1) {
      throw new IllegalArgumentException("a run needs at least one partition, got " + partitions);
    }
    if (lookaheadPs < 1) {
      throw new IllegalArgumentException("the lookahead must be at least 1 ps, got " + lookaheadPs);
    }
    this.parts = new Simulator[partitions];
    for (int i = 0; i < partitions; i++) {
      parts[i] = new Simulator(seed);
    }
    this.lookaheadPs = lookaheadPs;
    this.channels = new Channel[partitions][partitions];
  }

  public int partitions() {
    return parts.length;
  }

  public Simulator partition(int i) {
    return parts[i];
  }

  public long lookaheadPs() {
    return lookaheadPs;
  }

  /** Events run so far, in every partition. */
  public long eventsRun() {
    long n = 0;
    for (Simulator s : parts) {
      n += s.eventsRun();
    }
    return n;
  }

  /**
   * Wall time each thread spent running its partitions' windows (not waiting at the barrier), in
   * nanoseconds, over the calls of {@link #run} on that many threads; empty when none ran on more than one.
   * A measure of the machine, not of the run: it differs from one run to the next.
   */
  public long[] busyNanos() {
    return busyNanos.clone();
  }

  /** Windows run so far. */
  public long windows() {
    return windows;
  }

  /** The end of the last window: every event at or before it has run. */
  public long windowEndPs() {
    return windowEndPs;
  }

  /**
   * Calls {@code check} at the end of the first window after every {@code everyEvents} events (in
   * all partitions together), on one thread while no partition runs, so that a long run can report
   * progress; the check must not schedule or change anything the run uses. Null removes it.
   */
  public void everyEvents(long everyEvents, Runnable check) {
    if (check != null && everyEvents <= 0) {
      throw new IllegalArgumentException("a check needs a positive number of events, got " + everyEvents);
    }
    this.check = check;
    this.checkEvery = everyEvents;
    this.checkAt = check == null ? Long.MAX_VALUE : eventsRun() + everyEvents;
  }

  /**
   * Calls {@code action} at the end of every window, after the channels are handed over, on one
   * thread while no partition runs: an observer that gathers what the partitions saw (a sampler)
   * may read and schedule there. Null removes it.
   */
  public void afterEachWindow(Runnable action) {
    this.afterWindow = action;
  }

  /** After a window: the progress check, when its events have run. */
  private void checkIfDue() {
    if (check != null) {
      long n = eventsRun();
      if (n >= checkAt) {
        checkAt = n + checkEvery;
        check.run();
      }
    }
  }

  /** The channel from partition {@code from} to partition {@code to} (another one). */
  public Channel channel(int from, int to) {
    if (from == to) {
      throw new IllegalArgumentException("partition " + from + " schedules its own events directly, not through a channel");
    }
    Channel c = channels[from][to];
    if (c == null) {
      c = new Channel(parts[from], lookaheadPs);
      channels[from][to] = c;
    }
    return c;
  }

  /**
   * Runs windows until no event is pending, a partition asked to stop (at the end of the window
   * it asked in), or the next event lies after {@code untilPs}; on {@code threads} threads (1 runs
   * every partition on the caller's). Returns true if it ended because no event is pending.
   */
  public boolean run(long untilPs, int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("a run needs at least one thread, got " + threads);
    }
    for (Simulator s : parts) {
      s.clearStop();
    }
    int workers = Math.min(threads, parts.length);
    return workers == 1 ? runOnCaller(untilPs) : runOnThreads(untilPs, workers);
  }

  private boolean runOnCaller(long untilPs) {
    while (true) {
      long end = nextWindowEnd(untilPs);
      if (end < 0) {
        return end == NONE_PENDING;
      }
      for (Simulator s : parts) {
        s.runWindow(end);
      }
      for (int to = 0; to < parts.length; to++) {
        deliverTo(to);
      }
      if (afterWindow != null) {
        afterWindow.run();
      }
      windowEndPs = end;
      windows++;
      checkIfDue();
      if (stopRequested()) {
        return false;
      }
    }
  }

  private static final long NONE_PENDING = -1;
  private static final long BEYOND_LIMIT = -2;

  /** The next window's last picosecond, or NONE_PENDING / BEYOND_LIMIT. */
  private long nextWindowEnd(long untilPs) {
    long first = Long.MAX_VALUE;
    for (Simulator s : parts) {
      first = Math.min(first, s.nextEventPs());
    }
    if (first == Long.MAX_VALUE) {
      return NONE_PENDING;
    }
    if (first > untilPs) {
      for (Simulator s : parts) {
        s.runWindow(untilPs); // moves the clocks to the limit, as Simulator.run does
      }
      return BEYOND_LIMIT;
    }
    long k = first / lookaheadPs; // the grid's window that holds the first event
    long end = k >= Long.MAX_VALUE / lookaheadPs - 1 ? Long.MAX_VALUE : (k + 1) * lookaheadPs - 1;
    return Math.min(untilPs, end);
  }

  private boolean stopRequested() {
    boolean stop = false;
    for (Simulator s : parts) {
      stop |= s.stopRequested();
    }
    return stop;
  }

  /** Hands partition {@code to} what every other partition posted to it, source by source. */
  private void deliverTo(int to) {
    for (int from = 0; from < parts.length; from++) {
      Channel c = channels[from][to];
      if (c != null) {
        c.deliver(parts[to]);
      }
    }
  }

  private boolean runOnThreads(long untilPs, int workers) {
    long[] end = {nextWindowEnd(untilPs)};
    if (end[0] < 0) {
      return end[0] == NONE_PENDING;
    }
    boolean[] finished = {false, false}; // done, drained
    AtomicReference<Throwable> failure = new AtomicReference<>();
    if (busyNanos.length != workers) {
      busyNanos = new long[workers];
    }
    long[] busy = busyNanos;
    // run by the last worker to finish the window, while the others wait: hand the channels over,
    // let the observer gather, then choose the next window (or finish)
    WindowBarrier barrier = new WindowBarrier(workers, () -> {
      guarded(failure, () -> {
        for (int to = 0; to < parts.length; to++) {
          deliverTo(to);
        }
        if (afterWindow != null) {
          afterWindow.run();
        }
        windowEndPs = end[0];
        windows++;
        checkIfDue();
      });
      if (failure.get() != null || stopRequested()) {
        finished[0] = true;
        return;
      }
      end[0] = nextWindowEnd(untilPs);
      if (end[0] < 0) {
        finished[0] = true;
        finished[1] = end[0] == NONE_PENDING;
      }
    });
    List<Thread> pool = new ArrayList<>();
    for (int w = 0; w < workers; w++) {
      int worker = w;
      Runnable work = () -> {
        while (true) {
          long t0 = System.nanoTime();
          guarded(failure, () -> {
            for (int p = worker; p < parts.length; p += workers) {
              parts[p].runWindow(end[0]);
            }
          });
          busy[worker] += System.nanoTime() - t0;
          barrier.await();
          if (finished[0]) {
            return;
          }
        }
      };
      pool.add(new Thread(work, "lbsim-partition-worker-" + worker));
    }
    pool.forEach(Thread::start);
    for (Thread t : pool) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while the run's partitions were running", e);
      }
    }
    Throwable f = failure.get();
    if (f instanceof RuntimeException r) {
      throw r;
    }
    if (f instanceof Error e) {
      throw e;
    }
    if (f != null) {
      throw new IllegalStateException("a partition's thread failed", f);
    }
    return finished[1];
  }

  /** Runs {@code work}; a failure is kept for the caller and the worker goes on to the barrier, which ends the run. */
  private static void guarded(AtomicReference<Throwable> failure, Runnable work) {
    if (failure.get() != null) {
      return;
    }
    try {
      work.run();
    } catch (RuntimeException | Error e) {
      failure.compareAndSet(null, e);
    }
  }

  /**
   * Events one partition posts to another: at least the lookahead after the source's clock,
   * buffered until the window ends, then scheduled in the destination in the order posted.
   */
  public static final class Channel {
    private final Simulator source;
    private final long lookaheadPs;
    private long[] time = new long[16];
    private long[] arg = new long[16];
    private int[] kind = new int[16];
    private EventTarget[] target = new EventTarget[16];
    private Object[] payload = new Object[16];
    private int size;

    Channel(Simulator source, long lookaheadPs) {
      this.source = source;
      this.lookaheadPs = lookaheadPs;
    }

    /** Schedules {@code target.onEvent(kind, arg)} at {@code atPs} in the destination partition. */
    public void post(long atPs, EventTarget target, int kind, long arg) {
      add(atPs, target, kind, arg, null);
    }

    /**
     * As {@link #post(long, EventTarget, int, long)}, handing {@code payload} to {@code target}
     * ({@link Inbox#accept}) when the event is scheduled there.
     */
    public void post(long atPs, Inbox target, int kind, long arg, Object payload) {
      add(atPs, target, kind, arg, payload);
    }

    private void add(long atPs, EventTarget target, int kind, long arg, Object payload) {
      long earliest = source.now() + lookaheadPs;
      if (atPs < earliest) {
        throw new IllegalStateException("an event posted to another partition at " + atPs + " ps lies less than the "
            + "lookahead (" + lookaheadPs + " ps) after now (" + source.now() + " ps)");
      }
      if (size == time.length) {
        grow();
      }
      this.time[size] = atPs;
      this.arg[size] = arg;
      this.kind[size] = kind;
      this.target[size] = target;
      this.payload[size] = payload;
      size++;
    }

    void deliver(Simulator destination) {
      for (int i = 0; i < size; i++) {
        if (payload[i] != null) {
          ((Inbox) target[i]).accept(payload[i]);
          payload[i] = null;
        }
        destination.schedule(time[i], target[i], kind[i], arg[i]);
        target[i] = null;
      }
      size = 0;
    }


    private void grow() {
      int c = time.length * 2;
      time = java.util.Arrays.copyOf(time, c);
      arg = java.util.Arrays.copyOf(arg, c);
      kind = java.util.Arrays.copyOf(kind, c);
      target = java.util.Arrays.copyOf(target, c);
      payload = java.util.Arrays.copyOf(payload, c);
    }
  }
}
