package org.lbsim.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.lbsim.scenario.ScenarioException;

/**
 * Macro benchmark: whole scenarios, timed end to end in this JVM (not JMH: one run of the bar
 * scenario takes minutes, and what matters is the wall time a user waits).
 *
 * <pre>
 * java -cp lbsim-bench/target/benchmarks.jar org.lbsim.bench.MacroBenchmark [--repeat N] [--set k=v]... all|NAME...
 * java -cp lbsim-bench/target/benchmarks.jar org.lbsim.bench.MacroBenchmark --list
 * </pre>
 *
 * With {@code --repeat N} every scenario runs N times and the wall times reported are medians;
 * the simulated results must be identical across repeats (runs are deterministic).
 */
public final class MacroBenchmark {
  private MacroBenchmark() {}

  public static void main(String[] args) {
    int repeat = 1;
    List<String> extra = new ArrayList<>();
    List<MacroScenario> chosen = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--list" -> {
          list();
          return;
        }
        case "-h", "--help" -> {
          usage();
          return;
        }
        case "--repeat" -> repeat = positiveInt(args, ++i);
        case "--set" -> extra.add(value(args, ++i, "--set needs key=value"));
        case "all" -> chosen.addAll(MacroScenarios.all());
        default -> {
          MacroScenario s = MacroScenarios.find(a);
          if (s == null) {
            fail("unknown scenario or option '" + a + "'; run with --list for the scenarios");
          }
          chosen.add(s);
        }
      }
    }
    if (chosen.isEmpty()) {
      usage();
      System.exit(2);
    }
    System.out.println(Machine.describe());
    System.out.println("load average at start: " + Machine.loadAverage());
    System.out.println();
    List<String[]> rows = new ArrayList<>();
    for (MacroScenario s : chosen) {
      rows.add(runOne(s, extra, repeat));
    }
    printTable(rows, repeat);
  }

  private static String[] runOne(MacroScenario s, List<String> extra, int repeat) {
    System.out.println("== " + s.name() + ": " + s.description());
    System.out.println("   overrides: " + String.join(" ", s.overridesWith(extra)));
    long[] whole = new long[repeat];
    long[] setup = new long[repeat];
    long[] sim = new long[repeat];
    MacroRun last = null;
    List<MacroRun> runs = new ArrayList<>();
    for (int i = 0; i < repeat; i++) {
      MacroRun r;
      try {
        r = MacroRun.measure(s, extra);
      } catch (ScenarioException e) {
        fail(String.join(System.lineSeparator(), e.problems()));
        return null;
      }
      if (last != null && (r.events() != last.events() || r.cctPs() != last.cctPs())) {
        System.out.println("   WARNING: repeat " + (i + 1) + " differs from the previous one (events " + r.events()
            + " vs " + last.events() + "): the run is not deterministic");
      }
      whole[i] = r.wholeNanos();
      setup[i] = r.setupNanos();
      sim[i] = r.simulationNanos();
      last = r;
      runs.add(r);
      System.out.println("   run " + (i + 1) + "/" + repeat + ": whole " + Format.seconds(r.wholeNanos()) + " (cpu "
          + Format.seconds(r.wholeCpuNanos()) + "), setup " + Format.seconds(r.setupNanos()) + ", simulation "
          + Format.seconds(r.simulationNanos()) + ", load average now " + Machine.loadAverage());
      if (r.waitingFraction() > 0.05) {
        System.out.println(String.format(Locale.ROOT, "   WARNING: the run thread waited for a CPU %.0f %% of the wall "
            + "time: another process was busy, this wall time is not clean", 100 * r.waitingFraction()));
      }
    }
    long[] cpu = new long[repeat];
    for (int i = 0; i < repeat; i++) {
      cpu[i] = runs.get(i).wholeCpuNanos();
    }
    long w = median(whole);
    long st = median(setup);
    long sm = median(sim);
    double events = last.events() / (sm / 1e9);
    double packets = last.dataSent() / (sm / 1e9);
    String label = repeat > 1 ? " (median of " + repeat + ")" : "";
    line("wall, whole run" + label, Format.seconds(w));
    line("cpu, run thread" + label, Format.seconds(median(cpu)) + "  (close to the wall time on a quiet machine)");
    line("wall, setup + collect" + label, Format.seconds(st) + "  (same scenario stopped after 1 us simulated)");
    line("wall, simulation" + label, Format.seconds(sm) + "  (whole - setup)");
    line("events", Format.count(last.events()));
    line("events/s", Format.rate(events));
    line("data packets sent", Format.count(last.dataSent()) + "  (+ " + Format.count(last.ackSent()) + " ACKs; "
        + Format.count(last.drops()) + " packets dropped)");
    line("simulated data packets/s", Format.rate(packets));
    line("CCT", Format.micros(last.cctPs()) + "  (bound " + Format.micros(last.boundPs()) + ", "
        + Format.percent(last.overBoundPct()) + " over bound, " + last.unfinishedFlows() + " flows unfinished)");
    line("peak heap used", Format.bytes(last.peakHeapBytes()) + "  (sum of heap pool peaks; max heap "
        + Format.bytes(Runtime.getRuntime().maxMemory()) + ")");
    line("GC during run", last.gcCount() + " collections, " + last.gcMillis() + " ms");
    line("flows / peak packets in flight", Format.count(last.flows()) + " / " + Format.count(last.packetObjects())
        + "  (packet objects the pool created)");
    line("peak heap per flow", Format.count(last.peakHeapBytes() / Math.max(1, last.flows())) + " B"
        + "  (upper bound: all of the heap's peak charged to the flows)");
    System.out.println();
    return new String[] {s.name(), Format.seconds(w), Format.seconds(median(cpu)), Format.seconds(sm),
        Format.count(last.events()), Format.rate(events), Format.count(last.dataSent()), Format.rate(packets), Format.micros(last.cctPs()),
        Format.percent(last.overBoundPct()), Format.bytes(last.peakHeapBytes())};
  }

  private static void printTable(List<String[]> rows, int repeat) {
    System.out.println("summary (markdown" + (repeat > 1 ? ", wall times are medians of " + repeat : "") + "):");
    System.out.println("| scenario | wall, whole | cpu, run thread | wall, simulation | events | events/s | "
        + "data packets | sim. packets/s | CCT | over bound | peak heap |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (String[] r : rows) {
      System.out.println("| " + String.join(" | ", r) + " |");
    }
  }

  private static void line(String what, String value) {
    System.out.println(String.format(Locale.ROOT, "   %-38s %s", what, value));
  }

  static long median(long[] xs) {
    long[] s = xs.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  private static void list() {
    for (MacroScenario s : MacroScenarios.all()) {
      System.out.println(String.format(Locale.ROOT, "%-24s %s", s.name(), s.description()));
      System.out.println(String.format(Locale.ROOT, "%-24s %s", "", String.join(" ", s.overrides())));
    }
  }

  private static void usage() {
    System.out.println("usage: MacroBenchmark [--repeat N] [--set key=value]... all | SCENARIO...");
    System.out.println("       MacroBenchmark --list");
  }

  private static String value(String[] args, int i, String message) {
    if (i >= args.length) {
      fail(message);
    }
    return args[i];
  }

  private static int positiveInt(String[] args, int i) {
    String v = value(args, i, "--repeat needs a positive integer");
    try {
      int n = Integer.parseInt(v);
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // falls through to the message below
    }
    fail("--repeat needs a positive integer (got '" + v + "')");
    return 0;
  }

  private static void fail(String message) {
    System.err.println("MacroBenchmark: " + message);
    System.exit(2);
  }
}
