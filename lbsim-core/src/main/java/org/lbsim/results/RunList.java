package org.lbsim.results;

import java.nio.file.Path;
import java.util.List;

/**
 * A results folder's {@value #FILE}: the run folders of the command that wrote it last, one name
 * per line, in the command's order. A sweep, a preset, a recommendation and a collective benchmark
 * each write theirs, so that a report of the folder draws these runs and not those an earlier
 * command left beside them.
 */
public final class RunList {
  /** The file's name in the results folder. */
  public static final String FILE = "runs.txt";

  private RunList() {}

  /** Writes {@code dir/runs.txt} listing {@code runs}, replacing the file whole. */
  public static void write(Path dir, List<String> runs) {
    StringBuilder sb = new StringBuilder();
    runs.forEach(r -> sb.append(r).append('\n'));
    ResultFolder.writeFile(dir.resolve(FILE), sb.toString());
  }
}
