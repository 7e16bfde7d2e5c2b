package org.lbsim.workload;

/**
 * One connection line of a {@code .cm} file, before {@link TriggerResolver} links it to its triggers.
 *
 * @param line where it was written, for error messages
 * @param startPs start time in picoseconds (0 for a triggered connection)
 * @param trigger id of the trigger it waits for, or {@link #NONE}
 * @param sendDoneTrigger trigger it activates when done sending, or {@link #NONE}
 * @param recvDoneTrigger trigger it activates when fully received, or {@link #NONE}
 */
record CmConnection(int line, int src, int dst, long bytes, long startPs, long trigger,
    long sendDoneTrigger, long recvDoneTrigger) {

  static final long NONE = -1;

  boolean waits() {
    return trigger != NONE;
  }
}
