package org.lbsim.transport;

import java.util.List;
import org.lbsim.design.Params;

/**
 * SACK's settings for one run, bound once from its design's parameters ({@code sack.*}).
 *
 * @param threshold a hole is lost once the highest SACKed sequence is more than this many packets beyond it
 * @param trigger what declares a hole lost, one of {@link #TRIGGERS}: beyond = a SACK more than the
 *     threshold beyond it; dupacks = the study simulator's -sack x -dup d (x = the threshold; fast
 *     recovery on the d-th duplicate ACK, go-back-N timeout); newreno = its -dup d without -sack
 * @param dupAcks dupacks / newreno: the duplicate-ACK count that starts fast recovery; -1 = {@code threshold}
 * @param fastRetransmit declare holes lost from SACKs at all (false: only timeouts and NACKs recover)
 * @param perPacketTimer beyond: each outstanding packet times out one RTO after its last send
 *     ({@code sack.timer: per-packet}); false = one timer from the last new cumulative ack
 */
public record SackSettings(int threshold, String trigger, int dupAcks, boolean fastRetransmit,
    boolean perPacketTimer) {

  /** SACK's hole-declaring rules ({@code sack.trigger}), in the order its parameter lists them. */
  public static final List<String> TRIGGERS = List.of("beyond", "dupacks", "newreno");

  /** SACK's retransmission timers ({@code sack.timer}), in the order its parameter lists them. */
  public static final List<String> TIMERS = List.of("progress", "per-packet");

  /** The settings without a timer per packet. */
  public SackSettings(int threshold, String trigger, int dupAcks, boolean fastRetransmit) {
    this(threshold, trigger, dupAcks, fastRetransmit, false);
  }

  public SackSettings {
    if (threshold < 0) {
      throw new IllegalArgumentException("sack threshold must be >= 0, got " + threshold);
    }
    if (!TRIGGERS.contains(trigger)) {
      throw new IllegalArgumentException("unknown sack trigger '" + trigger + "' (allowed: beyond, dupacks, newreno)");
    }
    int dup = dupAcks >= 0 ? dupAcks : threshold;
    if (!trigger.equals("beyond") && dup < 1) {
      throw new IllegalArgumentException("sack trigger " + trigger + " needs a duplicate-ACK count >= 1, got " + dup);
    }
  }

  /** The settings {@code values} of SACK's parameters give ({@code dupacks} auto = -1). */
  public static SackSettings bind(Params values) {
    return new SackSettings(values.integer("threshold"), values.word("trigger", TRIGGERS),
        (int) values.integerOr("dupacks", -1), values.integer("fast_retransmit") == 1,
        values.has("timer") && values.word("timer", TIMERS).equals("per-packet"));
  }

  /** dupacks / newreno: the duplicate ACKs that start fast recovery ({@code -dup}). */
  public int dupAckThreshold() {
    return dupAcks >= 0 ? dupAcks : threshold;
  }

  /** Whether SACK runs the study simulator's duplicate-ACK sender ({@link #trigger} dupacks or newreno). */
  public boolean dupAckTrigger() {
    return !trigger.equals("beyond");
  }
}
