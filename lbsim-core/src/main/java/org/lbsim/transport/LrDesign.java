package org.lbsim.transport;

import java.util.List;
import org.lbsim.design.Axis;
import org.lbsim.design.Design;
import org.lbsim.lb.Param;
import org.lbsim.lb.Params;
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


  /**
   * A design whose sender side reads its parameters' values: {@link #bind} gives the design of one
   * run, its values fixed; until then the defaults apply.
   */
  public static LrDesign withParams(String name, String summary, String source, List<Param> params,
      ParamSenderSide sender, ReceiverSide receiver) {
    return new LrDesign(name, summary, source, params, new BoundSender(sender, Params.defaults(params)), receiver);
  }

  /** This design with its sender side reading {@code values} (a design without parameters is itself). */
  public LrDesign bind(Params values) {
    return sender instanceof BoundSender b ? new LrDesign(name, summary, source, params,
        new BoundSender(b.sender(), values), receiver) : this;
  }

  @Override
  public String definedIn() {
    return Design.classOf(sender instanceof BoundSender b ? b.sender() : sender);
  }

  /** A sender side with its parameters' values fixed. */
  private record BoundSender(ParamSenderSide sender, Params values) implements SenderSide {
    @Override
    public LossRecovery create(Transport transport, FlowSpec flow, long targetPackets, RttView rtt) {
      return sender.create(values, transport, flow, targetPackets, rtt);
    }
  }

  /** As {@link SenderSide}, reading the run's values of the design's parameters. */
  @FunctionalInterface
  public interface ParamSenderSide {
    LossRecovery create(Params values, Transport transport, FlowSpec flow, long targetPackets, RttView rtt);
  }

  /**
   * Makes one flow's sender-side recovery: {@code targetPackets} = the message's packets plus
   * erasure coding's extra ones, {@code rtt} = the flow's RTT estimate (its sender's). The run's
   * settings and paths come from {@code transport}.
   */
  @FunctionalInterface
  public interface SenderSide {
    LossRecovery create(Transport transport, FlowSpec flow, long targetPackets, RttView rtt);
  }

  /** Makes flow {@code flow}'s receiver; {@code ackPath} steers its ACKs (null: echo the data packet's entropy). */
  @FunctionalInterface
  public interface ReceiverSide {
    Receiver create(Transport transport, int flow, PathPolicy ackPath, long targetPackets);
  }
}
