package org.lbsim.lb;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.lbsim.design.Axis;
import org.lbsim.design.Design;
import org.lbsim.design.Param;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Switch;

/**
 * A load-balancing design as users name it: what the hosts put on packets (and on ACKs) and what
 * the switches do with it, with its parameters.
 *
 * @param name the name used in scenario files ({@code lb: host-spray})
 * @param summary one line for {@code lbsim list} and the catalogue
 * @param source the paper or system it comes from
 * @param params parameters, set as {@code <name>.<param>}
 * @param ecnFraction the switch ECN threshold (fraction of the buffer) the study runs it with,
 *     used when the scenario leaves {@code buffer.ecn_fraction} on auto
 * @param host per-flow data path policy
 * @param ack per-flow ACK path policy at the receiver, or null to echo the data packet's entropy
 * @param switches per-switch port selector
 * @param oracle true for a design that must know every flow in advance (a central controller):
 *     a reference for the headroom left, not a candidate {@code recommend} proposes unasked
 * @param planes how a host spreads this design's packets over the planes of a multi-plane fabric
 * @param studyForm how the study's simulator runs this design where that differs from this form
 *     ({@code profile: reference} runs it), or null: the same
 */
public record LbDesign(String name, String summary, String source, List<Param> params, double ecnFraction,
    Function<LbContext, PathPolicyFactory> host, Function<LbContext, PathPolicyFactory> ack,
    BiFunction<Switch, LbContext, PortSelector> switches, boolean oracle, PlaneChoice planes, StudyForm studyForm)
    implements Design {

  /**
   * How the host NIC picks a packet's plane ({@code topology.planes} > 1); no switch joins two
   * planes, so this is the only place a packet's plane is chosen. A packet whose source route
   * names a plane takes it, whatever the choice.
   */
  public enum PlaneChoice {
    /** A hash of (flow, entropy) with the host's salt: per flow for one entropy per flow, per packet for spraying. */
    ENTROPY,
    /**
     * Each flow's packets take the planes in turn by sequence number, from a plane drawn per flow
     * (its ACKs likewise from another): designs whose switches choose per packet, and the oracle.
     */
    ROTATION
  }

  /** A design that the study's simulator runs as it is. */
  public LbDesign(String name, String summary, String source, List<Param> params, double ecnFraction,
      Function<LbContext, PathPolicyFactory> host, Function<LbContext, PathPolicyFactory> ack,
      BiFunction<Switch, LbContext, PortSelector> switches, boolean oracle, PlaneChoice planes) {
    this(name, summary, source, params, ecnFraction, host, ack, switches, oracle, planes, null);
  }

  /** A design whose hosts hash the entropy onto planes. */
  public LbDesign(String name, String summary, String source, List<Param> params, double ecnFraction,
      Function<LbContext, PathPolicyFactory> host, Function<LbContext, PathPolicyFactory> ack,
      BiFunction<Switch, LbContext, PortSelector> switches, boolean oracle) {
    this(name, summary, source, params, ecnFraction, host, ack, switches, oracle, PlaneChoice.ENTROPY);
  }

  public LbDesign {
    params = List.copyOf(params);
  }

  /** This design with the form the study's simulator runs it in. */
  public LbDesign withStudyForm(StudyForm form) {
    return new LbDesign(name, summary, source, params, ecnFraction, host, ack, switches, oracle, planes, form);
  }

  @Override
  public Axis axis() {
    return Axis.LB;
  }

  @Override
  public String definedIn() {
    return Design.classOf(host);
  }

  /** A design that decides from what hosts and switches see as they run. */
  public LbDesign(String name, String summary, String source, List<Param> params, double ecnFraction,
      Function<LbContext, PathPolicyFactory> host, Function<LbContext, PathPolicyFactory> ack,
      BiFunction<Switch, LbContext, PortSelector> switches) {
    this(name, summary, source, params, ecnFraction, host, ack, switches, false, PlaneChoice.ENTROPY);
  }
}
