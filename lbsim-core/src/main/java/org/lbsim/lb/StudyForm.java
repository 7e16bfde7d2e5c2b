package org.lbsim.lb;

import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.lbsim.design.Params;

/**
 * How the study's simulator runs a design where it differs from the design's own form;
 * {@code profile: reference} runs this form (docs/reference-profile.md).
 *
 * @param host the hosts' data path policy, or null for the design's own
 * @param connections the independent connections each flow runs as, from the design's parameters;
 *     more than 1 splits each flow into that many connections, each of its own size, start,
 *     path (its connection id hashed by the switches) and erasure target, the flow done with its
 *     slowest
 */
public record StudyForm(Function<LbContext, PathPolicyFactory> host, ToIntFunction<Params> connections) {
  /** The design's flows as they are, with these host path policies. */
  public static StudyForm hostPaths(Function<LbContext, PathPolicyFactory> host) {
    return new StudyForm(host, params -> 1);
  }

  /** Each flow as independent connections, their number from the design's parameters. */
  public static StudyForm independentConnections(ToIntFunction<Params> connections) {
    return new StudyForm(null, connections);
  }
}
