package org.lbsim.spark;

import java.io.PrintWriter;
import org.lbsim.cli.Main;

/**
 * {@code ./lbsim optimize ... --spark MASTER} and {@code spark-submit --class org.lbsim.spark.SparkOptimize
 * lbsim-spark.jar SCENARIO ...}: lbsim's optimize command, its options and output unchanged, with every run it
 * makes simulated on Spark ({@link SparkTrials}). See docs/spark.md.
 */
public final class SparkOptimize {
  private SparkOptimize() {}

  /** {@code args} are optimize's, without the command's name. */
  public static void main(String[] args) {
    System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
  }

  /** Runs {@code lbsim optimize args...} on Spark; returns its exit code (1: the Spark job failed). */
  static int execute(PrintWriter out, PrintWriter err, String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "optimize";
    System.arraycopy(args, 0, all, 1, args.length);
    return Main.execute(new SparkTrials(), out, err, all);
  }
}
