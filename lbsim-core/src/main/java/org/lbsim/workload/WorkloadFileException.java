package org.lbsim.workload;

/**
 * A workload file that cannot be used, with one message a person can act on:
 * {@code "<file>:<line>: <what is wrong> (got '<value>'; <what is allowed>)"}.
 *
 * <p>The message is one line, its control characters escaped ({@link InputText}); the CLI prints
 * {@link #getMessage()} as is, without a stack trace; {@link #file()} and
 * {@link #line()} let a caller point an editor at the spot.
 */
public final class WorkloadFileException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String file;
  private final int line;

  /**
   * @param line 1-based line number, or 0 when the problem concerns the whole file
   * @param got the offending value as written in the file
   * @param allowed what would have been accepted
   */
  WorkloadFileException(String file, int line, String what, String got, String allowed) {
    this(file, line, what, got, allowed, null);
  }

  WorkloadFileException(String file, int line, String what, String got, String allowed, Throwable cause) {
    super(InputText.oneLine(file + (line > 0 ? ":" + line : "") + ": " + what + " (got '" + got + "'; " + allowed + ")"),
        cause);
    this.file = file;
    this.line = line;
  }

  public String file() {
    return file;
  }

  /** 1-based line number of the problem, or 0 if it concerns the whole file. */
  public int line() {
    return line;
  }
}
