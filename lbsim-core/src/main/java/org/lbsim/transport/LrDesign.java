package org.lbsim.transport;

import java.util.List;
import org.lbsim.design.Axis;
import org.lbsim.design.Design;
import org.lbsim.lb.Param;
import org.lbsim.lb.PathPolicy;
import org.lbsim.workload.FlowSpec;

/**
 * A loss recovery lbsim knows: its name in {@code lr}, one line for people, where it comes from,
 * its parameters, and how a flow's two ends are made. Both ends come from the same design, so a
 * sender always talks to the receiver it expects.
 *
 * @param params its parameters, set as {@code <name>.<param>} ({@code sack.threshold}) and
 *     applying only under it; the schema and {@code lbsim list} show them in this order, the
 *     reader checks them and resolves them into {@link RecoveryParams}
 * @param sender the sender-side recovery of one flow
 * @param receiver the receiving end of one flow: its recovery's logic on the {@link Receiver} every
 *     flow has
 */
public record LrDesign(String name, String summary, String source, List<Param> params, SenderSide sender,
    ReceiverSide receiver) implements Design {

  public LrDesign {
    params = List.copyOf(params);
  }

  /** Its parameters' scenario keys, in order, those with a further condition ({@link Param#onlyWhen}) last. */
  @Override
  public List<String> keys() {
    java.util.ArrayList<String> keys = new java.util.ArrayList<>();
    for (Param p : params) {
      if (p.onlyWhen() == null) {
        keys.add(name + "." + p.name());
      }
    }
    for (Param p : params) {
      if (p.onlyWhen() != null) {
        keys.add(name + "." + p.name());
      }
    }
    return List.copyOf(keys);
  }

  @Override
  public Axis axis() {
    return Axis.LR;
  }

  @Override
  public String definedIn() {
    return Design.classOf(sender);
  }

  /**
   * Makes one flow's sender-side recovery: {@code targetPackets} = the message's packets plus
   * erasure coding's extra ones, {@code rtt} = the flow's RTT estimator (its sender). The run's
   * settings and paths come from {@code transport}.
   */
  @FunctionalInterface
  public interface SenderSide {
    LossRecovery create(Transport transport, FlowSpec flow, long targetPackets, RttEstimator rtt);
  }

  /** Makes flow {@code flow}'s receiver; {@code ackPath} steers its ACKs (null: echo the data packet's entropy). */
  @FunctionalInterface
  public interface ReceiverSide {
    Receiver create(Transport transport, int flow, PathPolicy ackPath, long targetPackets);
  }
}
