package org.lbsim.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Top methods of a JFR recording's {@code jdk.ExecutionSample} events: self (top frame) and
 * total (anywhere on the stack), in percent of all samples. A one-screen answer to "where does
 * the time go" without a GUI.
 *
 * <pre>java -cp lbsim-bench/target/benchmarks.jar org.lbsim.bench.JfrHotMethods rec.jfr [top]</pre>
 *
 * <p>JIT inlining does not hide methods here: JFR's stack traces list inlined frames too.
 */
public final class JfrHotMethods {
  private JfrHotMethods() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: JfrHotMethods recording.jfr [top]");
      System.exit(2);
    }
    int top = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    Map<String, Integer> self = new HashMap<>();
    Map<String, Integer> total = new HashMap<>();
    int samples = 0;
    try (RecordingFile f = new RecordingFile(Path.of(args[0]))) {
      while (f.hasMoreEvents()) {
        RecordedEvent e = f.readEvent();
        if (!e.getEventType().getName().equals("jdk.ExecutionSample")) {
          continue;
        }
        RecordedStackTrace st = e.getStackTrace();
        if (st == null || st.getFrames().isEmpty()) {
          continue;
        }
        samples++;
        List<RecordedFrame> frames = st.getFrames();
        self.merge(name(frames.get(0)), 1, Integer::sum);
        Set<String> seen = new HashSet<>(); // count a recursive method once per sample
        for (RecordedFrame fr : frames) {
          if (seen.add(name(fr))) {
            total.merge(name(fr), 1, Integer::sum);
          }
        }
      }
    }
    System.out.println(samples + " execution samples");
    print("self (top of stack)", self, samples, top);
    print("total (on the stack)", total, samples, top);
  }

  private static String name(RecordedFrame f) {
    String type = f.getMethod().getType().getName();
    return type.substring(type.lastIndexOf('.') + 1) + "." + f.getMethod().getName();
  }

  private static void print(String title, Map<String, Integer> counts, int samples, int top) {
    List<Map.Entry<String, Integer>> list = new ArrayList<>(counts.entrySet());
    list.sort((a, b) -> b.getValue() - a.getValue());
    System.out.println();
    System.out.println(title + ":");
    for (int i = 0; i < Math.min(top, list.size()); i++) {
      Map.Entry<String, Integer> e = list.get(i);
      System.out.println(String.format(Locale.ROOT, "  %5.1f %%  %s", 100.0 * e.getValue() / samples, e.getKey()));
    }
  }
}
