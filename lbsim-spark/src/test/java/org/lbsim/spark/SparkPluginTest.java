package org.lbsim.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.design.Design;

/**
 * A plug-in design in a Spark sweep and in optimize on Spark: the driver validates the grid or
 * the space with it and ships its jar, the executors load it from there. The plug-in is built here from source, so its classes are on
 * no class path but its jar's.
 */
class SparkPluginTest {
  /** host-spray again under another name: the same random entropy per packet from the flow's own stream. */
  private static final String PROVIDER = """
      package t.spark;
      public final class P implements org.lbsim.spi.DesignProvider {
        public java.util.List<org.lbsim.design.Design> designs() {
          return java.util.List.of(new org.lbsim.lb.LbDesign("my-spray", "host-spray as a plug-in", "a test",
              java.util.List.of(), 0.5, ctx -> (flow, rnd) -> new org.lbsim.lb.ObliviousSpray(rnd), null,
              (sw, ctx) -> new org.lbsim.lb.Ecmp()));
        }
      }
      """;
  private static final String GRID = """
      name: plugged
      base:
        topology: {k: 4}
        workload: {kind: permutation, size: 64KiB}
      axes:
        lb: [host-spray, my-spray]
      seeds: 1
      """;

  @TempDir
  Path dir;

  @Test
  void aPlugInDesignRunsOnTheExecutorsAsItsBuiltInTwinDoes() throws Exception {
    Path plugins = Files.createDirectories(dir.resolve("plugins"));
    buildPlugin(plugins.resolve("my-spray.jar"));
    Path grid = Fixtures.writeGrid(dir, GRID);
    Path out = dir.resolve("out");
    Fixtures.Capture o = new Fixtures.Capture();
    Fixtures.Capture e = new Fixtures.Capture();
    int code = SparkSweep.execute(o.writer, e.writer, grid.toString(), "--spark", "local[2]", "--plugins",
        plugins.toString(), "--out", out.toString());

    assertThat(code).as(e.toString()).isZero();
    Map<String, String> lines = Fixtures.lines(out.resolve("plugged/runs.jsonl"));
    assertThat(lines).containsOnlyKeys("lb-host-spray_seed-1", "lb-my-spray_seed-1");
    ObjectMapper json = new ObjectMapper();
    JsonNode builtIn = json.readTree(lines.get("lb-host-spray_seed-1"));
    JsonNode plugged = json.readTree(lines.get("lb-my-spray_seed-1"));
    assertThat(plugged.get("cct_ps").asLong()).isPositive().isEqualTo(builtIn.get("cct_ps").asLong());
    assertThat(plugged.get("max_queue_bytes").asLong()).isEqualTo(builtIn.get("max_queue_bytes").asLong());
    assertThat(Files.readString(out.resolve("plugged/runs/lb-my-spray_seed-1/summary.json"))).contains("my-spray");
    assertThat(o.toString()).contains("my-spray");
  }

  @Test
  void optimizeSearchesAPlugInDesignOnTheExecutorsAsItsBuiltInTwin() throws Exception {
    Path plugins = Files.createDirectories(dir.resolve("plugins"));
    buildPlugin(plugins.resolve("my-spray.jar"));
    Path scenario = dir.resolve("fabric.yaml");
    Files.writeString(scenario, "topology: {k: 4}\nworkload: {kind: permutation, size: 64KiB}\n");
    Path out = dir.resolve("out");
    Fixtures.Capture o = new Fixtures.Capture();
    Fixtures.Capture e = new Fixtures.Capture();
    int code = SparkOptimize.execute(o.writer, e.writer, scenario.toString(), "--plugins", plugins.toString(), "--vary",
        "lb=ecmp,host-spray,my-spray", "--vary", "cc=dctcp", "--vary", "lr=sack", "--seeds", "1", "--budget", "5",
        "--spark", "local[2]", "--out", out.toString());

    assertThat(code).as(e.toString()).isZero();
    Map<String, JsonNode> rung1 = new java.util.HashMap<>();
    for (JsonNode t : new ObjectMapper().readTree(out.resolve("optimize-fabric/optimize.json").toFile()).get("trials")) {
      if (t.get("rung").asInt() == 1) {
        rung1.put(t.get("lb").asText(), t.get("metrics"));
      }
    }
    assertThat(rung1).containsOnlyKeys("ecmp", "host-spray", "my-spray");
    assertThat(rung1.get("my-spray")).isEqualTo(rung1.get("host-spray"));
    assertThat(o.toString()).contains("my-spray");
  }

  @Test
  void withoutItsJarThePlugInDesignIsRefusedBeforeSparkStarts() throws Exception {
    Path grid = Fixtures.writeGrid(dir, GRID);
    Fixtures.Capture o = new Fixtures.Capture();
    Fixtures.Capture e = new Fixtures.Capture();
    int code = SparkSweep.execute(o.writer, e.writer, grid.toString(), "--spark", "local[2]", "--out",
        dir.resolve("out").toString());
    assertThat(code).isEqualTo(SparkSweep.BAD_INPUT);
    assertThat(e.toString()).contains("lb: invalid value (got 'my-spray'");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  /** Compiles {@link #PROVIDER} against lbsim-core into {@code jar}, with its service file. */
  private void buildPlugin(Path jar) throws IOException {
    Path src = dir.resolve("src/t/spark/P.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, PROVIDER);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    String core = Path.of(Design.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();
    assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), "-cp", core,
        src.toString())).isZero();
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      out.putNextEntry(new JarEntry("t/spark/P.class"));
      Files.copy(classes.resolve("t/spark/P.class"), out);
      out.closeEntry();
      out.putNextEntry(new JarEntry("META-INF/services/org.lbsim.spi.DesignProvider"));
      out.write("t.spark.P\n".getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
    }
  }
}
