package org.lbsim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lbsim.workload.InputText;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * The YAML rules of lbsim's input files (scenarios, grids), one place for all of them:
 *
 * <ul>
 *   <li>a file larger than {@link #MAX_FILE_BYTES} is refused before it is parsed;
 *   <li>a key given twice in one mapping is an error naming the file, both lines and the key;
 *   <li>anchors and aliases ({@code &x}, {@code *x}) and merge keys ({@code <<: *x}) work as
 *       YAML 1.1 defines them (keys written next to a merge key win over merged ones); at most
 *       {@link #MAX_ALIASES} aliases of collections and {@link #MAX_DEPTH} levels of nesting;
 *   <li>a scalar's value is its text as written ({@code 1.0} stays {@code 1.0}, {@code off}
 *       stays {@code off}, {@code .nan} stays {@code .nan} and is then refused by the key it is
 *       given to); an empty value, {@code ~} and {@code null} are the empty text.
 * </ul>
 */
public final class StrictYaml {
  /** The largest input file read, in bytes. */
  public static final long MAX_FILE_BYTES = 1L << 20;
  /** Aliases of mappings or lists a file may use. */
  static final int MAX_ALIASES = 100;
  /** Levels of nested mappings and lists. */
  static final int MAX_DEPTH = 32;

  private StrictYaml() {}

  /** The text of {@code file}, refused with one line if missing, unreadable or too large. */
  public static String readFile(Path file) {
    String src = escape(file.toString());
    try {
      long size = Files.size(file);
      if (size > MAX_FILE_BYTES) {
        throw new ScenarioException(List.of(src + ": " + String.format(Locale.ROOT, "%.1f MB", size / 1e6)
            + " is larger than the 1 MiB an input file may be"));
      }
      return Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new ScenarioException(List.of(src + ": no such file"));
    } catch (java.nio.charset.MalformedInputException e) {
      throw new ScenarioException(List.of(src + ": not UTF-8 text"));
    } catch (java.nio.file.FileSystemException e) {
      throw new ScenarioException(List.of(src + ": cannot read (" + escape(String.valueOf(e.getReason())) + ")"));
    } catch (IOException e) {
      throw new ScenarioException(List.of(src + ": cannot read (" + escape(String.valueOf(e.getMessage())) + ")"));
    }
  }

  /**
   * Parses one YAML document into its node tree (merge keys applied, aliases resolved to their
   * anchors' nodes, duplicate keys refused); null for an empty document.
   */
  public static Node compose(String text, String source) {
    if (text.length() > MAX_FILE_BYTES) {
      throw new ScenarioException(List.of(source + ": " + String.format(Locale.ROOT, "%.1f MB", text.length() / 1e6)
          + " is larger than the 1 MiB an input file may be"));
    }
    LoaderOptions o = new LoaderOptions();
    o.setAllowDuplicateKeys(false);
    o.setMergeOnCompose(true);
    o.setMaxAliasesForCollections(MAX_ALIASES);
    o.setNestingDepthLimit(MAX_DEPTH);
    o.setCodePointLimit((int) MAX_FILE_BYTES);
    o.setAllowRecursiveKeys(false);
    Node root;
    try {
      root = new Yaml(o).compose(new StringReader(text));
    } catch (MarkedYAMLException e) {
      Mark m = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
      String where = m == null ? "" : " at line " + (m.getLine() + 1);
      throw new ScenarioException(List.of(source + ": not valid YAML" + where + ": " + oneLine(e.getProblem())));
    } catch (YAMLException e) {
      throw new ScenarioException(List.of(source + ": not valid YAML: " + oneLine(e.getMessage())));
    } catch (NumberFormatException e) {
      // SnakeYAML reads the hexadecimal digits of an x, u or U escape with Integer.parseInt
      throw new ScenarioException(List.of(source + ": not valid YAML: an escape \\x, \\u or \\U without its "
          + "hexadecimal digits (the file ends or the digits are missing)"));
    }
    if (root != null) {
      check(root, "", source, 0, new java.util.IdentityHashMap<>());
    }
    return root;
  }

  /** Duplicate keys, non-scalar keys, nesting depth and recursive aliases, everywhere below {@code n}. */
  private static void check(Node n, String path, String source, int depth, Map<Node, Boolean> open) {
    if (depth > MAX_DEPTH || open.containsKey(n)) {
      throw new ScenarioException(List.of(source + ": " + (path.isEmpty() ? "" : path + ": ")
          + (depth > MAX_DEPTH ? "nested deeper than " + MAX_DEPTH + " levels" : "an alias refers to a mapping or list that contains it")));
    }
    open.put(n, Boolean.TRUE);
    if (n instanceof MappingNode m) {
      Map<String, Integer> seen = new HashMap<>();
      for (NodeTuple t : m.getValue()) {
        if (!(t.getKeyNode() instanceof ScalarNode k)) {
          throw new ScenarioException(List.of(source + ":" + line(t.getKeyNode()) + ": " + (path.isEmpty() ? "" : path + ": ")
              + "a key must be a plain name, not a mapping or list"));
        }
        String key = path.isEmpty() ? k.getValue() : path + "." + k.getValue();
        Integer first = seen.putIfAbsent(k.getValue(), line(k));
        if (first != null) {
          throw new ScenarioException(List.of(source + ":" + line(k) + ": " + show(key) + ": duplicate key (first given on line "
              + first + "; give each key once)"));
        }
        check(t.getValueNode(), key, source, depth + 1, open);
      }
    } else if (n instanceof SequenceNode s) {
      for (Node c : s.getValue()) {
        check(c, path, source, depth + 1, open);
      }
    }
    open.remove(n);
  }

  /** A scalar's value as written; the empty text for null. */
  public static String text(ScalarNode s) {
    return s.getTag().equals(Tag.NULL) ? "" : s.getValue();
  }

  /** True for a null scalar ({@code key:} with nothing, {@code ~}, {@code null}). */
  public static boolean isNull(Node n) {
    return n instanceof ScalarNode s && s.getTag().equals(Tag.NULL);
  }

  /** "a mapping", "a list" or the scalar quoted, for messages. */
  public static String describe(Node n) {
    if (n instanceof MappingNode) {
      return "a mapping";
    }
    if (n instanceof SequenceNode) {
      return "a list";
    }
    return isNull(n) ? "nothing" : "'" + show(((ScalarNode) n).getValue()) + "'";
  }

  /** 1-based line of a node. */
  public static int line(Node n) {
    return n.getStartMark() == null ? 0 : n.getStartMark().getLine() + 1;
  }

  /**
   * Reads a YAML file (the rules above) into a Jackson tree: scalars are text as written, except
   * that a plain integer that reads back as written is a number node (so {@code seeds: 3} is an
   * integer) and null is a null node.
   */
  public static JsonNode readTree(Path file) {
    return readTree(readFile(file), escape(file.toString()));
  }

  /** As {@link #readTree(Path)}, for YAML text that error messages name {@code source}. */
  public static JsonNode readTree(String text, String source) {
    Node root = compose(text, source);
    return root == null ? JsonNodeFactory.instance.nullNode() : toJson(root);
  }

  private static JsonNode toJson(Node n) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    if (n instanceof MappingNode m) {
      ObjectNode o = f.objectNode();
      for (NodeTuple t : m.getValue()) {
        o.set(((ScalarNode) t.getKeyNode()).getValue(), toJson(t.getValueNode()));
      }
      return o;
    }
    if (n instanceof SequenceNode s) {
      ArrayNode a = f.arrayNode();
      for (Node c : s.getValue()) {
        a.add(toJson(c));
      }
      return a;
    }
    ScalarNode s = (ScalarNode) n;
    if (isNull(s)) {
      return f.nullNode();
    }
    if (s.getTag().equals(Tag.INT)) {
      try {
        long x = Long.parseLong(s.getValue());
        if (Long.toString(x).equals(s.getValue())) {
          return x == (int) x ? f.numberNode((int) x) : f.numberNode(x);
        }
      } catch (NumberFormatException e) {
        // not a plain decimal: keep the text
      }
    }
    return f.textNode(s.getValue());
  }

  /** At most {@value #SHOWN} characters of {@code value}, on one line, for error messages. */
  public static String show(String value) {
    String sb = escape(value);
    if (sb.codePointCount(0, sb.length()) <= SHOWN) {
      return sb;
    }
    return sb.substring(0, sb.offsetByCodePoints(0, SHOWN - 3)) + "...";
  }

  /**
   * {@code value} on one line, whole: line breaks, tabs, control and format characters escaped
   * ({@code \n}, {@code \t}, {@code \u001B}). For file names in error messages, which must not be cut.
   */
  public static String escape(String value) {
    return InputText.oneLine(value);
  }

  static final int SHOWN = 80;

  private static String oneLine(String s) {
    return s == null ? "" : show(s.replaceAll("\\s+", " ").trim());
  }
}
