package org.lbsim.scenario;

import java.util.List;
import java.util.Locale;
import org.lbsim.transport.TransportProfile;

/**
 * The {@code packet.ack_ce} key: which CE mark an ACK brings its sender, the congestion signal
 * of every ECN-driven congestion control and path policy.
 */
public enum AckCe {
  /** As the profile says ({@link TransportProfile#ackEchoesCe()}). */
  PROFILE,
  /** The ACK carries the CE mark of the data packet it answers. */
  ECHO,
  /** The ACK carries only the mark it picks up itself on its way back. */
  PATH;

  /** The key's values, as a scenario writes them. */
  static List<String> names() {
    return java.util.Arrays.stream(values()).map(AckCe::text).toList();
  }

  /** The value as a scenario writes it. */
  public String text() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The value a scenario wrote (one of {@link #names()}). */
  static AckCe parse(String text) {
    return valueOf(text.toUpperCase(Locale.ROOT));
  }

  /** Whether ACKs echo the data packet's CE mark under {@code profile}. */
  public boolean echoes(TransportProfile profile) {
    return switch (this) {
      case PROFILE -> profile.ackEchoesCe();
      case ECHO -> true;
      case PATH -> false;
    };
  }
}
