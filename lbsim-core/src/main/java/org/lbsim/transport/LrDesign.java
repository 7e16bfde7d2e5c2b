package org.lbsim.transport;

import java.util.List;
import java.util.function.Function;
import org.lbsim.design.Axis;
import org.lbsim.design.Design;
import org.lbsim.design.Param;
import org.lbsim.design.Params;
import org.lbsim.lb.PathPolicy;
import org.lbsim.workload.FlowSpec;

/**
 * A loss recovery lbsim knows: its name in {@code lr}, one line for people, where it comes from,
 * its parameters, and how a flow's two ends are made. Both ends come from the same design, so a
 * sender always talks to the receiver it expects.
 *
 * @param params its parameters, set as {@code <name>.<param>} ({@code sack.threshold}) and
 *     applying only under it; the schema and {@code lbsim list} show them in this order, the
 *     scenario reader reads them into {@link Params} and {@link #bind} fixes them for a run
 * @param sender the sender-side recovery of one flow
 * @param receiver the receiving end of one flow: its recovery's logic on the {@link Receiver} every
 *     flow has
 * @param check its rules between its parameters, which the scenario reader applies
 */
public record LrDesign(String name, String summary, String source, List<Param> params, SenderSide sender,
    ReceiverSide receiver, Check check) implements Design {

  public LrDesign {
    params = List.copyOf(params);
  }

  /** A design without rules between its parameters. */
  public LrDesign(String name, String summary, String source, List<Param> params, SenderSide sender,
      ReceiverSide receiver) {
    this(name, summary, source, params, sender, receiver, Check.NONE);
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
    return withSettings(name, summary, source, params, values -> values, sender, receiver, Check.NONE);
  }

  /**
   * A design whose sender side reads settings of type {@code S}: {@code settings} makes them from
   * its parameters' values once, when {@link #bind} gives the design of one run (until then, from
   * the defaults); {@code check} holds its rules between parameters.
   */
  public static <S> LrDesign withSettings(String name, String summary, String source, List<Param> params,
      Function<Params, S> settings, SettingsSenderSide<S> sender, ReceiverSide receiver, Check check) {
    return new LrDesign(name, summary, source, params,
        new BoundSender<>(settings, sender, settings.apply(Params.defaults(params))), receiver, check);
  }

  /** As above, with a receiver side that reads the same settings. */
  public static <S> LrDesign withSettings(String name, String summary, String source, List<Param> params,
      Function<Params, S> settings, SettingsSenderSide<S> sender, SettingsReceiverSide<S> receiver, Check check) {
    S defaults = settings.apply(Params.defaults(params));
    return new LrDesign(name, summary, source, params, new BoundSender<>(settings, sender, defaults),
        new BoundReceiver<>(settings, receiver, defaults), check);
  }

  /** This design with its sides reading {@code values} (a design without parameters is itself). */
  public LrDesign bind(Params values) {
    if (!(sender instanceof BoundSender<?> b)) {
      return this;
    }
    // a receiver side bound to this design's own settings reads them too; one taken from another
    // design (a plug-in reusing a built-in receiver) keeps that design's
    ReceiverSide r = receiver instanceof BoundReceiver<?> br && br.settings() == b.settings() ? br.rebind(values)
        : receiver;
    return new LrDesign(name, summary, source, params, b.rebind(values), r, check);
  }

  @Override
  public String definedIn() {
    return Design.classOf(sender instanceof BoundSender<?> b ? b.sender() : sender);
  }

  /** A sender side with its settings made from its parameters' values. */
  private record BoundSender<S>(Function<Params, S> settings, SettingsSenderSide<S> sender, S bound)
      implements SenderSide {
    @Override
    public LossRecovery create(Transport transport, FlowSpec flow, long targetPackets, RttView rtt) {
      return sender.create(bound, transport, flow, targetPackets, rtt);
    }

    BoundSender<S> rebind(Params values) {
      return new BoundSender<>(settings, sender, settings.apply(values));
    }
  }

  /** A receiver side with its settings made from its parameters' values. */
  private record BoundReceiver<S>(Function<Params, S> settings, SettingsReceiverSide<S> receiver, S bound)
      implements ReceiverSide {
    @Override
    public Receiver create(Transport transport, int flow, PathPolicy ackPath, long targetPackets) {
      return receiver.create(bound, transport, flow, ackPath, targetPackets);
    }

    BoundReceiver<S> rebind(Params values) {
      return new BoundReceiver<>(settings, receiver, settings.apply(values));
    }
  }

  /** As {@link ReceiverSide}, reading the run's settings, made from the design's parameters. */
  @FunctionalInterface
  public interface SettingsReceiverSide<S> {
    Receiver create(S settings, Transport transport, int flow, PathPolicy ackPath, long targetPackets);
  }

  /** As {@link SenderSide}, reading the run's settings, made from the design's parameters. */
  @FunctionalInterface
  public interface SettingsSenderSide<S> {
    LossRecovery create(S settings, Transport transport, FlowSpec flow, long targetPackets, RttView rtt);
  }

  /** As {@link SenderSide}, reading the run's values of the design's parameters. */
  @FunctionalInterface
  public interface ParamSenderSide extends SettingsSenderSide<Params> {}

  /**
   * A design's rules between its parameters, applied by the scenario reader after it read them:
   * {@code read} holds those it read (a refused one is absent), {@code keys} the scenario around.
   */
  @FunctionalInterface
  public interface Check {
    Check NONE = (read, keys) -> { };

    void check(Params read, Keys keys);
  }

  /** The scenario around a design's parameters, by parameter name. */
  public interface Keys {
    /** The scenario's text of parameter {@code param}. */
    String text(String param);

    /** Whether parameter {@code param} applies in this scenario. */
    boolean applies(String param);

    /** Refuses parameter {@code param}'s text; {@code allowed} says what would do. */
    void refuse(String param, String allowed);
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
