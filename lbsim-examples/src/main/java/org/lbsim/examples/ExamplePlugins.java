package org.lbsim.examples;

import java.util.ArrayList;
import java.util.List;
import org.lbsim.design.Design;
import org.lbsim.design.Param;
import org.lbsim.lb.Ecmp;
import org.lbsim.lb.LbDesign;
import org.lbsim.scenario.WorkloadKind;
import org.lbsim.spi.DesignProvider;
import org.lbsim.topo.LeafSpine;
import org.lbsim.topo.TopologyKind;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.LrDesigns;
import org.lbsim.transport.cc.CcDesign;
import org.lbsim.workload.FlowSpec;

/**
 * One example design per axis, registered with lbsim through
 * {@code META-INF/services/org.lbsim.spi.DesignProvider}: {@code lb: p2c}, {@code cc: aimd},
 * {@code lr: fixed-sr}, {@code workload.kind: shift} and {@code topology.kind: star}; and a
 * congestion control with a receiver part, {@code cc: ecn-count}.
 */
public final class ExamplePlugins implements DesignProvider {
  @Override
  public List<Design> designs() {
    return List.of(p2c(), aimd(), ecnCount(), fixedSr(), shift(), star());
  }

  private static LbDesign p2c() {
    return new LbDesign("p2c",
        "Power-of-two-choices host spraying: per packet, the less loaded of two random entropies of the flow's set",
        "example plug-in (lbsim-examples); Mitzenmacher, the power of two choices (2001)",
        List.of(Param.integer("entropies", 16, 2, 1 << 16, "path entropies per flow")), 0.5,
        ctx -> {
          int n = ctx.params().integer("entropies");
          return (flow, random) -> new PowerOfTwoSpray(random, n);
        }, null, (sw, ctx) -> new Ecmp());
  }

  private static CcDesign aimd() {
    return new CcDesign("aimd",
        "AIMD window: + ai packets per window, x md on an ECN mark, loss or timeout (once per window)",
        "example plug-in (lbsim-examples); Chiu and Jain (1989)",
        List.of(Param.number("ai", 1, 0.01, 1000, "additive increase, packets per window"),
            Param.number("md", 0.5, 0.01, 0.99, "multiplicative decrease factor"),
            Param.number("init_cwnd", 10, 1, 1e6, "initial window, packets")),
        false, false, (p, f) -> new AimdWindow(f.lineSlotPs(), p.number("init_cwnd"), p.number("ai"), p.number("md")));
  }

  /** A sender ({@link EcnCountWindow}) and a receiver part ({@link EcnCounter}) that feeds it back CE counts. */
  private static CcDesign ecnCount() {
    return new CcDesign("ecn-count",
        "DCTCP's window on CE counts its receiver part sends back: one control packet per k data packets arrived",
        "example plug-in (lbsim-examples); DCTCP (Alizadeh et al., SIGCOMM 2010; RFC 8257), counts as AccECN's",
        List.of(Param.integer("k", 4, 1, 1 << 16, "data packets arrived per control packet from the receiver"),
            Param.number("g", 1.0 / 16, 0.0001, 1, "alpha gain g"),
            Param.number("init_cwnd_bdp", 1.0, 0.01, 100, "first window in unloaded-path BDPs")),
        false, false, (p, f) -> new EcnCountWindow(p.number("g"),
            Math.max(1, p.number("init_cwnd_bdp") * f.bdpPackets()), f.lineSlotPs()))
        .withReceiver((p, f) -> new EcnCounter(p.integer("k")));
  }

  private static LrDesign fixedSr() {
    return LrDesign.withParams("fixed-sr",
        "Fixed-timeout selective repeat: resend every unacknowledged packet after timeout_us without progress",
        "example plug-in (lbsim-examples)",
        List.of(Param.number("timeout_us", 25, 0.1, 100_000,
            "the fixed timeout, microseconds (25: about four unloaded RTTs of the study's 800G fat tree)")),
        (values, transport, flow, target, rtt) ->
            new FixedTimeoutRepeat(target, Math.round(values.number("timeout_us") * 1_000_000)),
        LrDesigns.find("sack").receiver()); // lbsim's SACK receiver: it ACKs every data packet
  }

  private static WorkloadKind shift() {
    return new WorkloadKind("shift",
        "Shift permutation: host i sends one flow to host i + n/2 (mod n)",
        "example plug-in (lbsim-examples)", List.of(), true, true,
        (reader, values, topology, spec) -> WorkloadKind.Checked.NONE, (hosts, spec, known) -> hosts,
        (s, random) -> shifted(s.topology().hosts(), s.workload().sizeBytes()), null);
  }

  static List<FlowSpec> shifted(int hosts, long bytes) {
    List<FlowSpec> flows = new ArrayList<>(hosts);
    for (int i = 0; i < hosts; i++) {
      flows.add(FlowSpec.independent(i, i, (i + hosts / 2) % hosts, bytes, 0));
    }
    return flows;
  }

  private static TopologyKind star() {
    return new TopologyKind("star",
        "One switch: topology.hosts_per_leaf hosts on a single leaf (its one spine carries nothing)",
        "example plug-in (lbsim-examples)", List.of("topology.hosts_per_leaf"), false,
        keys -> {
          int hosts = keys.integer("topology.hosts_per_leaf", 2);
          return hosts >= 2 ? new LeafSpine(hosts, 1, 1) : null;
        });
  }
}
