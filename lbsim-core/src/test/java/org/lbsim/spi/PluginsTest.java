package org.lbsim.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.design.Design;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioSchema;

/**
 * Plug-in jars built here from source (so their classes are on no class path but the jar's):
 * a good one extends a catalog and its schema; a clash with a built-in name, a failing provider
 * and a jar that is not one are refused with one line naming the jar.
 */
class PluginsTest {
  @TempDir
  Path dir;

  /** A provider of one load balancer named {@code name}, with one parameter {@code x}. */
  private static String lbProvider(String pkg, String name) {
    return "package " + pkg + ";\n"
        + "public final class P implements org.lbsim.spi.DesignProvider {\n"
        + "  public java.util.List<org.lbsim.design.Design> designs() {\n"
        + "    return java.util.List.of(new org.lbsim.lb.LbDesign(\"" + name + "\", \"a test design\", \"a test\",\n"
        + "        java.util.List.of(org.lbsim.design.Param.integer(\"x\", 3, 1, 9, \"a knob\")), 0.5,\n"
        + "        ctx -> (flow, rnd) -> new org.lbsim.lb.FlowPath(0), null, (sw, ctx) -> new org.lbsim.lb.Ecmp()));\n"
        + "  }\n"
        + "}\n";
  }

  /** Compiles {@code source} (class {@code pkg.P}) against lbsim-core and jars it with its service file. */
  private Path jar(String jarName, String pkg, String source, String services) throws IOException {
    Path src = dir.resolve("src-" + jarName).resolve(pkg.replace('.', '/')).resolve("P.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, source);
    Path classes = Files.createDirectories(dir.resolve("classes-" + jarName));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    String core = Path.of(Design.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();
    int rc = javac.run(null, null, null, "-d", classes.toString(), "-cp", core, src.toString());
    assertThat(rc).as("compiling the test plug-in").isZero();
    Path jar = dir.resolve(jarName);
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      try (Stream<Path> walk = Files.walk(classes)) {
        for (Path c : walk.filter(Files::isRegularFile).toList()) {
          out.putNextEntry(new JarEntry(classes.relativize(c).toString().replace('\\', '/')));
          Files.copy(c, out);
          out.closeEntry();
        }
      }
      out.putNextEntry(new JarEntry("META-INF/services/" + DesignProvider.class.getName()));
      write(out, services + "\n");
      out.closeEntry();
    }
    return jar;
  }

  private static void write(OutputStream out, String s) throws IOException {
    out.write(s.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aPlugInDesignJoinsTheCatalogItsSchemaAndTheReader() throws IOException {
    Path jar = jar("good.jar", "t.good", lbProvider("t.good", "tiny-lb"), "t.good.P");
    Catalog c = Plugins.load(List.of(jar), "--plugins");
    assertThat(c.lb().names()).endsWith("tiny-lb");
    assertThat(c.lb().origin("tiny-lb").plugin()).isTrue();
    assertThat(c.lb().origin("tiny-lb").where()).isEqualTo(jar.toAbsolutePath().normalize().toString());
    assertThat(c.lb().find("tiny-lb").definedIn()).isEqualTo("t.good.P");
    assertThat(Catalog.builtIn().lb().find("tiny-lb")).isNull();
    assertThat(ScenarioSchema.of(c).setting("tiny-lb.x").defaultValue()).isEqualTo("3");
    assertThat(ScenarioSchema.get("tiny-lb.x")).isNull();

    Scenario s = ScenarioReader.fromText("lb: tiny-lb\ntiny-lb: {x: 7}\n", "s.yaml", null, "s", List.of(), "--set", c);
    assertThat(s.designs().lb().name()).isEqualTo("tiny-lb");
    assertThat(s.designs().lbParams().integer("x")).isEqualTo(7);
    assertThat(s.designs().lb()).isSameAs(c.lb().find("tiny-lb"));
    assertThatThrownBy(() -> ScenarioReader.fromText("lb: tiny-lb\ntiny-lb: {x: 10}\n", "s.yaml", null, "s", List.of(),
        "--set", c)).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("s.yaml: tiny-lb.x: invalid value (got '10'; allowed: an integer from 1 to 9)");
    assertThatThrownBy(() -> ScenarioReader.fromText("lb: tiny-lb\n", "s.yaml", null, "s", List.of()))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("s.yaml: lb: invalid value (got 'tiny-lb'");
  }

  @Test
  void aPlugInNamedLikeABuiltInDesignIsRefused() throws IOException {
    Path jar = jar("clash.jar", "t.clash", lbProvider("t.clash", "ecmp"), "t.clash.P");
    assertThatThrownBy(() -> Plugins.load(List.of(jar), "--plugins")).isInstanceOf(ScenarioException.class)
        .extracting(e -> ((ScenarioException) e).problems())
        .isEqualTo(List.of("--plugins: " + jar.toAbsolutePath().normalize() + ": load balancing design 'ecmp' is "
            + "already defined by lbsim (org.lbsim.lb.LbDesigns) (got 'ecmp'; allowed: a name no built-in design or "
            + "other plug-in uses on the lb axis)"));
  }

  @Test
  void aProviderThatThrowsIsOneLineNamingItsJar() throws IOException {
    String source = "package t.bad;\npublic final class P implements org.lbsim.spi.DesignProvider {\n"
        + "  public java.util.List<org.lbsim.design.Design> designs() { throw new IllegalStateException(\"boom\"); }\n}\n";
    Path jar = jar("bad.jar", "t.bad", source, "t.bad.P");
    assertThatThrownBy(() -> Plugins.load(List.of(jar), "LBSIM_PLUGINS")).isInstanceOf(ScenarioException.class)
        .hasMessageStartingWith("LBSIM_PLUGINS: " + jar.toAbsolutePath().normalize() + ": t.bad.P failed (boom)");
  }

  @Test
  void aServiceFileNamingAMissingClassIsOneLine() throws IOException {
    Path jar = jar("missing.jar", "t.miss", lbProvider("t.miss", "miss-lb"), "t.miss.Nope");
    assertThatThrownBy(() -> Plugins.load(List.of(jar), "--plugins")).isInstanceOf(ScenarioException.class)
        .hasMessageContaining(jar.toAbsolutePath().normalize() + ": cannot load its DesignProvider (")
        .hasMessageContaining("t.miss.Nope");
  }

  @Test
  void aJarWithoutADesignProviderIsOneLine() throws IOException {
    Path jar = dir.resolve("library.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      out.putNextEntry(new JarEntry("readme.txt"));
      write(out, "no services here\n");
      out.closeEntry();
    }
    assertThatThrownBy(() -> Plugins.load(List.of(jar), "--plugins")).isInstanceOf(ScenarioException.class)
        .extracting(e -> ((ScenarioException) e).problems())
        .isEqualTo(List.of("--plugins: " + jar.toAbsolutePath().normalize() + ": provides no designs (got '"
            + jar.toAbsolutePath().normalize() + "'; allowed: a jar whose META-INF/services/org.lbsim.spi.DesignProvider "
            + "names public DesignProvider classes)"));
  }

  @Test
  void aPlugInWithAParameterTheReaderCannotCheckIsRefused() throws IOException {
    String source = lbProvider("t.word", "word-lb").replace("org.lbsim.design.Param.integer(\"x\", 3, 1, 9, \"a knob\")",
        "org.lbsim.design.Param.choice(\"x\", java.util.List.of(\"a\", \"b\"), \"a\", \"a knob\")");
    Path jar = jar("word.jar", "t.word", source, "t.word.P");
    assertThatThrownBy(() -> Plugins.load(List.of(jar), "--plugins")).isInstanceOf(ScenarioException.class)
        .hasMessageContaining(": load balancing design 'word-lb' asks for what the reader cannot check (got "
            + "'word-lb.x'; allowed: parameters that are numbers in a range (Param.integer or Param.number))");
  }

  @Test
  void aFileThatIsNotAJarIsOneLine() throws IOException {
    Path jar = Files.writeString(dir.resolve("text.jar"), "not a zip");
    assertThatThrownBy(() -> Plugins.load(List.of(jar), "--plugins")).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("--plugins: " + jar.toAbsolutePath().normalize() + ": not a readable jar (");
  }

  @Test
  void theEnvironmentVariableTakesFoldersAndJars() throws IOException {
    Path a = jar("a.jar", "t.a", lbProvider("t.a", "a-lb"), "t.a.P");
    Path folder = Files.createDirectories(dir.resolve("more"));
    Path b = jar("b.jar", "t.b", lbProvider("t.b", "b-lb"), "t.b.P");
    Files.move(b, folder.resolve("b.jar"));
    List<Path> jars = Plugins.jarsOf(a + java.io.File.pathSeparator + folder + java.io.File.pathSeparator, "LBSIM_PLUGINS");
    assertThat(jars).containsExactly(a, folder.resolve("b.jar"));
    assertThat(Plugins.load(jars, "LBSIM_PLUGINS").lb().names()).endsWith("a-lb", "b-lb");
    assertThat(Plugins.load(List.of(), "LBSIM_PLUGINS")).isSameAs(Catalog.builtIn());
  }
}
