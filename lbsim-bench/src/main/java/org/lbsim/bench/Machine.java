package org.lbsim.bench;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What the numbers were measured on: without it a wall time means nothing. */
final class Machine {
  private Machine() {}

  static String describe() {
    Runtime rt = Runtime.getRuntime();
    List<String> gcs = new ArrayList<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      gcs.add(gc.getName());
    }
    StringBuilder b = new StringBuilder();
    b.append("machine: ").append(cpuModel()).append(", nproc ").append(rt.availableProcessors())
        .append(", RAM ").append(memTotal()).append('\n');
    b.append("jvm:     ").append(System.getProperty("java.vm.name")).append(' ')
        .append(System.getProperty("java.version")).append(" (").append(System.getProperty("java.vendor"))
        .append("), max heap ").append(Format.bytes(rt.maxMemory())).append(", GC ").append(String.join(" + ", gcs))
        .append('\n');
    b.append("jvm args: ").append(ManagementFactory.getRuntimeMXBean().getInputArguments()).append('\n');
    b.append("os:      ").append(System.getProperty("os.name")).append(' ').append(System.getProperty("os.version"))
        .append(' ').append(System.getProperty("os.arch"));
    return b.toString();
  }

  /** The 1-, 5- and 15-minute load averages: above ~1 the benchmark shares the machine. */
  static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /** "model name" of the first CPU in /proc/cpuinfo (Linux), else "unknown CPU". */
  static String cpuModel() {
    String v = procField("/proc/cpuinfo", "model name");
    return v == null ? "unknown CPU" : v;
  }

  static String memTotal() {
    String v = procField("/proc/meminfo", "MemTotal");
    if (v == null) {
      return "unknown";
    }
    try {
      long kib = Long.parseLong(v.replace("kB", "").trim());
      return String.format(Locale.ROOT, "%.1f GiB", kib / 1024.0 / 1024.0);
    } catch (NumberFormatException e) {
      return v;
    }
  }

  private static String procField(String file, String key) {
    try {
      for (String line : Files.readAllLines(Path.of(file))) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).trim().equals(key)) {
          return line.substring(colon + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux, or /proc not readable: the report says "unknown" rather than failing the run.
    }
    return null;
  }
}
