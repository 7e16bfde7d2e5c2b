package org.lbsim.lb;

import org.lbsim.engine.SplitMix;

/** Creates the host path policy of one flow, from that flow's own random stream. */
@FunctionalInterface
public interface PathPolicyFactory {
  PathPolicy create(FlowInfo flow, SplitMix random);
}
