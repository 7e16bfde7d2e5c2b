package org.lbsim.training.chakra;

import org.lbsim.workload.InputText;

/**
 * A Chakra trace lbsim cannot simulate as written, with one line a person can act on:
 * {@code "<file>: workload.trace: <what is wrong> (got '<value>'; allowed: <what>)"}, its control
 * characters (from node and group names) escaped ({@link InputText}).
 */
public final class TraceException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  TraceException(String file, String what, String got, String allowed) {
    super(InputText.oneLine(file + ": workload.trace: " + what + " (got '" + got + "'; allowed: " + allowed + ")"));
  }
}
