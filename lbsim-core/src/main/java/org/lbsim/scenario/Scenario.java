package org.lbsim.scenario;

import java.util.Map;
import org.lbsim.design.Catalog;
import org.lbsim.lb.Params;
import org.lbsim.transport.RecoveryParams;
import org.lbsim.topo.PortFeatures;
import org.lbsim.topo.PortSignals;
import org.lbsim.topo.TierLink;
import org.lbsim.topo.Topology;

/**
 * A validated scenario: everything one run needs. {@code values} holds every setting in its
 * canonical written form (defaults included), in schema order, so results can echo exactly what
 * ran.
 *
 * @param bufferBytes buffer of every switch port, already derived from buffer.packets if given
 * @param ecnFraction ECN threshold as a fraction of the buffer (auto resolved), -1 = none
 * @param lbParams the chosen load-balancing design's parameters, defaults filled in
 * @param recovery the loss recovery and its parameters
 * @param portFeatures trimming, PFC and link losses
 * @param ccParams the chosen congestion control's parameters, defaults filled in
 * @param portSignals RED-like ECN and INT stamping
 * @param catalog the designs its names ({@code lb}, {@code cc}, {@code lr}, the workload and
 *     topology kinds) were chosen from
 */
public record Scenario(String name, long seed, Profile profile, Topology topology, TierLink hostLink,
    TierLink tier1Link, TierLink tier2Link, long bufferBytes, double ecnFraction, int payloadBytes,
    int headerBytes, int ackBytes, int gapBytes, WorkloadSpec workload, String lb, String cc, String lr,
    double rateCoef, int extraPackets, long minRtoPs, long initialRtoPs, long limitPs, Params lbParams,
    RecoveryParams recovery, PortFeatures portFeatures, Map<String, String> values, Params ccParams,
    PortSignals portSignals, Catalog catalog) {

  public Scenario {
    values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
  }

  /** A scenario of the built-in designs. */
  public Scenario(String name, long seed, Profile profile, Topology topology, TierLink hostLink,
      TierLink tier1Link, TierLink tier2Link, long bufferBytes, double ecnFraction, int payloadBytes,
      int headerBytes, int ackBytes, int gapBytes, WorkloadSpec workload, String lb, String cc, String lr,
      double rateCoef, int extraPackets, long minRtoPs, long initialRtoPs, long limitPs, Params lbParams,
      RecoveryParams recovery, PortFeatures portFeatures, Map<String, String> values, Params ccParams,
      PortSignals portSignals) {
    this(name, seed, profile, topology, hostLink, tier1Link, tier2Link, bufferBytes, ecnFraction, payloadBytes,
        headerBytes, ackBytes, gapBytes, workload, lb, cc, lr, rateCoef, extraPackets, minRtoPs, initialRtoPs, limitPs,
        lbParams, recovery, portFeatures, values, ccParams, portSignals, Catalog.builtIn());
  }
}
