package org.lbsim.transport;

/**
 * What a modelling profile changes in the senders and receivers: the default profile is
 * physically correct, the reference profile copies the study simulator's choices.
 */
public interface TransportProfile {
  /**
   * ACKs copy the data packet's CE bit (false in the reference profile, where a sender only sees
   * marks the ACK itself picked up); a scenario's {@code packet.ack_ce: echo} or {@code path}
   * overrides it.
   */
  boolean ackEchoesCe();

  /**
   * Jittered start in [0, gap) from which FCT is measured, and gaps with a positive jitter in
   * [0, gap/100), as in the study's simulator.
   */
  boolean referencePacing();

  /**
   * The study simulator's erasure sender (pause one SRTT, then one packet per slot) instead of
   * per-packet loss timeouts.
   */
  boolean referenceErasure();

  /**
   * A sender does not post a data packet while its host NIC still holds a full data packet
   * waiting: the host cannot push faster than its link drains, so the ACKs it returns slow its own
   * data instead of piling it up in an ever-growing NIC queue (off in the reference profile,
   * whose NIC queue is unbounded and never pushes back).
   */
  boolean nicBackpressure();

  /**
   * The host NIC keeps one FIFO per flow (its data, or the ACKs the host returns for it) and
   * serves them round robin, as the study simulator's {@code ConstFairScheduler} does (reference
   * profile), when some flow waits for another (rings, training jobs, triggered connection
   * matrices); otherwise it is one FIFO. Workloads of independent flows keep the FIFO NIC: the
   * round-robin one handles every packet twice, which slows the all-to-all bar, and moves its
   * results by up to 0.4 % (all-to-all) and 6 % (independent subflows on the permutation;
   * docs/reference-profile.md).
   */
  boolean roundRobinNic();

  /**
   * The study simulator's SACK sender ({@code sack.trigger: dupacks} or {@code newreno}) reads the
   * bitmap its receiver keeps ({@link StudySackRegister}), in which a packet 64 or more beyond the
   * cumulative ack marks the packet its distance mod 64 beyond it (reference profile); otherwise
   * every ACK carries the packets the receiver holds.
   */
  boolean studySackBitmap();
}
