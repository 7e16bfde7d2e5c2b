package org.lbsim.workload;

import java.util.Locale;

/**
 * Text from an input file as an error line quotes it: on one line and without control
 * characters, whatever the file holds (a node name, a token, a path), so every problem stays one
 * line that a terminal prints as written.
 */
public final class InputText {
  private InputText() {}

  /**
   * {@code text} whole, with line breaks and tabs as {@code \n} and {@code \t} and every other
   * control or format character as {@code \}{@code uXXXX}.
   */
  public static String oneLine(String text) {
    StringBuilder sb = new StringBuilder(text.length());
    text.codePoints().forEach(c -> {
      if (c == '\n') {
        sb.append("\\n");
      } else if (c == '\t') {
        sb.append("\\t");
      } else if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
        sb.append(String.format(Locale.ROOT, "\\u%04X", c));
      } else {
        sb.appendCodePoint(c);
      }
    });
    return sb.toString();
  }
}
