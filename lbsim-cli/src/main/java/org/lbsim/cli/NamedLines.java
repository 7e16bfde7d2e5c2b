package org.lbsim.cli;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * Lines written to it go to {@code target} whole, each prefixed with {@code [name]}: the progress
 * lines of runs going at once stay apart and say which run they are about.
 */
final class NamedLines extends Writer {
  private final PrintWriter target;
  private final String prefix;
  private final StringBuilder line = new StringBuilder();

  NamedLines(PrintWriter target, String name) {
    this.target = target;
    this.prefix = "[" + name + "]";
  }

  @Override
  public void write(char[] chars, int off, int len) {
    for (int i = off; i < off + len; i++) {
      char c = chars[i];
      if (c == '\n') {
        synchronized (target) {
          target.println(prefix + line);
          target.flush();
        }
        line.setLength(0);
      } else if (c != '\r') {
        line.append(c);
      }
    }
  }

  @Override
  public void flush() {}

  @Override
  public void close() {}
}
