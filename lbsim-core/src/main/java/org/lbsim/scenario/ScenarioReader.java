package org.lbsim.scenario;

import java.nio.file.Path;
import java.util.List;

/**
 * Reads a scenario from YAML plus {@code key=value} overrides, checks every key and value
 * against {@link ScenarioSchema}, and reports all problems at once, one line each:
 * {@code <source>: <key>: <what is wrong> (got <value>; allowed: <what>)}. A valid scenario is
 * resolved once into a {@link Scenario} of typed sections and chosen designs.
 *
 * <p>The settings come from {@link SettingInput}, each value is read as its type by
 * {@link ValueReader}, and {@link ScenarioResolver} makes the scenario of them.
 */
public final class ScenarioReader {

  private ScenarioReader() {
  }

  /** Reads {@code file} and applies {@code overrides} ("key=value") on top. */
  public static Scenario read(Path file, List<String> overrides) {
    return read(file, overrides, Catalog.builtIn());
  }

  /**
   * As {@link #read(Path, List)}, choosing designs from {@code catalog}. A run the file and the
   * overrides leave unnamed is named by the file's stem and the overrides ({@link RunName}).
   */
  public static Scenario read(Path file, List<String> overrides, Catalog catalog) {
    String text = StrictYaml.readFile(file);
    String stem = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
    Path dir = file.toAbsolutePath().getParent();
    return fromText(text, file.toString(), dir, RunName.of(stem, overrides), overrides, "--set", catalog);
  }

  /** Parses scenario text; {@code defaultName} names the run when the text does not. */
  public static Scenario fromText(String yaml, String source, Path baseDir, String defaultName,
      List<String> overrides) {
    return fromText(yaml, source, baseDir, defaultName, overrides, "--set");
  }

  /**
   * As {@link #fromText(String, String, Path, String, List)}, with the overrides' origin named
   * {@code overrideLabel} in error messages (e.g. "grid.yaml axis").
   */
  public static Scenario fromText(String yaml, String source, Path baseDir, String defaultName,
      List<String> overrides, String overrideLabel) {
    return fromText(yaml, source, baseDir, defaultName, overrides, overrideLabel, Catalog.builtIn());
  }

  /** As {@link #fromText(String, String, Path, String, List, String)}, choosing designs from {@code catalog}. */
  public static Scenario fromText(String yaml, String source, Path baseDir, String defaultName,
      List<String> overrides, String overrideLabel, Catalog catalog) {
    ScenarioSchema schema = ScenarioSchema.of(catalog);
    ProblemLog log = new ProblemLog(source);
    ValueReader values = new ValueReader(log, schema, baseDir);
    DesignParams designs = new DesignParams(values, schema);
    SettingInput input = new SettingInput(schema, log, values, designs, overrideLabel);
    input.load(yaml);
    for (String o : overrides) {
      input.override(o);
    }
    input.defaultName(defaultName);
    return new ScenarioResolver(schema, log, values, designs).resolve(input.applicable());
  }
}
