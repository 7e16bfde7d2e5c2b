package org.lbsim.scenario;

import org.lbsim.design.Params;
import org.lbsim.lb.LbDesign;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.cc.CcDesign;

/**
 * The {@code lb}, {@code cc} and {@code lr} keys and the chosen designs' own keys: each design
 * resolved from the catalog, with its parameters (defaults filled in).
 *
 * @param lb the load-balancing design
 * @param cc the congestion control
 * @param lr the loss recovery
 */
public record DesignsSection(LbDesign lb, Params lbParams, CcDesign cc, Params ccParams, LrDesign lr,
    Params lrParams) {}
