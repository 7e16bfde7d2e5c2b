package org.lbsim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.lbsim.report.ReportBuilder;
import org.lbsim.report.ReportException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lbsim report <results-dir>}: one self-contained HTML page of charts, readable offline. */
@Command(name = "report", mixinStandardHelpOptions = true, footerHeading = "%nExamples:%n", footer = {
    "  lbsim report results/lb-vs-size          # after lbsim sweep scenarios/grids/lb-vs-size.yaml",
    "  lbsim report results/lb-vs-size --png    # also every chart as a PNG, in results/lb-vs-size/charts/"},
    description = {"Write a self-contained HTML report (charts and tables, no network needed to view it) "
        + "for a results folder: one run, the default comparison, a sweep or a reproduce preset.",
        "Default output: <results-dir>/report.html."})
final class ReportCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RESULTS-DIR", description = "folder with summary.json in it or below it")
  Path dir;

  @Option(names = "--png", description = "also write every chart as a PNG, into the folder charts/ next to the HTML file")
  boolean png;

  @Option(names = "--out", paramLabel = "FILE", description = "HTML file to write (default: <results-dir>/report.html)")
  Path out;

  @Override
  public Integer call() {
    ReportBuilder.Result r;
    try {
      r = ReportBuilder.build(dir, out, png);
    } catch (ReportException e) {
      throw new Errors.UserError(e.getMessage());
    }
    PrintWriter o = spec.commandLine().getOut();
    o.printf("%s: %d runs, %d charts%n", r.html(), r.runs(), r.charts().size());
    if (!r.leftOut().isEmpty()) {
      o.printf("left out %d run folder(s) that %s does not list, from an earlier command in this folder%n",
          r.leftOut().size(), dir.resolve("runs.txt"));
    }
    if (!r.pngs().isEmpty()) {
      o.printf("%d PNGs in %s (%s, ...)%n", r.pngs().size(), r.pngs().get(0).getParent(), r.pngs().get(0).getFileName());
    }
    o.flush();
    return 0;
  }
}
