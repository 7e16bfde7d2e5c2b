package org.lbsim.workload;

/**
 * A flow's part in the run-time triggers of a connection matrix: htsim's oneshot and multishot
 * triggers, which start flows in the order their activations happen during the run (barriers wait
 * for every activator and stay plain dependencies, {@link FlowSpec#deps()}). Triggers are numbered
 * 0..t-1 within the workload; {@link #NO_TRIGGER} is none.
 *
 * <p>A oneshot trigger's first activation starts every flow waiting on it; later activations start
 * nothing. A multishot trigger's k-th activation starts the k-th flow waiting on it, in flow-id
 * order; activations beyond its waiting flows start nothing. A flow activates a trigger once, when
 * all of its connections are done: the subflows of a split flow share {@code flow} and activate as
 * that one flow, and a multishot activation starts every subflow of the flow it starts.
 *
 * @param waitsFor the trigger whose firing starts this flow
 * @param multishot whether {@code waitsFor} is a multishot trigger rather than a oneshot one
 * @param whenSent the trigger this flow activates when its sender has the ACK that completes it
 * @param whenReceived the trigger it activates when its receiver holds the whole message
 * @param flow the workload flow these links belong to; the subflows of one flow share it
 */
public record FlowTriggers(int waitsFor, boolean multishot, int whenSent, int whenReceived, int flow) {

  public static final int NO_TRIGGER = -1;

  /** No link to any run-time trigger. */
  public static final FlowTriggers NONE = new FlowTriggers(NO_TRIGGER, false, NO_TRIGGER, NO_TRIGGER, -1);

  public FlowTriggers {
    if (waitsFor < NO_TRIGGER || whenSent < NO_TRIGGER || whenReceived < NO_TRIGGER) {
      throw new IllegalArgumentException("trigger numbers are >= 0, or " + NO_TRIGGER + " for none");
    }
    if (multishot && waitsFor == NO_TRIGGER) {
      throw new IllegalArgumentException("a flow that waits for no trigger waits for no multishot trigger");
    }
  }

  /** Whether a trigger starts this flow. */
  public boolean waits() {
    return waitsFor != NO_TRIGGER;
  }

  /** Whether this flow is linked to any run-time trigger, waiting or activating. */
  public boolean linked() {
    return waitsFor != NO_TRIGGER || whenSent != NO_TRIGGER || whenReceived != NO_TRIGGER;
  }
}
