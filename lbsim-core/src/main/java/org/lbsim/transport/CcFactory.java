package org.lbsim.transport;

/** Creates one flow's congestion control (the scenario layer maps the name in {@code cc} to one). */
@FunctionalInterface
public interface CcFactory {
  CongestionControl create(CcContext flow);
}
