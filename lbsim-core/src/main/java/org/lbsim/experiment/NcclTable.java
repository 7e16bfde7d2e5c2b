package org.lbsim.experiment;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;
import org.lbsim.experiment.CollectiveBench.Outcome;
import org.lbsim.experiment.CollectiveBench.Row;

/**
 * A benchmark's tables in nccl-tests' fixed-width layout, one per design: the out-of-place
 * columns (size, count, type, redop, root, time, algbw, busbw) with an {@code ideal} column in
 * place of {@code #wrong}, then nccl-tests' "Avg bus bandwidth" footer and the fabric's ideal.
 */
public final class NcclTable {
  private NcclTable() {}

  public static String render(Outcome o) {
    StringBuilder sb = new StringBuilder();
    CollectiveBench.Request q = o.request();
    List<String> lbs = o.lbs();
    for (int d = 0; d < lbs.size(); d++) {
      String lb = lbs.get(d);
      if (d > 0) {
        sb.append('\n');
      }
      sb.append(String.format(Locale.ROOT, "# %s, %s algorithm, %d ranks: lb %s, cc %s, lr %s (simulated; out-of-place only)%n",
          q.op().label(), o.algorithm(), o.ranks(), lb, o.cc(), o.lr()));
      sb.append("#\n");
      sb.append(String.format(Locale.ROOT, "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %6s%n", "size", "count", "type",
          "redop", "root", "time", "algbw", "busbw", "ideal"));
      sb.append(String.format(Locale.ROOT, "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %6s%n", "(B)", "(elements)", "",
          "", "", "(us)", "(GB/s)", "(GB/s)", "(GB/s)"));
      double sum = 0;
      int n = 0;
      for (Row r : o.rows()) {
        if (!r.lb().equals(lb)) {
          continue;
        }
        sb.append(String.format(Locale.ROOT, "%12d  %12d  %8s  %6s  %6d  %7s  %6s  %6s  %6.2f%n", r.size(), r.count(),
            q.type().label(), q.op().redop(), q.op().root(), r.finished() ? time(r.timePs() / 1e6) : "-",
            r.finished() ? String.format(Locale.ROOT, "%6.2f", r.algbw()) : "-",
            r.finished() ? String.format(Locale.ROOT, "%6.2f", r.busbw()) : "-", r.idealBusbw()));
        if (r.finished()) {
          sum += r.busbw();
          n++;
        }
      }
      long unfinished = o.rows().stream().filter(r -> r.lb().equals(lb) && !r.finished()).count();
      if (unfinished > 0) {
        sb.append(String.format(Locale.ROOT, "# Unfinished sizes     : %d (some flows did not finish by run.limit_ms)%n",
            unfinished));
      }
      sb.append("# Avg bus bandwidth    : ").append(n == 0 ? "-" : general(sum / n)).append('\n');
    }
    sb.append('\n');
    sb.append(String.format(Locale.ROOT, "# Ideal bus bandwidth  : %s GB/s (host link %s Gb/s x %s payload share of its "
        + "bytes: data packets, their ACKs and gaps)%n", general(o.ideal()), general(o.hostGbps()),
        general(o.ideal() * 8 / o.hostGbps())));
    sb.append("# ideal column: busbw at the size's lower bound (all-to-all: the run's bound; the others: their host links' "
        + "and their longest chain of sends'; docs/bench-collective.md)\n");
    return sb.toString();
  }

  /** nccl-tests' time column: 2 decimals below 100 us, 1 below 10 ms, none above. */
  static String time(double us) {
    String f = us >= 10000.0 ? "%7.0f" : us >= 100.0 ? "%7.1f" : "%7.2f";
    return String.format(Locale.ROOT, f, us);
  }

  /** C's {@code %g}: 6 significant digits, trailing zeros dropped. */
  static String general(double x) {
    return new BigDecimal(x).round(new MathContext(6)).stripTrailingZeros().toPlainString();
  }
}
