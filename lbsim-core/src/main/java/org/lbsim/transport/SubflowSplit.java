package org.lbsim.transport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.LocalStep;

/**
 * A workload's flows run as independent subflows, the way the study's simulator runs
 * {@code -subflows N}: each flow becomes N connections of its own (own sender, receiver and
 * erasure target, own id and so its own ECMP hash, own jittered start), and the flow is done
 * when its slowest subflow is.
 *
 * <p>Sizes: flow of {@code b} bytes gives N subflows of {@code b / N} bytes, the first
 * {@code b mod N} of them one byte more (the study's generator only accepts sizes N divides);
 * a flow of fewer than N bytes gets one subflow per byte. Connection ids: flow i's subflows are
 * {@link #firstConnection(int) first(i)} onwards, in flow order; local steps follow the
 * connections. A subflow waits for every subflow of each flow its flow waits for; the subflows of
 * a flow keep its run-time trigger links ({@link org.lbsim.workload.FlowTriggers}), which name the
 * workload flow, so that they activate a trigger as that one flow, once all of them are done, and
 * start together when it fires. A subflow shares its host's link with every other subflow of the
 * same stage, so each is paced at the flow's fair share divided by N.
 *
 * <p>Outcomes fold back to one per flow ({@link #fold}): start, finish, FCT and received time
 * are those of its slowest subflow (the largest FCT, each measured from its own start; ties go
 * to the later finish), as the study's per-subflow flow log gives it; packet and event counts
 * are the sums over the subflows, the mean RTT their mean weighted by packets sent. A flow with
 * an unfinished subflow is unfinished.
 */
public final class SubflowSplit {
  private final List<FlowSpec> flows;
  private final int[] first; // first connection of flow i; first[n] = number of connections
  private final List<FlowSpec> connections;
  private final List<LocalStep> steps;

  /**
   * @param perFlow subflows per flow (at least 1)
   * @param steps the workload's local steps, ids n..n+m-1
   */
  public SubflowSplit(List<FlowSpec> flows, List<LocalStep> steps, int perFlow) {
    if (perFlow < 1) {
      throw new IllegalArgumentException("subflows per flow must be >= 1, got " + perFlow);
    }
    this.flows = List.copyOf(flows);
    int n = this.flows.size();
    first = new int[n + 1];
    for (int i = 0; i < n; i++) {
      first[i + 1] = first[i] + (int) Math.min(perFlow, this.flows.get(i).bytes());
    }
    List<FlowSpec> out = new ArrayList<>(first[n]);
    for (int i = 0; i < n; i++) {
      FlowSpec f = this.flows.get(i);
      int count = first[i + 1] - first[i];
      int[] deps = connectionsOf(f.deps());
      int[] sentDeps = connectionsOf(f.sentDeps());
      for (int j = 0; j < count; j++) {
        long bytes = f.bytes() / count + (j < f.bytes() % count ? 1 : 0);
        out.add(new FlowSpec(first[i] + j, f.src(), f.dst(), bytes, f.startPs(), deps, f.stage(), sentDeps, f.triggers()));
      }
    }
    connections = List.copyOf(out);
    List<LocalStep> shifted = new ArrayList<>(steps.size());
    for (LocalStep s : steps) {
      shifted.add(new LocalStep(localId(s.id()), s.durationPs(), connectionsOf(s.deps())));
    }
    this.steps = List.copyOf(shifted);
  }

  /** The connections to run, ids 0..{@link #connectionCount()}-1. */
  public List<FlowSpec> connections() {
    return connections;
  }

  /** The local steps, their ids and dependencies renumbered after the connections. */
  public List<LocalStep> steps() {
    return steps;
  }

  public int connectionCount() {
    return first[flows.size()];
  }

  /** The first connection of workload flow {@code flow}. */
  public int firstConnection(int flow) {
    return first[flow];
  }

  /** The subflows of workload flow {@code flow}. */
  public int subflowsOf(int flow) {
    return first[flow + 1] - first[flow];
  }

  /** The id among the connections of workload local step {@code id} (n and up). */
  public int localId(int id) {
    return id - flows.size() + connectionCount();
  }

  /** Workload dependency ids as connection ids: a flow's every subflow, a local step shifted. */
  private int[] connectionsOf(int[] deps) {
    int n = flows.size();
    int size = 0;
    for (int d : deps) {
      size += d < n ? first[d + 1] - first[d] : 1;
    }
    int[] out = new int[size];
    int k = 0;
    for (int d : deps) {
      if (d < n) {
        for (int c = first[d]; c < first[d + 1]; c++) {
          out[k++] = c;
        }
      } else {
        out[k++] = localId(d);
      }
    }
    return out;
  }

  /** One outcome per workload flow from one per connection (see the class comment). */
  public List<FlowOutcome> fold(List<FlowOutcome> perConnection) {
    if (perConnection.size() != connectionCount()) {
      throw new IllegalArgumentException("expected " + connectionCount() + " connection outcomes, got "
          + perConnection.size());
    }
    List<FlowOutcome> out = new ArrayList<>(flows.size());
    for (int i = 0; i < flows.size(); i++) {
      out.add(fold(i, perConnection.subList(first[i], first[i + 1])));
    }
    return out;
  }

  private FlowOutcome fold(int flow, List<FlowOutcome> subs) {
    FlowSpec f = flows.get(flow);
    FlowOutcome slowest = null;
    boolean allFinished = true;
    long earliestStart = -1;
    long sent = 0;
    long lost = 0;
    long retx = 0;
    long spurious = 0;
    long timeouts = 0;
    double rttSum = 0;
    for (FlowOutcome o : subs) {
      sent += o.packetsSent();
      lost += o.packetsLost();
      retx += o.retransmissions();
      spurious += o.spuriousRetransmissions();
      timeouts += o.timeouts();
      rttSum += (double) o.meanRttPs() * o.packetsSent();
      if (o.startPs() >= 0 && (earliestStart < 0 || o.startPs() < earliestStart)) {
        earliestStart = o.startPs();
      }
      if (!o.finished()) {
        allFinished = false;
      } else if (slowest == null || o.fctPs() > slowest.fctPs()
          || o.fctPs() == slowest.fctPs() && o.finishPs() > slowest.finishPs()) {
        slowest = o;
      }
    }
    FlowOutcome.Builder b = FlowOutcome.builder().id(flow).src(f.src()).dst(f.dst()).bytes(f.bytes())
        .packetsSent(sent).packetsLost(lost).meanRttPs(sent == 0 ? 0 : Math.round(rttSum / sent))
        .retransmissions(retx).spuriousRetransmissions(spurious).timeouts(timeouts);
    if (allFinished) {
      return b.startPs(slowest.startPs()).finishPs(slowest.finishPs()).receivedPs(slowest.receivedPs()).build();
    }
    return b.startPs(earliestStart).finishPs(-1).receivedPs(-1).build();
  }

  /**
   * Why each unfinished workload flow did not finish, from the reasons of its connections: the
   * first unfinished subflow's, named as such.
   */
  public Map<Integer, String> foldReasons(Map<Integer, String> perConnection) {
    Map<Integer, String> out = new LinkedHashMap<>();
    for (int i = 0; i < flows.size(); i++) {
      for (int c = first[i]; c < first[i + 1]; c++) {
        String why = perConnection.get(c);
        if (why != null) {
          out.put(i, "subflow " + (c - first[i] + 1) + " of " + subflowsOf(i) + ": " + why);
          break;
        }
      }
    }
    return out;
  }
}
