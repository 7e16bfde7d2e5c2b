package org.lbsim.failure;

/** What a failed link does (study-notes §4, reference-model §5). */
public enum FailureKind {
  /** No failures (the default). */
  NONE("none"),
  /** Hard failure, both directions: the port still serializes, then discards (looks empty to AR). */
  DROP("drop"),
  /** Hard failure, both directions: the port stops sending; its buffer fills and tail-drops (looks full). */
  HOLD("hold"),
  /** Both directions run at {@code failures.capacity} of the link speed; routing does not know. */
  DEGRADED("degraded"),
  /** Both directions lose every packet during random bursts; routing does not know. */
  FLAKY("flaky");

  private final String key;

  FailureKind(String key) {
    this.key = key;
  }

  public String key() {
    return key;
  }

  /** Hard failures are the ones routing converges around. */
  public boolean hard() {
    return this == DROP || this == HOLD;
  }

  public static FailureKind parse(String s) {
    for (FailureKind k : values()) {
      if (k.key.equals(s)) {
        return k;
      }
    }
    return null;
  }
}
