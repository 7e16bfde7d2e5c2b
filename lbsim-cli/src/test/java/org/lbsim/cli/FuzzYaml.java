package org.lbsim.cli;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Writes a tree of maps, lists and text as YAML for the fuzz tests: mappings in block style,
 * lists in flow style, each scalar plain where YAML reads it back as written and double-quoted
 * (escaped) otherwise, or, for one scalar in {@code plainChance}, plain whatever it holds, so the
 * parser also meets text it must refuse.
 */
final class FuzzYaml {
  /** Characters that mean something to YAML. */
  private static final String SYNTAX = ":-[]{}&*!|>'\"%@` \t\n#,?";

  private final SplittableRandom random;
  private final int plainChance;

  FuzzYaml(SplittableRandom random, int plainChance) {
    this.random = random;
    this.plainChance = plainChance;
  }

  String write(Map<?, ?> root) {
    StringBuilder sb = new StringBuilder();
    block(sb, root, 0);
    return sb.toString();
  }

  private void block(StringBuilder sb, Map<?, ?> m, int depth) {
    for (Map.Entry<?, ?> e : m.entrySet()) {
      sb.append("  ".repeat(depth)).append(scalar(String.valueOf(e.getKey()))).append(':');
      if (e.getValue() instanceof Map<?, ?> child && !child.isEmpty()) {
        sb.append('\n');
        block(sb, child, depth + 1);
      } else {
        sb.append(' ').append(flow(e.getValue())).append('\n');
      }
    }
  }

  private String flow(Object v) {
    if (v == null) {
      return "~";
    }
    if (v instanceof Map<?, ?> m) {
      StringBuilder sb = new StringBuilder("{");
      for (Map.Entry<?, ?> e : m.entrySet()) {
        sb.append(sb.length() > 1 ? ", " : "").append(scalar(String.valueOf(e.getKey()))).append(": ").append(flow(e.getValue()));
      }
      return sb.append('}').toString();
    }
    if (v instanceof List<?> l) {
      StringBuilder sb = new StringBuilder("[");
      for (Object x : l) {
        sb.append(sb.length() > 1 ? ", " : "").append(flow(x));
      }
      return sb.append(']').toString();
    }
    return scalar(v.toString());
  }

  private String scalar(String s) {
    if (s.matches("[A-Za-z0-9_.?+-][A-Za-z0-9_.?+ -]*[A-Za-z0-9_.?+-]|[A-Za-z0-9_.+-]") || random.nextInt(plainChance) == 0) {
      return s;
    }
    StringBuilder sb = new StringBuilder("\"");
    s.codePoints().forEach(c -> {
      if (c == '"' || c == '\\') {
        sb.append('\\').appendCodePoint(c);
      } else if (c < 0x20 || c == 0x7f) {
        sb.append(String.format(java.util.Locale.ROOT, "\\x%02x", c));
      } else {
        sb.appendCodePoint(c);
      }
    });
    return sb.append('"').toString();
  }

  /** One text edit: a cut, a character dropped or inserted, a line repeated, or the line ends made CRLF. */
  static String mangle(String text, SplittableRandom random) {
    if (text.isEmpty()) {
      return text;
    }
    int at = random.nextInt(text.length());
    return switch (random.nextInt(5)) {
      case 0 -> text.substring(0, at);
      case 1 -> text.substring(0, at) + text.substring(at + 1);
      case 2 -> text.substring(0, at) + SYNTAX.charAt(random.nextInt(SYNTAX.length())) + text.substring(at);
      case 3 -> {
        int start = text.lastIndexOf('\n', at) + 1;
        int end = text.indexOf('\n', at);
        String line = text.substring(start, end < 0 ? text.length() : end + 1);
        yield text.substring(0, start) + line + (line.endsWith("\n") ? "" : "\n") + text.substring(start);
      }
      default -> text.replace("\n", "\r\n");
    };
  }
}
