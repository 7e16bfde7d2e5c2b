package org.lbsim.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.lbsim.scenario.ScenarioException;

/**
 * What every run of an experiment starts from before its own overrides: a scenario file's text,
 * or nothing (the built-in defaults).
 *
 * @param source how error messages name it (the file, or "preset fig1")
 * @param baseDir where relative paths in it resolve, or null
 */
public record BaseScenario(String yaml, String source, Path baseDir) {
  public static BaseScenario defaults(String source) {
    return new BaseScenario("", source, null);
  }

  public static BaseScenario file(Path file) {
    try {
      return new BaseScenario(Files.readString(file), file.toString(), file.toAbsolutePath().getParent());
    } catch (NoSuchFileException e) {
      throw new ScenarioException(List.of(file + ": no such file"));
    } catch (IOException e) {
      throw new ScenarioException(List.of(file + ": cannot read (" + e.getMessage() + ")"));
    }
  }
}
