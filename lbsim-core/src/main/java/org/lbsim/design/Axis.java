package org.lbsim.design;

/** The kinds of design a scenario chooses, each by one key. */
public enum Axis {
  LB("lb", "load balancing"),
  CC("cc", "congestion control"),
  LR("lr", "loss recovery"),
  WORKLOAD("workload.kind", "workload"),
  TOPOLOGY("topology.kind", "topology");

  private final String key;
  private final String title;

  Axis(String key, String title) {
    this.key = key;
    this.title = title;
  }

  /** The scenario key whose value names the design ({@code lb}, {@code workload.kind}, ...). */
  public String key() {
    return key;
  }

  /** The axis for people ("load balancing"). */
  public String title() {
    return title;
  }
}
