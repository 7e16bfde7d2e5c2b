package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.scenario.ScenarioSchema;
import org.lbsim.scenario.Setting;

/**
 * {@code lbsim recommend} command lines nobody wrote a case for: a tiny fabric and workload whose
 * runs stop at once ({@code run.limit_ms} of one microsecond), a {@code --vary lb} of one design
 * (or of one or two values, a quarter of the time), plus up to three options drawn from
 * its grammar — {@code --vary} of a design axis or any schema key with one or two values (its
 * choices, its default or the edges of {@link FuzzDraw}), malformed ({@code lb}, {@code lb=},
 * {@code =ecmp}) or given twice; {@code --baseline}; {@code --seeds} and {@code --threads} at
 * their edges; a {@code --set} of a key that does not scale the run; a scenario file that is
 * valid, broken or missing.
 *
 * <p>The property: the command exits 0 or 3 (its runs stop at the limit), or 2 with nothing on
 * standard output and only clean {@code error:} lines (no control character, no stack frame, no
 * Java type), each naming an option, a key or the scenario file; never a stack trace or exit 70.
 * A command line runs at most 2^4 designs (four {@code --vary} of two values) on two seeds, or every
 * load balancer when no {@code --vary lb} is drawn, each run a microsecond of simulated time.
 * {@link FuzzDraw} seeds the draw; it is a quarter of {@link FuzzDraw#INPUTS} command lines.
 */
class RecommendFuzzTest {
  private static final List<String> AXES = List.of("lb", "cc", "lr");
  /** Keys whose values scale the fabric, the workload or the run: never drawn for --set or --vary. */
  private static final List<String> SCALE = List.of("topology.", "workload.", "job.", "run.", "engine.", "links.",
      "failures.", "chakra.", "metrics.", "seed", "name", "transport.extra_packets", "packet.");
  private static final List<Setting> KEYS = ScenarioSchema.settings().stream()
      .filter(s -> SCALE.stream().noneMatch(s.key()::startsWith)).toList();
  private static final List<String> OPTIONS = List.of("--vary", "--baseline", "--seeds", "--threads", "--set",
      "--resume", "--overwrite", "--json");

  @TempDir
  Path dir;

  private final FuzzDraw.HangGuard guard = new FuzzDraw.HangGuard();

  @AfterEach
  void closeGuard() {
    guard.close();
  }

  @Test
  void everyGeneratedCommandLineRunsOrIsRefusedWithOneLinePerProblem() throws IOException {
    SplittableRandom random = new SplittableRandom(FuzzDraw.SEED + 41);
    int refused = 0;
    int ran = 0;
    List<AssertionError> broken = new ArrayList<>();
    List<String> names = new ArrayList<>(List.of("recommend", "--out"));
    names.addAll(OPTIONS);
    ScenarioSchema.settings().forEach(s -> names.add(s.key()));
    for (int i = 0; i < FuzzDraw.INPUTS / 4; i++) {
      Path folder = FuzzDraw.fresh(dir.resolve("input"));
      names.add(folder.toString());
      List<String> args = commandLine(folder, random);
      String what = "command line " + i + ": " + String.join(" ", args).replace("\n", "\\n");
      try {
        CliRunner.Outcome o = guard.run(() -> CliRunner.run(args.toArray(String[]::new)), what);
        if (o.code() == Errors.BAD_INPUT) {
          refused++;
          FuzzDraw.checkRefusedByCli(o, folder.resolve("out"), names, what);
        } else {
          ran++;
          assertThat(o.code()).as(what + "\nstderr:\n" + o.err()).isIn(Errors.DONE, Errors.UNFINISHED);
          assertThat(o.err()).as(what).doesNotContain("error:").doesNotContain("\tat ");
        }
      } catch (AssertionError e) {
        broken.add(e);
      }
      names.remove(names.size() - 1);
    }
    FuzzDraw.checkNoneBroken(broken);
    // the draw must reach both paths, or it tests nothing
    assertThat(refused).as("refused command lines").isGreaterThan(FuzzDraw.INPUTS / 40);
    assertThat(ran).as("command lines run").isGreaterThan(FuzzDraw.INPUTS / 200);
  }

  /** The tiny fabric and workload, then one to four drawn options, then the output folder. */
  private static List<String> commandLine(Path folder, SplittableRandom random) throws IOException {
    List<String> args = new ArrayList<>(List.of("recommend"));
    int file = random.nextInt(8);
    if (file == 0) {
      Files.writeString(folder.resolve("s.yaml"), "lb: ecmp\n");
      args.add(folder.resolve("s.yaml").toString());
    } else if (file == 1) {
      Files.writeString(folder.resolve("s.yaml"), FuzzYaml.mangle("cc: dctcp\nlr: sack\n", random));
      args.add(folder.resolve("s.yaml").toString());
    } else if (file == 2) {
      args.add(folder.resolve("missing.yaml").toString());
    }
    args.addAll(List.of("--set", "topology.k=4", "--set", "workload.size=4KiB", "--set", "run.limit_ms=0.001"));
    boolean variesLb = random.nextInt(8) != 0;
    if (variesLb) {
      Setting lb = ScenarioSchema.get("lb");
      args.addAll(List.of("--vary", "lb=" + (random.nextInt(4) == 0 ? values(lb, random)
          : FuzzDraw.pick(lb.choices(), random))));
    }
    for (int n = random.nextInt(4); n > 0; n--) {
      String option = FuzzDraw.pick(OPTIONS, random);
      switch (option) {
        case "--vary" -> args.addAll(List.of(option, vary(random)));
        case "--baseline" -> {
          Setting s = ScenarioSchema.get(FuzzDraw.pick(AXES, random));
          args.addAll(List.of(option, random.nextInt(6) == 0 ? FuzzDraw.edge(random) : s.key() + "=" + value(s, random)));
        }
        case "--seeds" -> args.addAll(List.of(option, FuzzDraw.pick(List.of("1", "2", "0", "-1", "10001", "x", "",
            "2147483648", "1e1"), random)));
        case "--threads" -> args.addAll(List.of(option, FuzzDraw.pick(List.of("1", "2", "0", "-3", "x", ""), random)));
        case "--set" -> {
          Setting s = FuzzDraw.pick(KEYS, random);
          args.addAll(List.of(option, s.key() + (random.nextBoolean() ? "?" : "") + "=" + value(s, random)));
        }
        default -> args.add(option);
      }
    }
    args.addAll(List.of("--out", folder.resolve("out").toString()));
    return args;
  }

  /** A --vary: a design axis or any non-scaling key with one or two values, or a malformed one. */
  private static String vary(SplittableRandom random) {
    return switch (random.nextInt(6)) {
      case 0 -> FuzzDraw.pick(List.of("lb", "lb=", "=ecmp", "lb=,", "colour=red", "lb=ecmp,,ofan"), random);
      case 1 -> FuzzDraw.edge(random);
      case 2 -> {
        Setting s = FuzzDraw.pick(KEYS, random);
        yield s.key() + (random.nextInt(4) == 0 ? "?" : "") + "=" + values(s, random);
      }
      default -> {
        Setting s = ScenarioSchema.get(FuzzDraw.pick(AXES, random));
        yield s.key() + "=" + values(s, random);
      }
    };
  }

  /** One or two values of {@code s}, comma-separated. */
  private static String values(Setting s, SplittableRandom random) {
    String v = value(s, random);
    return random.nextBoolean() ? v : v + "," + value(s, random);
  }

  private static String value(Setting s, SplittableRandom random) {
    return GridFuzzTest.value(s, random);
  }
}
