package org.lbsim.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the command line in-process, as {@link Main#execute} does, capturing what it prints. */
final class CliRunner {
  record Outcome(int code, String out, String err) {}

  private CliRunner() {}

  static Outcome run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Outcome(code, out.toString(), err.toString());
  }
}
