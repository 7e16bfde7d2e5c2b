package org.lbsim.failure;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lbsim.net.EgressPort;
import org.lbsim.transport.FlowOutcome;
import org.lbsim.transport.SenderEnd;
import org.lbsim.transport.Transport;

/**
 * Why each flow that did not finish by the time limit did not, in one line: what stopped it
 * (a dependency, a start beyond the limit, packets held or lost at failed links, packets lost to
 * random loss or full buffers) and what its sender waited for when the run stopped. Read once
 * from the state the run ended in (the senders', and the packets still in the fabric), so the
 * run itself counts nothing for it.
 */
public final class WhyUnfinished {
  private static final int DEPENDENCIES_NAMED = 3;

  private final Transport transport;
  private final List<EgressPort> ports;
  private final FailureSetup failures;
  private final double randomLossRate;
  private final int flakyLinks;
  private final String limitMs;

  /**
   * @param randomLossRate {@code loss.random_rate}
   * @param flakyLinks {@code loss.flaky_links}
   * @param limitMs {@code run.limit_ms} as the scenario wrote it
   */
  public WhyUnfinished(Transport transport, List<EgressPort> ports, FailureSetup failures, double randomLossRate,
      int flakyLinks, String limitMs) {
    this.transport = transport;
    this.ports = ports;
    this.failures = failures;
    this.randomLossRate = randomLossRate;
    this.flakyLinks = flakyLinks;
    this.limitMs = limitMs;
  }

  /** For each flow of {@code flows} that did not finish, in id order, why; the run stopped at {@code endPs}. */
  public Map<Integer, String> reasons(List<FlowOutcome> flows, long endPs) {
    Map<Integer, String> out = new LinkedHashMap<>();
    if (flows.stream().allMatch(FlowOutcome::finished)) {
      return out;
    }
    int n = flows.size();
    long[] inFabric = new long[n];
    for (EgressPort p : ports) {
      p.forEachPacket(false, q -> {
        if (q.flow >= 0 && q.flow < n) {
          inFabric[q.flow]++;
        }
      });
    }
    FailureInjector.Held held = failures.held(n);
    String lossCause = lossCause();
    for (FlowOutcome f : flows) {
      if (!f.finished()) {
        out.put(f.id(), reason(f, endPs, inFabric[f.id()], held.count()[f.id()], held.link()[f.id()], lossCause));
      }
    }
    return out;
  }

  private String reason(FlowOutcome f, long endPs, long inFabric, int held, String heldAt, String lossCause) {
    if (f.startPs() < 0) {
      return "has not started: it waits for " + dependencies(transport.pendingDependencies(f.id()))
          + ", which did not finish";
    }
    SenderEnd e = transport.senderEnd(f.id(), endPs);
    if (e.waiting() == SenderEnd.Waiting.START) {
      return f.startPs() > endPs
          ? "has not started: its start time " + ms(f.startPs()) + " ms lies beyond run.limit_ms " + limitMs
          : "has not started: its first pacing slot comes after run.limit_ms " + limitMs;
    }
    StringBuilder why = new StringBuilder();
    if (held > 0) {
      why.append(held).append(" of its packets are held at failed link ").append(heldAt)
          .append(" (failures.kind hold); ");
    }
    String failed = failures.lostAtFailedLinks(f);
    if (failed != null) {
      why.append(failed).append("; ");
    }
    long gone = e.unacknowledged() - inFabric;
    if (gone > 0 && failed == null && lossCause != null) {
      why.append(gone).append(" of its ").append(e.unacknowledged())
          .append(" unacknowledged packets or their ACKs were lost (").append(lossCause).append("); ");
    }
    why.append(waiting(e, f)).append("; ").append(f.packetsSent()).append(" data packets sent, ")
        .append(f.packetsLost()).append(" declared lost, ").append(f.timeouts()).append(" timeouts");
    return why.toString();
  }

  /** What the sender waited for when the run stopped. */
  private String waiting(SenderEnd e, FlowOutcome f) {
    return switch (e.waiting()) {
      case SENDING -> "still sending at the time limit (run.limit_ms " + limitMs + "): " + e.toSend() + " packets to go";
      case WINDOW -> "its congestion control lets no packet leave with " + e.unacknowledged()
          + " unacknowledged (window or credit)";
      case NIC -> "it waits for room in its host NIC";
      case TIMEOUT -> "it waits for a retransmission timeout at " + ms(e.atPs()) + " ms (" + f.timeouts() + " so far)";
      case LOSS_TIMEOUT -> "it waits until its oldest unacknowledged packet counts as lost, at " + ms(e.atPs()) + " ms";
      case ACKS -> "it waits for the ACKs of its " + e.unacknowledged() + " unacknowledged packets";
      case START -> throw new IllegalStateException("a flow that has not started has no sender state");
    };
  }

  /** What loses packets in this run besides failed links; null when nothing does. */
  private String lossCause() {
    StringBuilder c = new StringBuilder();
    if (randomLossRate > 0) {
      c.append("loss.random_rate ").append(BigDecimal.valueOf(randomLossRate).stripTrailingZeros().toPlainString());
    }
    if (flakyLinks > 0) {
      c.append(c.length() > 0 ? ", " : "").append("loss.flaky_links ").append(flakyLinks);
    }
    EgressPort most = null;
    long mostDrops = 0;
    for (EgressPort p : ports) {
      long drops = p.statistics().drops();
      if (drops > mostDrops && !failures.swallows(p)) {
        most = p;
        mostDrops = drops;
      }
    }
    if (c.length() == 0 && most != null) {
      c.append("dropped at full buffers; most drops at port ").append(most.name()).append(": ").append(mostDrops);
    }
    return c.length() == 0 ? null : c.toString();
  }

  private String dependencies(List<Integer> ids) {
    int flows = transport.flowCount();
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < ids.size() && i < DEPENDENCIES_NAMED; i++) {
      int d = ids.get(i);
      s.append(i == 0 ? "" : ", ").append(d < flows ? "flow " + d : "local step " + d);
    }
    if (ids.size() > DEPENDENCIES_NAMED) {
      s.append(" and ").append(ids.size() - DEPENDENCIES_NAMED).append(" more");
    }
    return s.append(" (").append(ids.size() == 1 ? "dependency" : "dependencies").append(")").toString();
  }

  /** Picoseconds as milliseconds, to the nanosecond. */
  static String ms(long ps) {
    return BigDecimal.valueOf(ps / 1_000, 6).stripTrailingZeros().toPlainString();
  }
}
