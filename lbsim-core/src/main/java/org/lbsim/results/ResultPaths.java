package org.lbsim.results;

import java.nio.file.Path;
import java.util.List;
import org.lbsim.scenario.ScenarioException;

/**
 * The one way a name becomes a folder of results: a name is used only if it is a single safe
 * path segment, so no result file is ever written outside the chosen output folder.
 */
public final class ResultPaths {
  /** The longest name allowed, well below the 255 bytes a file-system entry may have. */
  public static final int MAX_NAME = 200;
  /** What a name may be, as error messages say it. */
  public static final String ALLOWED = "1 to " + MAX_NAME
      + " letters, digits, '.', '_' and '-', not '.' or '..' (it names a results folder)";

  private ResultPaths() {}

  /** {@code out/name}, or a {@link ScenarioException} naming {@code name} if it is not one safe segment. */
  public static Path child(Path out, String name) {
    return child(out, name, "name");
  }

  /**
   * As {@link #child(Path, String)}; {@code what} starts the error line, e.g. {@code "s.yaml: name"}.
   */
  public static Path child(Path out, String name, String what) {
    String problem = problem(name);
    if (problem != null) {
      throw new ScenarioException(List.of(what + ": " + problem + " (got '" + shown(name) + "'; allowed: " + ALLOWED
          + ")"));
    }
    return out.resolve(name);
  }

  /** Why {@code name} is not a safe folder name, or null if it is one. */
  public static String problem(String name) {
    if (name == null || name.isEmpty()) {
      return "empty name";
    }
    if (name.equals(".") || name.equals("..")) {
      return "not a folder name";
    }
    if (name.length() > MAX_NAME) {
      return "name too long (" + name.length() + " characters)";
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_'
          || c == '-';
      if (!ok) {
        return c == '/' || c == '\\' ? "a name, not a path" : "character not allowed in a folder name";
      }
    }
    return null;
  }

  /** The name as an error line shows it: printable, and at most 60 characters. */
  private static String shown(String name) {
    if (name == null) {
      return "";
    }
    StringBuilder sb = new StringBuilder();
    name.codePoints().limit(60).forEach(c -> sb.appendCodePoint(Character.isISOControl(c) ? '?' : c));
    return name.codePointCount(0, name.length()) > 60 ? sb + "..." : sb.toString();
  }
}
