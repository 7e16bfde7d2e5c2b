package org.lbsim.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.lbsim.lb.LbDesign;
import org.lbsim.lb.LbDesigns;
import org.lbsim.scenario.ScenarioSchema;
import org.lbsim.scenario.WorkloadKind;
import org.lbsim.scenario.WorkloadKinds;
import org.lbsim.scenario.Setting;
import org.lbsim.topo.TopologyKind;
import org.lbsim.topo.TopologyKinds;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.LrDesigns;
import org.lbsim.transport.cc.CcDesign;
import org.lbsim.transport.cc.CcDesigns;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code lbsim list}: every algorithm and scenario key, with defaults and meanings. */
@Command(name = "list", mixinStandardHelpOptions = true,
    description = "List load-balancing designs, congestion controls, loss recoveries, workloads, topologies and every scenario "
        + "key with its default.")
final class ListCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @picocli.CommandLine.Option(names = "--markdown", description = "print the scenario reference page (docs/scenario-reference.md)")
  boolean markdown;

  @Override
  public Integer call() {
    PrintWriter o = spec.commandLine().getOut();
    if (markdown) {
      o.print(ScenarioSchema.markdown());
      o.flush();
      return 0;
    }
    o.println("Load-balancing designs (lb):");
    for (LbDesign d : LbDesigns.all()) {
      o.printf("  %-14s %s%n", d.name(), d.summary());
      o.printf("  %-14s   from: %s%n", "", d.source());
      for (org.lbsim.lb.Param p : d.params()) {
        o.printf("  %-14s   %s.%s = %s  %s (%s)%n", "", d.name(), p.name(), p.defaultText(), p.meaning(), p.range());
      }
    }
    o.println();
    o.println("Congestion controls (cc):");
    for (CcDesign d : CcDesigns.all()) {
      o.printf("  %-14s %s%n", d.name(), d.summary());
      o.printf("  %-14s   from: %s%n", "", d.paper());
      for (org.lbsim.lb.Param p : d.params()) {
        o.printf("  %-14s   %s.%s = %s  %s (%s)%n", "", d.name(), p.name(), p.defaultText(), p.meaning(), p.range());
      }
    }
    o.println();
    o.println("Loss recoveries (lr):");
    for (LrDesign d : LrDesigns.all()) {
      o.printf("  %-14s %s%n", d.name(), d.summary());
      o.printf("  %-14s   from: %s%n", "", d.source());
      if (!d.keys().isEmpty()) {
        o.printf("  %-14s   keys: %s (see below)%n", "", String.join(", ", d.keys()));
      }
    }
    o.println();
    o.println("Workloads (workload.kind):");
    for (WorkloadKind w : WorkloadKinds.all()) {
      o.printf("  %-18s %s%n", w.name(), w.summary());
      if (!w.source().isEmpty()) {
        o.printf("  %-18s   from: %s%n", "", w.source());
      }
      if (!w.keys().isEmpty()) {
        o.printf("  %-18s   keys: %s (see below)%n", "", keys(w.keys()));
      }
    }
    o.println();
    o.println("Topologies (topology.kind):");
    for (TopologyKind t : TopologyKinds.all()) {
      o.printf("  %-18s %s%n", t.name(), t.summary());
      o.printf("  %-18s   from: %s%n", "", t.source());
      o.printf("  %-18s   keys: %s (see below)%n", "", keys(t.keys()));
    }
    o.println();
    o.println("Scenario keys (YAML sections or --set key=value; a key set where it does not apply is an error,");
    o.println("'key?=value' sets it only where it applies; see docs/input.md):");
    for (Setting s : ScenarioSchema.settings()) {
      String def = s.defaultValue().isEmpty() ? "" : " [default " + s.defaultValue() + "]";
      String choices = s.choices().isEmpty() ? "" : " {" + String.join(", ", s.choices()) + "}";
      org.lbsim.scenario.Applicability.Rule rule = org.lbsim.scenario.Applicability.of(s.key());
      String when = rule == null ? "" : " (only when " + rule.when() + ")";
      o.printf("  %-28s %s%s%s%s%n", s.key(), s.meaning(), choices, def, when);
    }
    o.flush();
    return 0;
  }

  /** A kind's keys, those of one section as "section.*" when it has more than three. */
  private static String keys(java.util.List<String> keys) {
    String first = keys.get(0);
    String section = first.substring(0, first.indexOf('.') + 1);
    return keys.size() > 3 && keys.stream().allMatch(k -> k.startsWith(section)) ? section + "*"
        : String.join(", ", keys);
  }
}
