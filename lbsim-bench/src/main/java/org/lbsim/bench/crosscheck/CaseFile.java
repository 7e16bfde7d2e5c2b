package org.lbsim.bench.crosscheck;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The case list: one case per line, three fields separated by {@code |}:
 *
 * <pre>
 * NAME | SCENARIO [key=value ...] | DRIVER [flag ...]
 * </pre>
 *
 * <p>NAME is one safe folder name; SCENARIO is an lbsim scenario file relative to the repository,
 * followed by its {@code --set} overrides; DRIVER is an htsim binary in the driver folder, followed
 * by its flags. {@code let NAME = TEXT} defines {@code {NAME}} for the lines after it; {@code {repo}}
 * is the repository. {@code output = stdout} (or {@code flow-log}, the default) says where the
 * drivers of the lines after it report their flows; {@code seed-flag = -seed} that they take
 * their seed from that flag ({@code seed-flag = clock}, the default: they seed themselves from the
 * wall clock). {@code times = finish} (or {@code fct}, the default) says that the lines after it
 * compare each flow's completion since the start of the run rather than since its own start:
 * for triggered matrices, with drivers that report on standard output. Blank lines and lines starting with {@code #} are ignored. Tokens are separated by
 * white space and cannot contain it.
 */
final class CaseFile {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z0-9_-]+)}");
  private static final Pattern LET = Pattern.compile("let\\s+([A-Za-z0-9_-]+)\\s*=\\s*(.*)");
  private static final Pattern OUTPUT = Pattern.compile("output\\s*=\\s*(\\S+)");
  private static final Pattern SEED_FLAG = Pattern.compile("seed-flag\\s*=\\s*(\\S+)");
  private static final Pattern TIMES = Pattern.compile("times\\s*=\\s*(\\S+)");
  private static final Pattern FLAG = Pattern.compile("-[A-Za-z0-9_-]+");
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,200}");
  private static final Pattern SETTING = Pattern.compile("[A-Za-z0-9_.?-]+=\\S*");

  private CaseFile() {}

  /** Parses the lines; {@code given} holds the placeholders the harness defines ({@code repo}). */
  static List<CrossCase> parse(List<String> lines, Map<String, String> given) {
    Map<String, String> defined = new LinkedHashMap<>(given);
    List<CrossCase> cases = new ArrayList<>();
    Set<String> names = new HashSet<>();
    CrossCase.HtsimOutput output = CrossCase.HtsimOutput.FLOW_LOG;
    String seedFlag = null;
    CrossCase.Times times = CrossCase.Times.FCT;
    for (int i = 0; i < lines.size(); i++) {
      String where = "line " + (i + 1);
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      Matcher let = LET.matcher(line);
      if (let.matches()) {
        defined.put(let.group(1), expand(let.group(2).strip(), defined, where));
        continue;
      }
      Matcher out = OUTPUT.matcher(line);
      if (out.matches()) {
        output = switch (out.group(1)) {
          case "flow-log" -> CrossCase.HtsimOutput.FLOW_LOG;
          case "stdout" -> CrossCase.HtsimOutput.STDOUT;
          default -> throw new IllegalArgumentException(where + ": output '" + out.group(1) + "' is not flow-log or stdout");
        };
        continue;
      }
      Matcher seed = SEED_FLAG.matcher(line);
      if (seed.matches()) {
        String flag = seed.group(1);
        if (!flag.equals("clock") && !FLAG.matcher(flag).matches()) {
          throw new IllegalArgumentException(where + ": seed-flag '" + flag + "' is neither clock nor a flag such as -seed");
        }
        seedFlag = flag.equals("clock") ? null : flag;
        continue;
      }
      Matcher t = TIMES.matcher(line);
      if (t.matches()) {
        times = switch (t.group(1)) {
          case "fct" -> CrossCase.Times.FCT;
          case "finish" -> CrossCase.Times.FINISH;
          default -> throw new IllegalArgumentException(where + ": times '" + t.group(1) + "' is not fct or finish");
        };
        continue;
      }
      String[] fields = line.split("\\|", -1);
      if (fields.length != 3) {
        throw new IllegalArgumentException(where + ": expected NAME | SCENARIO [key=value ...] | DRIVER [flag ...], got "
            + fields.length + " field(s)");
      }
      String name = fields[0].strip();
      if (!NAME.matcher(name).matches()) {
        throw new IllegalArgumentException(where + ": case name '" + name + "' is not one folder name (letters, digits, . _ -)");
      }
      if (!names.add(name)) {
        throw new IllegalArgumentException(where + ": case '" + name + "' is listed twice");
      }
      List<String> lbsim = tokens(expand(fields[1], defined, where));
      List<String> htsim = tokens(expand(fields[2], defined, where));
      if (lbsim.isEmpty() || htsim.isEmpty()) {
        throw new IllegalArgumentException(where + ": case '" + name + "' needs a scenario and a driver");
      }
      for (String setting : lbsim.subList(1, lbsim.size())) {
        if (!SETTING.matcher(setting).matches()) {
          throw new IllegalArgumentException(where + ": '" + setting + "' is not a key=value override");
        }
      }
      if (times == CrossCase.Times.FINISH && output != CrossCase.HtsimOutput.STDOUT) {
        throw new IllegalArgumentException(where + ": case '" + name + "' compares finish times, which only a driver's "
            + "standard output gives (output = stdout before it)");
      }
      cases.add(new CrossCase(name, lbsim.get(0), lbsim.subList(1, lbsim.size()), htsim.get(0), htsim.subList(1, htsim.size()),
          output, seedFlag, times));
    }
    return cases;
  }

  private static String expand(String text, Map<String, String> defined, String where) {
    Matcher m = PLACEHOLDER.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String value = defined.get(m.group(1));
      if (value == null) {
        throw new IllegalArgumentException(where + ": {" + m.group(1) + "} is not defined (let " + m.group(1) + " = ... before it)");
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static List<String> tokens(String text) {
    String s = text.strip();
    return s.isEmpty() ? List.of() : Arrays.asList(s.split("\\s+"));
  }
}
