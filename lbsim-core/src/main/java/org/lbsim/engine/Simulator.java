package org.lbsim.engine;

/**
 * The simulated clock and its event loop. One per run; nothing is static, so runs on different
 * threads never interfere.
 *
 * <p>Time is a {@code long} count of picoseconds (2^63 ps is about 106 days).
 */
public final class Simulator {
  public static final long PS_PER_NS = 1_000L;
  public static final long PS_PER_US = 1_000_000L;
  public static final long PS_PER_MS = 1_000_000_000L;

  /**
   * Default calendar: 256 ps buckets (a 100 Gb/s port serializes about 32 bytes in that time), a
   * ring of 8192 of them covers the next 2.1 us, which holds the link deliveries (1 us ahead) and
   * serialization ends of the fabrics we simulate; pacing slots further out wait in the overflow.
   */
  static final int BUCKET_SHIFT = 8;

  static final int BUCKETS = 1 << 13;

  private final EventQueue queue;
  private final RandomStreams random;
  private long now;
  private long eventsRun;
  private boolean stopRequested;
  private long checkEvery;
  private long checkAt = Long.MAX_VALUE; // eventsRun at which check runs next
  private Runnable check; // null: none

  public Simulator(long seed) {
    this(seed, new CalendarQueue(BUCKET_SHIFT, BUCKETS, 1 << 12));
  }

  /** A simulator on a given (empty) event queue: for benchmarks and tests of the queues. */
  public Simulator(long seed, EventQueue queue) {
    if (!queue.isEmpty()) {
      throw new IllegalArgumentException("the event queue must start empty, it holds " + queue.size() + " events");
    }
    this.random = new RandomStreams(seed);
    this.queue = queue;
  }

  public long now() {
    return now;
  }

  public RandomStreams random() {
    return random;
  }

  public long eventsRun() {
    return eventsRun;
  }

  /** Schedules {@code target.onEvent(kind, arg)} at absolute time {@code at} (not in the past). */
  public void schedule(long at, EventTarget target, int kind, long arg) {
    if (at < now) {
      throw new IllegalStateException("event scheduled in the past: " + at + " ps < now " + now + " ps");
    }
    queue.add(at, target, kind, arg);
  }

  /**
   * Like {@link #schedule}, but the event runs before every ordinary event of the same
   * picosecond. Ports use it for "transmitter free": a transmitter that frees at the instant a
   * packet arrives takes the head of its queue first, a fixed rule rather than an accident of
   * scheduling order, which lets a port compute departures on arrival (see EgressPort).
   */
  public void scheduleFirst(long at, EventTarget target, int kind, long arg) {
    if (at < now) {
      throw new IllegalStateException("event scheduled in the past: " + at + " ps < now " + now + " ps");
    }
    queue.addFirst(at, target, kind, arg);
  }

  public void scheduleIn(long delay, EventTarget target, int kind, long arg) {
    schedule(now + delay, target, kind, arg);
  }

  /**
   * Calls {@code check} after every {@code everyEvents}-th event {@link #run} runs, so that a long
   * run can report progress at the cost of one comparison per event; the check must not schedule
   * or change anything the run uses. Null removes it.
   */
  public void everyEvents(long everyEvents, Runnable check) {
    if (check != null && everyEvents <= 0) {
      throw new IllegalArgumentException("a check needs a positive number of events, got " + everyEvents);
    }
    this.check = check;
    this.checkEvery = everyEvents;
    this.checkAt = check == null ? Long.MAX_VALUE : eventsRun + everyEvents;
  }

  /** Asks the loop to return after the current event. */
  public void stop() {
    stopRequested = true;
  }

  /**
   * Runs events in time order until none is left, {@link #stop()} is called, or the next event
   * is later than {@code untilPs}. Returns true if it ended because the queue is empty.
   */
  public boolean run(long untilPs) {
    stopRequested = false;
    while (!queue.isEmpty() && !stopRequested) {
      if (queue.peekTime() > untilPs) {
        now = Math.max(now, untilPs);
        return false;
      }
      queue.pollAndRun(this);
      if (++eventsRun == checkAt) {
        checkAt += checkEvery;
        check.run();
      }
    }
    return queue.isEmpty();
  }

  /**
   * Runs every event at or before {@code endPs}, one window of a {@link PartitionedSimulator}: a
   * {@link #stop()} during it is recorded ({@link #stopRequested()}) but does not end the window,
   * so that a stop takes effect at the same point however the run is split. Leaves the clock at
   * {@code endPs}.
   */
  void runWindow(long endPs) {
    while (!queue.isEmpty() && queue.peekTime() <= endPs) {
      queue.pollAndRun(this);
      eventsRun++;
    }
    now = Math.max(now, endPs);
  }

  /** Whether {@link #stop()} was called since the flag was last cleared. */
  boolean stopRequested() {
    return stopRequested;
  }

  void clearStop() {
    stopRequested = false;
  }

  /** The earliest pending event's time, or Long.MAX_VALUE when none is pending. */
  long nextEventPs() {
    return queue.isEmpty() ? Long.MAX_VALUE : queue.peekTime();
  }

  void advanceTo(long t) {
    now = t;
  }
}
