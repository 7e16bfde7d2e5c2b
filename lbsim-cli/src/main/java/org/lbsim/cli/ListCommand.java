package org.lbsim.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.lbsim.design.Axis;
import org.lbsim.design.Design;
import org.lbsim.design.Registry;
import org.lbsim.scenario.AlgorithmTables;
import org.lbsim.scenario.Applicability;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.ScenarioSchema;
import org.lbsim.scenario.Setting;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code lbsim list}: every algorithm and scenario key, with defaults and meanings. */
@Command(name = "list", mixinStandardHelpOptions = true, footerHeading = "%nExamples:%n", footer = {
    "  lbsim list                   # every design and every key, with defaults",
    "  lbsim list --algorithms lb   # the load balancers only"},
    description = "List load-balancing designs, congestion controls, loss recoveries, workloads, topologies and every scenario "
        + "key with its default.")
final class ListCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @picocli.CommandLine.Option(names = "--markdown", description = "print the scenario reference page (docs/scenario-reference.md)")
  boolean markdown;

  @picocli.CommandLine.Option(names = "--algorithms", paramLabel = "AXIS",
      description = "print the catalogue table of one axis (lb, cc, lr, workload.kind, topology.kind) as docs/algorithms.md "
          + "holds it; built-in designs only")
  String algorithms;

  @picocli.CommandLine.Option(names = {"-v", "--verbose"},
      description = "also say where each design is defined, registered and documented")
  boolean verbose;

  @picocli.CommandLine.Mixin
  JsonOption json;

  @Override
  public Integer call() {
    PrintWriter o = spec.commandLine().getOut();
    Catalog catalog = Main.catalog(spec);
    if (json.json && (algorithms != null || markdown)) {
      throw new Errors.UserError("--json: cannot be combined with " + (markdown ? "--markdown" : "--algorithms")
          + " (got both; allowed: --json alone, or with --verbose, which it always includes)");
    }
    if (json.json) {
      JsonOut.print(o, ListJson.of(catalog));
      return 0;
    }
    if (algorithms != null) { // the docs' tables: built-in designs only, whatever the plug-ins add
      Axis axis = AlgorithmTables.axis(algorithms);
      if (axis == null || markdown) {
        throw new Errors.UserError(axis == null
            ? "--algorithms: unknown axis (got '" + algorithms + "'; allowed: " + String.join(", ", AlgorithmTables.axisKeys()) + ")"
            : "--algorithms: cannot be combined with --markdown (got both; allowed: one of --algorithms, --markdown)");
      }
      o.print(AlgorithmTables.builtIn().table(axis));
      o.flush();
      return 0;
    }
    ScenarioSchema schema = ScenarioSchema.of(catalog);
    if (markdown) {
      o.print(schema.referencePage());
      o.flush();
      return 0;
    }
    for (Registry<? extends Design> r : catalog.registries()) {
      list(o, r);
      o.println();
    }
    o.println("Scenario keys (YAML sections or --set key=value; a key set where it does not apply is an error,");
    o.println("'key?=value' sets it only where it applies; see docs/input.md):");
    for (Setting s : schema.all()) {
      String def = s.defaultValue().isEmpty() ? "" : " [default " + s.defaultValue() + "]";
      String choices = s.choices().isEmpty() ? "" : " {" + String.join(", ", s.choices()) + "}";
      Applicability.Rule rule = schema.applicability().rule(s.key());
      String when = rule == null ? "" : " (only when " + rule.when() + ")";
      o.printf("  %-28s %s%s%s%s%n", s.key(), s.meaning(), choices, def, when);
    }
    o.flush();
    return 0;
  }

  /** The designs of one axis: name and summary, source, parameters or keys, and with --verbose where they live. */
  private void list(PrintWriter o, Registry<? extends Design> r) {
    Axis axis = r.axis();
    o.println(heading(axis) + " (" + axis.key() + "):");
    String pad = axis == Axis.WORKLOAD || axis == Axis.TOPOLOGY ? "%-18s" : "%-14s";
    for (Design d : r.all()) {
      Registry.Origin origin = r.origin(d.name());
      o.printf("  " + pad + " %s%n", d.name(), d.summary());
      if (!d.source().isEmpty()) {
        o.printf("  " + pad + "   from: %s%n", "", d.source());
      }
      if (origin.plugin()) {
        o.printf("  " + pad + "   plug-in: %s%n", "", origin.where());
      }
      for (org.lbsim.design.Param p : axis == Axis.LB || axis == Axis.CC ? d.params() : java.util.List.<org.lbsim.design.Param>of()) {
        o.printf("  " + pad + "   %s.%s = %s  %s (%s)%n", "", d.name(), p.name(), p.defaultText(), p.meaning(), p.range());
      }
      if (!d.keys().isEmpty()) {
        o.printf("  " + pad + "   keys: %s (see below)%n", "", axis == Axis.LR ? String.join(", ", d.keys()) : keys(d.keys()));
      }
      if (verbose) {
        o.printf("  " + pad + "   defined in: %s; registered %s; documented in %s%n", "", d.definedIn(),
            origin.plugin() ? "by the plug-in jar " + origin.where() + " (META-INF/services/org.lbsim.spi.DesignProvider)"
                : "in " + origin.where(), origin.plugin() ? "its plug-in and this list" : "docs/algorithms.md#" + anchor(axis));
      }
    }
  }

  private static String heading(Axis axis) {
    return switch (axis) {
      case LB -> "Load-balancing designs";
      case CC -> "Congestion controls";
      case LR -> "Loss recoveries";
      case WORKLOAD -> "Workloads";
      case TOPOLOGY -> "Topologies";
    };
  }

  /** The section of docs/algorithms.md on {@code axis}, as a link anchor. */
  private static String anchor(Axis axis) {
    return switch (axis) {
      case LB -> "load-balancing-lb";
      case CC -> "congestion-control-cc";
      case LR -> "loss-recovery-lr";
      case WORKLOAD -> "workloads-workloadkind";
      case TOPOLOGY -> "topologies-topologykind";
    };
  }

  /** A kind's keys, those of one section as "section.*" when it has more than four. */
  private static String keys(java.util.List<String> keys) {
    String first = keys.get(0);
    String section = first.substring(0, first.indexOf('.') + 1);
    return keys.size() > 4 && keys.stream().allMatch(k -> k.startsWith(section)) ? section + "*"
        : String.join(", ", keys);
  }
}
