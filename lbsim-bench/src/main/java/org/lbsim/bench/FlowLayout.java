package org.lbsim.bench;

import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.lbsim.engine.Simulator;
import org.lbsim.lb.FlowInfo;
import org.lbsim.scenario.PreparedRun;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;
import org.lbsim.transport.Transport;
import org.openjdk.jol.vm.VM;

/**
 * Where one flow's objects lie in the heap, as the run left them: its sender, receiver and the
 * components they own (congestion control, loss recovery, RTT estimator, path policy, random
 * streams, arrays), each with its size and its offset from the sender.
 *
 * <p>Why: a large run's per-flow state does not fit in the cache, and what a visit to a flow
 * costs depends on whether its objects lie together (one block, neighbouring lines) and on how
 * many dependent loads reach them. The copying collectors decide the placement, not the code, so
 * it has to be looked at (docs/performance.md, "Where the time goes").
 *
 * <pre>
 * java -cp lbsim-bench/target/benchmarks.jar org.lbsim.bench.FlowLayout [--set k=v]... [--at-us T] [--flow N]... SCENARIO
 * </pre>
 *
 * The run is prepared as {@code lbsim run} prepares it, run for {@code T} simulated microseconds
 * (default 100: after the setup's young collections), and the flows asked for (default 0, 1 and
 * the last) are printed. Objects a flow shares with another flow of other hosts (the transport's
 * settings, a design's shared tables) and the fabric's objects (hosts, ports, simulator) are
 * not the flow's and are left out. JOL may first print a warning that it could not attach an
 * agent to this JVM; addresses and sizes do not need one.
 */
public final class FlowLayout {
  private FlowLayout() {}

  /** One object of a flow: the field path that reaches it, its size and address. */
  record Piece(String path, String type, long address, long bytes) {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the report; returns the exit status (2 = bad arguments, nothing run). */
  static int run(String[] args, PrintStream out, PrintStream err) {
    List<String> extra = new ArrayList<>();
    List<Integer> flows = new ArrayList<>();
    long atUs = 100;
    MacroScenario scenario = null;
    try {
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--set" -> extra.add(next(args, ++i, "--set needs key=value"));
          case "--at-us" -> atUs = nonNegative(next(args, ++i, "--at-us needs a time in microseconds"), "--at-us");
          case "--flow" -> flows.add((int) nonNegative(next(args, ++i, "--flow needs a flow id"), "--flow"));
          default -> {
            scenario = MacroScenarios.find(args[i]);
            if (scenario == null) {
              throw new IllegalArgumentException("unknown scenario or option '" + args[i]
                  + "'; the scenarios are listed by MacroBenchmark --list");
            }
          }
        }
      }
      if (scenario == null) {
        throw new IllegalArgumentException("no scenario given");
      }
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      err.println("usage: FlowLayout [--set key=value]... [--at-us T] [--flow N]... SCENARIO");
      return 2;
    }
    PreparedRun run;
    try {
      run = ScenarioRunner.prepare(ScenarioReader.fromText("", "macro", null, scenario.name(),
          scenario.overridesWith(extra)));
    } catch (ScenarioException e) {
      err.println("error: " + e.getMessage());
      return 2;
    }
    Object[] senders = senders(run.transport());
    if (flows.isEmpty()) {
      // the first two and the last, once each in a scenario of one or two flows
      flows.addAll(new java.util.LinkedHashSet<>(List.of(0, Math.min(1, senders.length - 1), senders.length - 1)));
    }
    for (int f : flows) {
      if (f >= senders.length) {
        err.println("error: --flow " + f + ": the scenario has flows 0.." + (senders.length - 1));
        return 2;
      }
    }
    run.start();
    run.simulator().run(atUs * Simulator.PS_PER_US);
    out.printf("%s after %d us of simulated time (%,d events); %s %s, collectors %s%n", scenario.name(), atUs,
        run.simulator().eventsRun(), System.getProperty("java.vm.name"), Runtime.version(), collectors());
    for (int f : flows) {
      List<Piece> pieces = pieces(senders, f);
      print(out, f, pieces);
    }
    return 0;
  }

  /** The objects flow {@code f} owns, reached from its sender (each by its shortest field path), in address order. */
  static List<Piece> pieces(Object[] senders, int f) {
    List<Piece> pieces = new ArrayList<>();
    owned(senders, f).forEach((o, path) ->
        pieces.add(new Piece(path, o.getClass().getSimpleName(), VM.current().addressOf(o), VM.current().sizeOf(o))));
    pieces.sort(Comparator.comparingLong(Piece::address));
    return pieces;
  }

  /**
   * The objects flow {@code f} owns, each with the field path that first reached it from its
   * sender: what its sender reaches, less what a flow of other hosts reaches too.
   */
  static IdentityHashMap<Object, String> owned(Object[] senders, int f) {
    Set<Object> shared = Collections.newSetFromMap(new IdentityHashMap<>());
    shared.addAll(reach(senders[other(senders, f)], Set.of()).keySet());
    return reach(senders[f], shared);
  }

  private static final int DEPTH = 4;

  /**
   * The per-flow parts reachable from {@code sender} within {@link #DEPTH} fields, breadth first,
   * leaving out {@code shared}: each with the field path that first reached it.
   */
  private static IdentityHashMap<Object, String> reach(Object sender, Set<Object> shared) {
    IdentityHashMap<Object, String> seen = new IdentityHashMap<>();
    seen.put(sender, "sender");
    ArrayDeque<Object> todo = new ArrayDeque<>(List.of(sender));
    while (!todo.isEmpty()) {
      Object o = todo.poll();
      String path = seen.get(o);
      if (path.chars().filter(c -> c == '.').count() == DEPTH || !ownsFields(o)) {
        continue;
      }
      for (Field field : fields(o.getClass())) {
        Object v = value(field, o);
        if (v != null && isFlowPart(v) && !shared.contains(v) && !seen.containsKey(v)) {
          seen.put(v, path + "." + field.getName());
          todo.add(v);
        }
      }
    }
    return seen;
  }

  /** A flow whose hosts differ from {@code f}'s, so that what both reach is shared by design, not by a host. */
  private static int other(Object[] senders, int f) {
    FlowInfo mine = (FlowInfo) senders[f];
    for (int i = 0; i < senders.length; i++) {
      FlowInfo o = (FlowInfo) senders[i];
      if (i != f && o.src() != mine.src() && o.dst() != mine.dst() && o.src() != mine.dst() && o.dst() != mine.src()) {
        return i;
      }
    }
    return f == 0 ? Math.min(1, senders.length - 1) : 0;
  }

  /** lbsim's own objects are walked into; the JDK's (random streams, arrays) are leaves. */
  private static boolean ownsFields(Object o) {
    return o.getClass().getName().startsWith("org.lbsim.");
  }

  /** Per-flow parts: lbsim's transport and load-balancing objects, random streams and arrays; not the fabric. */
  private static boolean isFlowPart(Object v) {
    if (v.getClass().isArray()) {
      return true;
    }
    String n = v.getClass().getName();
    if (n.equals("java.util.SplittableRandom") || n.equals("org.lbsim.engine.SplitMix")) {
      return true;
    }
    if (v instanceof Transport) {
      return false;
    }
    return n.startsWith("org.lbsim.transport.") || n.startsWith("org.lbsim.lb.");
  }

  private static List<Field> fields(Class<?> c) {
    List<Field> all = new ArrayList<>();
    for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
      for (Field f : k.getDeclaredFields()) {
        if (!Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()) {
          all.add(f);
        }
      }
    }
    return all;
  }

  private static Object value(Field f, Object o) {
    try {
      f.setAccessible(true);
      return f.get(o);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null; // a field this report cannot read is not followed
    }
  }

  private static Object field(Object o, String name) {
    for (Class<?> k = o.getClass(); k != null; k = k.getSuperclass()) {
      try {
        Field f = k.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(o);
      } catch (NoSuchFieldException e) {
        // declared higher up
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("cannot read " + name + " of " + o.getClass().getName(), e);
      }
    }
    throw new IllegalStateException(o.getClass().getName() + " has no field " + name);
  }

  static Object[] senders(Transport t) {
    return (Object[]) field(t, "senders");
  }

  private static void print(PrintStream out, int flow, List<Piece> pieces) {
    long sender = pieces.stream().filter(p -> p.path().equals("sender")).findFirst().orElseThrow().address();
    long lo = pieces.get(0).address();
    long hi = pieces.stream().mapToLong(p -> p.address() + p.bytes()).max().orElse(lo);
    long bytes = pieces.stream().mapToLong(Piece::bytes).sum();
    long lines = pieces.stream().flatMapToLong(p -> java.util.stream.LongStream.rangeClosed(p.address() >>> 6,
        (p.address() + p.bytes() - 1) >>> 6)).distinct().count();
    out.printf("%nflow %d: %d objects, %d bytes, spanning %d bytes (%d cache lines)%n", flow, pieces.size(), bytes,
        hi - lo, lines);
    out.printf("  %8s %6s  %s%n", "offset", "bytes", "object");
    for (Piece p : pieces) {
      out.printf("  %8d %6d  %s (%s)%n", p.address() - sender, p.bytes(), p.path(), p.type());
    }
  }

  private static String collectors() {
    List<String> names = new ArrayList<>();
    for (java.lang.management.GarbageCollectorMXBean b : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
      names.add(b.getName());
    }
    return String.join(", ", names);
  }

  private static String next(String[] args, int i, String message) {
    if (i >= args.length) {
      throw new IllegalArgumentException(message);
    }
    return args[i];
  }

  private static long nonNegative(String text, String option) {
    try {
      long v = Long.parseLong(text);
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(option + " must be a whole number >= 0, got '" + text + "'");
  }
}
