package org.lbsim.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lbsim.transport.FlowOutcome;

/**
 * The rules every run's results obey, checked at the end of every run. Per port: utilization in
 * [0, 1], mean queue at most the largest queue, the largest queue within the buffer, and bytes
 * between the smallest and largest packet times the packets sent. Over the fabric: the ports'
 * drops, ECN marks and trims add up to the packet counters, and every packet sent was
 * delivered, dropped, returned or is still in flight, and once every flow has finished and the
 * fabric has drained, nothing is left in flight but what failed links hold. Per flow: a finished
 * flow ends after it starts and no sooner than its host link can serialize its data packets;
 * when the CCT runs from the first start to the last finish, it is no shorter than any host's
 * link needs to serialize the data packets of all the flows it sends; and where the run's lower
 * bound holds (see {@code boundHolds}), the CCT is no shorter than the bound.
 *
 * @param queueLimitBytes per port (in {@link RunResult#ports()} order), the most bytes its
 *     buffer can hold, or -1 where the buffer is unbounded (host NICs)
 * @param smallestPacketBytes the smallest packet a port serializes (an ACK, a trimmed header)
 * @param largestPacketBytes the largest packet a port serializes (a full data packet)
 * @param dataPacketBytes a data packet's bytes on its host link
 * @param payloadBytes a data packet's payload
 * @param hostBitsPerSecond the host links' speed
 * @param cctFromFirstStart the CCT runs from the first flow's start to the last finish (the
 *     default profile), rather than being the largest FCT (the reference profile)
 * @param boundHolds the run's lower bound ({@link RunResult#boundPs()}, when it has one) is one
 *     for it: no pacing jitter (the default profile) and no failures, whose bound assumes
 *     pacing at rho_max from the start (docs/model.md)
 */
public record RunInvariants(long[] queueLimitBytes, int smallestPacketBytes, int largestPacketBytes,
    int dataPacketBytes, int payloadBytes, long hostBitsPerSecond, boolean cctFromFirstStart, boolean boundHolds) {

  /** The rules without the lower bound's. */
  public RunInvariants(long[] queueLimitBytes, int smallestPacketBytes, int largestPacketBytes, int dataPacketBytes,
      int payloadBytes, long hostBitsPerSecond, boolean cctFromFirstStart) {
    this(queueLimitBytes, smallestPacketBytes, largestPacketBytes, dataPacketBytes, payloadBytes, hostBitsPerSecond,
        cctFromFirstStart, false);
  }

  /** Relative slack for quantities computed in floating point. */
  static final double ROUNDING = 1e-9;
  /** Violations listed in the error; the count covers all of them. */
  static final int LISTED = 10;

  /**
   * Throws {@link InvariantViolation} naming every broken rule of {@code r}; {@code drained}
   * tells that the run ended with no event left (not at its time limit).
   */
  public void check(RunResult r, boolean drained) {
    List<String> v = violations(r, drained);
    if (!v.isEmpty()) {
      throw new InvariantViolation(r.scenario(), v.size() <= LISTED ? v : listed(v));
    }
  }

  private static List<String> listed(List<String> v) {
    List<String> out = new ArrayList<>(v.subList(0, LISTED));
    out.add("and " + (v.size() - LISTED) + " more");
    return out;
  }

  /** Every broken rule of {@code r}, one line each; empty when the run is consistent. */
  public List<String> violations(RunResult r, boolean drained) {
    List<String> v = new ArrayList<>();
    ports(r, v);
    totals(r, drained, v);
    flows(r, v);
    return v;
  }

  private void ports(RunResult r, List<String> v) {
    List<PortStats> ports = r.ports();
    for (int i = 0; i < ports.size(); i++) {
      PortStats p = ports.get(i);
      String at = "port " + p.port() + ": ";
      if (!(p.utilization() >= 0 && p.utilization() <= 1 + ROUNDING)) {
        v.add(at + "utilization " + fmt(p.utilization()) + " outside [0, 1]");
      }
      if (!(p.meanQueueBytes() >= 0 && p.meanQueueBytes() <= p.maxQueueBytes() * (1 + ROUNDING))) {
        v.add(at + "mean queue " + fmt(p.meanQueueBytes()) + " B outside [0, max queue " + p.maxQueueBytes() + " B]");
      }
      long limit = queueLimitBytes[i];
      if (limit >= 0 && p.maxQueueBytes() > limit) {
        v.add(at + "max queue " + p.maxQueueBytes() + " B above the buffer's " + limit + " B");
      }
      if (p.bytesSent() < p.packetsSent() * smallestPacketBytes
          || p.bytesSent() > p.packetsSent() * largestPacketBytes) {
        v.add(at + p.bytesSent() + " B sent in " + p.packetsSent() + " packets, outside " + smallestPacketBytes + "-"
            + largestPacketBytes + " B per packet");
      }
      if (p.drops() < 0 || p.packetsSent() < 0 || p.ecnMarks() > p.packetsSent() || p.trims() < 0) {
        v.add(at + "negative or impossible counts (sent " + p.packetsSent() + ", drops " + p.drops() + ", ECN marks "
            + p.ecnMarks() + ", trims " + p.trims() + ")");
      }
    }
  }

  private static void totals(RunResult r, boolean drained, List<String> v) {
    long drops = 0;
    long marks = 0;
    long trims = 0;
    for (PortStats p : r.ports()) {
      drops += p.drops();
      marks += p.ecnMarks();
      trims += p.trims();
    }
    Map<String, Long> c = r.counters();
    long dropped = c.get("data_dropped") + c.get("ack_dropped");
    if (drops != dropped) {
      v.add("the ports' drops add up to " + drops + ", the packet counters to " + dropped + " (data_dropped "
          + c.get("data_dropped") + " + ack_dropped " + c.get("ack_dropped") + ")");
    }
    if (marks != c.get("ecn_marked")) {
      v.add("the ports' ECN marks add up to " + marks + ", ecn_marked is " + c.get("ecn_marked"));
    }
    if (trims != c.get("data_trimmed")) {
      v.add("the ports' trims add up to " + trims + ", data_trimmed is " + c.get("data_trimmed"));
    }
    long sent = c.get("data_sent") + c.get("ack_sent");
    long accounted = c.get("data_delivered") + c.get("data_dropped") + c.getOrDefault("data_returned", 0L)
        + c.get("ack_delivered") + c.get("ack_dropped") + c.get("in_flight_at_end");
    if (sent != accounted) {
      v.add("conservation: " + sent + " packets sent (data " + c.get("data_sent") + ", ACK " + c.get("ack_sent")
          + ") but " + accounted + " delivered, dropped, returned or in flight");
    }
    long held = c.getOrDefault("held_at_end", 0L);
    if (drained && r.unfinishedFlows() == 0 && c.get("in_flight_at_end") != held) {
      v.add("conservation: every flow finished, yet " + c.get("in_flight_at_end") + " packets are in flight at the end ("
          + held + " held by failed links)");
    }
  }

  private void flows(RunResult r, List<String> v) {
    int broken = 0;
    Map<Integer, Double> hostPs = new java.util.HashMap<>();
    for (FlowOutcome f : r.flows()) {
      double serializePs = serializationPs(f.bytes());
      hostPs.merge(f.src(), serializePs, Double::sum);
      if (!f.finished()) {
        continue;
      }
      if (f.finishPs() < f.startPs() || f.fctPs() < serializePs * (1 - ROUNDING)) {
        if (broken++ < LISTED) {
          v.add("flow " + f.id() + " (" + f.src() + "->" + f.dst() + ", " + f.bytes() + " B): started at " + f.startPs()
              + " ps and finished at " + f.finishPs() + " ps (FCT " + f.fctPs() + " ps), but its host link needs "
              + fmt(serializePs) + " ps to serialize its data packets");
        }
      }
    }
    if (cctFromFirstStart && r.cctPs() >= 0) {
      for (Map.Entry<Integer, Double> h : hostPs.entrySet()) {
        if (r.cctPs() < h.getValue() * (1 - ROUNDING)) {
          v.add("CCT " + r.cctPs() + " ps, but host " + h.getKey() + "'s link needs " + fmt(h.getValue())
              + " ps to serialize the data packets of the flows it sends");
          break;
        }
      }
    }
    if (boundHolds && r.boundPs() > 0 && r.cctPs() >= 0 && r.cctPs() < r.boundPs()) {
      v.add("CCT " + r.cctPs() + " ps below the run's lower bound of " + r.boundPs() + " ps");
    }
  }

  /** The time a host link needs to serialize a message's data packets, gaps excluded. */
  private double serializationPs(long bytes) {
    long packets = (bytes + payloadBytes - 1) / payloadBytes;
    return packets * (double) dataPacketBytes * 8e12 / hostBitsPerSecond;
  }

  private static String fmt(double x) {
    return String.format(Locale.ROOT, "%.6g", x);
  }
}
