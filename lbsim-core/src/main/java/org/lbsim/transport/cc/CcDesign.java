package org.lbsim.transport.cc;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.lbsim.design.Axis;
import org.lbsim.design.Design;
import org.lbsim.design.Param;
import org.lbsim.design.Params;
import org.lbsim.transport.CcContext;
import org.lbsim.transport.CcFactory;
import org.lbsim.transport.CcReceiver;
import org.lbsim.transport.CongestionControl;

/**
 * A congestion control lbsim knows: its name in {@code cc}, one line for people, the paper, its
 * parameters ({@code <name>.<param>} in a scenario) and what it needs from the network.
 *
 * @param intStamping switches must stamp INT records (HPCC)
 * @param cnp receivers must send CNPs for CE-marked packets (DCQCN); the interval is the
 *     {@code cnp_interval_us} parameter
 * @param factory makes each flow's congestion control (its sender part)
 * @param receiver makes each flow's receiver part ({@link CcReceiver}), which talks to the
 *     sender part in control packets; null = the design has none (see {@link #withReceiver})
 */
public record CcDesign(String name, String summary, String paper, List<Param> params, boolean intStamping,
    boolean cnp, BiFunction<Params, CcContext, CongestionControl> factory,
    BiFunction<Params, CcContext, CcReceiver> receiver) implements Design {

  /** A design whose receivers do nothing for it but ACK (and send CNPs, if {@code cnp}). */
  public CcDesign(String name, String summary, String paper, List<Param> params, boolean intStamping, boolean cnp,
      BiFunction<Params, CcContext, CongestionControl> factory) {
    this(name, summary, paper, params, intStamping, cnp, factory, null);
  }

  public CcDesign {
    params = List.copyOf(params);
    if (cnp && receiver != null) {
      throw new IllegalArgumentException("congestion control '" + name + "': a design with CNPs has its receiver part "
          + "(the CNP notifier) and takes no other");
    }
  }

  /**
   * This design with a receiver part: {@code receiver} makes each flow's {@link CcReceiver} from
   * the run's parameter values and the flow's context (the sender's, without its jitter stream).
   */
  public CcDesign withReceiver(BiFunction<Params, CcContext, CcReceiver> receiver) {
    return new CcDesign(name, summary, paper, params, intStamping, cnp, factory, receiver);
  }

  @Override
  public Axis axis() {
    return Axis.CC;
  }

  /** The paper it comes from. */
  @Override
  public String source() {
    return paper;
  }

  @Override
  public String definedIn() {
    return Design.classOf(factory);
  }

  /** The factory for one run, parameters bound. */
  public CcFactory bind(Params values) {
    return flow -> factory.apply(values, flow);
  }

  /** The receiver parts' factory for one run, parameters bound; null when the design has no receiver part. */
  public Function<CcContext, CcReceiver> bindReceiver(Params values) {
    return receiver == null ? null : flow -> receiver.apply(values, flow);
  }

  /** Receivers' CNP interval under {@code values}, or -1 when this algorithm has no CNPs. */
  public long cnpIntervalPs(Params values) {
    return cnp ? Math.round(values.number("cnp_interval_us") * 1_000_000) : -1;
  }
}
