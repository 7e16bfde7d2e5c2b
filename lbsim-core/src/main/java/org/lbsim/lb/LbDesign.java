package org.lbsim.lb;

import java.util.function.Function;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Switch;

/**
 * A load-balancing design as users name it: what the hosts put on packets and what the
 * switches do with it.
 *
 * @param name the name used in scenario files ({@code lb: host-spray})
 * @param summary one line for {@code lbsim list} and the catalogue
 * @param hostPolicy per-flow entropy choice
 * @param switchSelector per-switch choice among equal-cost ports
 */
public record LbDesign(String name, String summary, PathPolicyFactory hostPolicy,
    Function<Switch, PortSelector> switchSelector) {}
