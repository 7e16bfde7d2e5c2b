package org.lbsim.bench;

import java.util.List;
import java.util.Locale;
import org.lbsim.experiment.LivenessMatrix;

/**
 * The larger liveness matrix ({@link LivenessMatrix#large()}: every congestion control x every
 * loss recovery, SACK trigger and fast-retransmit setting, 8 situations x 3 seeds on a k = 8 fat
 * tree): prints the combinations, those not live and the wall time; exits 1 if any is not live.
 *
 * <pre>
 * java -cp lbsim-bench/target/benchmarks.jar org.lbsim.bench.LivenessBench [THREADS [SITUATION]]
 * </pre>
 *
 * SITUATION keeps only the situations whose name contains it (e.g. "PFC").
 */
public final class LivenessBench {
  private LivenessBench() {}

  public static void main(String[] args) throws InterruptedException {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : Runtime.getRuntime().availableProcessors();
    LivenessMatrix m = args.length > 1 ? LivenessMatrix.large().only(args[1]) : LivenessMatrix.large();
    int n = m.combinations().size();
    long start = System.nanoTime();
    List<String> bad = m.failures(threads);
    for (String b : bad) {
      System.out.println("not live: " + b);
    }
    System.out.printf(Locale.ROOT, "liveness matrix (large): %d combinations, %d not live, %.1f s on %d threads%n", n,
        bad.size(), (System.nanoTime() - start) / 1e9, threads);
    if (!bad.isEmpty()) {
      System.exit(1);
    }
  }
}
