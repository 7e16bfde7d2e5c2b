package org.lbsim.transport.cc;

import java.util.List;
import java.util.function.BiFunction;
import org.lbsim.design.Axis;
import org.lbsim.design.Design;
import org.lbsim.design.Param;
import org.lbsim.design.Params;
import org.lbsim.transport.CcContext;
import org.lbsim.transport.CcFactory;
import org.lbsim.transport.CongestionControl;

/**
 * A congestion control lbsim knows: its name in {@code cc}, one line for people, the paper, its
 * parameters ({@code <name>.<param>} in a scenario) and what it needs from the network.
 *
 * @param intStamping switches must stamp INT records (HPCC)
 * @param cnp receivers must send CNPs for CE-marked packets (DCQCN); the interval is the
 *     {@code cnp_interval_us} parameter
 */
public record CcDesign(String name, String summary, String paper, List<Param> params, boolean intStamping,
    boolean cnp, BiFunction<Params, CcContext, CongestionControl> factory) implements Design {

  public CcDesign {
    params = List.copyOf(params);
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

  /** Receivers' CNP interval under {@code values}, or -1 when this algorithm has no CNPs. */
  public long cnpIntervalPs(Params values) {
    return cnp ? Math.round(values.number("cnp_interval_us") * 1_000_000) : -1;
  }
}
