package org.lbsim.design;

import java.util.List;

/**
 * A named design of one {@link Axis}: what {@code lbsim list}, the scenario schema, validation
 * and the docs know about it. {@code LbDesign}, {@code CcDesign}, {@code LrDesign},
 * {@code WorkloadKind} and {@code TopologyKind} implement it; each also holds the factories a
 * run builds it with.
 */
public interface Design {
  Axis axis();

  /** The name a scenario chooses it by ({@code lb: host-spray}). */
  String name();

  /** One line for people. */
  String summary();

  /** The paper, standard or system it comes from; empty when none. */
  String source();

  /** Typed parameters, set in a scenario as {@code <name>.<param>}. */
  default List<Param> params() {
    return List.of();
  }

  /** Further scenario keys that apply only under this design (its own section's keys). */
  default List<String> keys() {
    return List.of();
  }

  /** The class whose code defines this design (the class its factories are written in). */
  String definedIn();

  /** The class that wrote {@code factory}: a lambda's or method reference's enclosing class. */
  static String classOf(Object factory) {
    if (factory == null) {
      return "";
    }
    String n = factory.getClass().getName();
    int lambda = n.indexOf("$$");
    return lambda < 0 ? n : n.substring(0, lambda);
  }
}
