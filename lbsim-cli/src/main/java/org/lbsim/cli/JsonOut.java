package org.lbsim.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Map;

/**
 * The JSON documents of {@code --json}: fields in the order they are put, two-space indents and
 * {@code \n} line ends on every platform, so the same input prints the same bytes. A number the
 * table shows as "-" (NaN, or a negative time) is null.
 */
final class JsonOut {
  private JsonOut() {}

  /** A document naming its command; its schema is {@code schemas/<command>.json}. */
  static ObjectNode document(String command) {
    ObjectNode n = JsonNodeFactory.instance.objectNode();
    n.put("command", command);
    return n;
  }

  /** {@code x}, or null when it is NaN or infinite. */
  static void number(ObjectNode n, String key, double x) {
    if (Double.isNaN(x) || Double.isInfinite(x)) {
      n.putNull(key);
    } else {
      n.put(key, x);
    }
  }

  /** {@code ps}, or null when it is negative (not known: the run did not finish). */
  static void time(ObjectNode n, String key, long ps) {
    if (ps < 0) {
      n.putNull(key);
    } else {
      n.put(key, ps);
    }
  }

  /** {@code text}, or null. */
  static void text(ObjectNode n, String key, String text) {
    if (text == null) {
      n.putNull(key);
    } else {
      n.put(key, text);
    }
  }

  /** An object of the string pairs of {@code m}, in its order. */
  static ObjectNode strings(Map<String, String> m) {
    ObjectNode n = JsonNodeFactory.instance.objectNode();
    m.forEach(n::put);
    return n;
  }

  /** Prints {@code doc} and a line end. */
  static void print(PrintWriter o, JsonNode doc) {
    DefaultPrettyPrinter pp = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"))
        .withArrayIndenter(new DefaultIndenter("  ", "\n"));
    try {
      o.print(new ObjectMapper().writer(pp).writeValueAsString(doc));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of plain nodes always serializes", e);
    }
    o.print('\n');
    o.flush();
  }
}
