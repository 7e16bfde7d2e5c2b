package org.lbsim.training;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToLongFunction;

/**
 * Each NCCL-decomposed collective's time beside its lower bound, for the training report. A
 * collective's time runs from the first of its members to reach it (their entry nodes) to the last
 * of its pieces' completions: its last flow's last byte acknowledged, or a member's last piece
 * over NVLink, as {@code bench-collective} measures a collective from its first send to its last
 * completion. Its bound ({@link org.lbsim.workload.CollectiveBound}) holds for that time, since
 * every piece starts after its member's entry.
 */
public final class CollectiveReport {
  private CollectiveReport() {}

  /** A collective in compiled ids: its members' entry and done local steps and its first flow's id. */
  public record Timed(CommGraph.Collective collective, int[] entries, int[] dones, int firstFlow) {}

  /** The graph's collectives in the ids of {@code compiled}, whose flows are numbered from {@code firstFlowId}. */
  public static List<Timed> compile(List<CommGraph.Collective> collectives, CommGraph.Compiled compiled,
      int firstFlowId) {
    List<Timed> out = new ArrayList<>(collectives.size());
    for (CommGraph.Collective c : collectives) {
      out.add(new Timed(c, ids(c.entries(), compiled), ids(c.dones(), compiled), firstFlowId + c.firstFlow()));
    }
    return out;
  }

  private static int[] ids(int[] nodes, CommGraph.Compiled compiled) {
    int[] out = new int[nodes.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = compiled.idOf(nodes[i]);
    }
    return out;
  }

  /**
   * The collective's fields: {@code op}, {@code algorithm}, {@code ranks}, {@code bytes},
   * {@code channels}, {@code start_ps}, {@code cct_ps} (-1 when a piece did not finish),
   * {@code lower_bound_ps} (-1 when none is known) and {@code cct_over_bound_pct}.
   *
   * @param finishPs when a local step finished (-1 if never)
   * @param flowFinishPs when a flow's sender had its last ACK (-1 if never)
   */
  public static Map<String, Object> row(Timed t, IntToLongFunction finishPs, IntToLongFunction flowFinishPs) {
    CommGraph.Collective c = t.collective();
    long start = Long.MAX_VALUE;
    boolean started = false;
    for (int e : t.entries()) {
      long at = finishPs.applyAsLong(e);
      if (at >= 0) {
        start = Math.min(start, at);
        started = true;
      }
    }
    long end = 0;
    boolean finished = true;
    for (int d : t.dones()) {
      long at = finishPs.applyAsLong(d);
      finished &= at >= 0;
      end = Math.max(end, at);
    }
    for (int f = t.firstFlow(); f < t.firstFlow() + c.flowCount(); f++) {
      long at = flowFinishPs.applyAsLong(f);
      finished &= at >= 0;
      end = Math.max(end, at);
    }
    long cct = started && finished ? end - start : -1;
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("op", c.op());
    m.put("algorithm", c.algorithm());
    m.put("ranks", c.ranks());
    m.put("bytes", c.bytes());
    m.put("channels", c.channels());
    m.put("start_ps", started ? start : -1);
    m.put("cct_ps", cct);
    m.put("lower_bound_ps", c.boundPs());
    m.put("cct_over_bound_pct", cct > 0 && c.boundPs() > 0
        ? Math.round(1e4 * 100.0 * (cct - c.boundPs()) / c.boundPs()) / 1e4 : null);
    return m;
  }
}
