package org.lbsim.training.chakra;

/**
 * One node of one rank's trace, as lbsim simulates it.
 *
 * @param id the node's id in its rank's file
 * @param kind what the node does
 * @param durationPs a local node's time, taken from the trace's {@code duration_micros}
 * @param deps ids of the nodes of the same rank it waits for (its control and data dependencies)
 * @param collective a collective node's operation; null otherwise
 * @param bytes bytes a collective works on (its whole buffer) or a send or receive moves
 * @param group a collective's process group ({@code pg_name}; empty = every rank of the trace)
 * @param peer a send's destination or a receive's source rank; -1 otherwise
 * @param tag a send's or receive's {@code comm_tag}
 */
record TraceNode(long id, String name, Kind kind, long durationPs, long[] deps, Collective collective, long bytes,
    String group, int peer, long tag) {

  /** What a node does in the simulation. */
  enum Kind {
    /** Compute, memory and every other fabric-free node: a local step of its duration. */
    LOCAL,
    /** A node type lbsim does not know, of zero duration: a zero-time step its dependents pass through. */
    SKIPPED,
    COLLECTIVE,
    SEND,
    RECV
  }

  /** The collectives lbsim maps onto flows, with Chakra's {@code CollectiveCommType} numbers. */
  enum Collective {
    ALL_REDUCE(0), REDUCE(1), ALL_GATHER(2), BROADCAST(5), ALL_TO_ALL(6), REDUCE_SCATTER(7),
    REDUCE_SCATTER_BLOCK(8), BARRIER(9);

    final int number;

    Collective(int number) {
      this.number = number;
    }

    /** The collective of Chakra number {@code n}, or null when lbsim does not model it. */
    static Collective of(long n) {
      for (Collective c : values()) {
        if (c.number == n) {
          return c;
        }
      }
      return null;
    }

    static String allowed() {
      StringBuilder sb = new StringBuilder();
      for (Collective c : values()) {
        sb.append(sb.length() == 0 ? "" : ", ").append(c.number).append(" (").append(c.name()).append(')');
      }
      return sb.toString();
    }
  }

  /** How the node reads in a message: its id, name and rank. */
  String label(int rank) {
    return "rank " + rank + " node " + id + (name.isEmpty() ? "" : " '" + name + "'");
  }
}
