package org.lbsim.report;

/** A results folder the report cannot be built from; the message is one line, for people. */
public final class ReportException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  ReportException(String message) {
    super(message);
  }
}
