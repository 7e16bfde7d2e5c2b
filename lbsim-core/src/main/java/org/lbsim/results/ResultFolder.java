package org.lbsim.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioKey;

/**
 * A folder that holds exactly one run's result files, replaced as a whole. The files are
 * written into a temporary sibling {@code .<name>.tmp-<id>} and forced to disk; then the old
 * folder (if any) is renamed aside to {@code .<name>.old-<id>}, the new one renamed into place
 * and the old one deleted. A process killed at any point leaves the old complete folder or the
 * new complete one, plus temporary siblings that the next write of the folder removes; if it
 * died between the two renames, that next write first renames the old copy back.
 *
 * <p>The folder also holds {@value #KEY_FILE}: the {@link ScenarioKey} of the scenario whose
 * run it holds, so a later write can tell a rerun of the same scenario from a different one.
 * A folder that holds anything but result files is never replaced.
 */
public final class ResultFolder {
  /** The file holding the scenario key, one line. */
  public static final String KEY_FILE = "scenario.key";
  /** Every file a result folder may hold. */
  public static final Set<String> FILES = Set.of("summary.json", "flows.csv", "ports.csv", "queues.csv", "engine.json", KEY_FILE);
  private static final Pattern ID = Pattern.compile("[0-9a-f]{16}");

  /** What a folder holds, compared with the run about to be written into it. */
  public enum Holds {
    /** no folder, or an empty one */
    NOTHING,
    /** the results of the same scenario */
    SAME,
    /** the results of a different scenario, or of one whose key was not recorded */
    DIFFERENT,
    /** something that is not a result folder: never replaced */
    FOREIGN
  }

  /** Writes a run's files into the (empty, temporary) folder it is given. */
  @FunctionalInterface
  public interface Body {
    void write(Path dir) throws IOException;
  }

  private ResultFolder() {}

  public static Holds holds(Path dir, String key) {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return Holds.NOTHING;
    }
    if (foreignEntry(dir) != null) {
      return Holds.FOREIGN;
    }
    Path k = dir.resolve(KEY_FILE);
    try {
      String stored = Files.readString(k, StandardCharsets.UTF_8).strip();
      return stored.equals(key) ? Holds.SAME : Holds.DIFFERENT;
    } catch (NoSuchFileException e) {
      return isEmpty(dir) ? Holds.NOTHING : Holds.DIFFERENT;
    } catch (IOException e) {
      return Holds.DIFFERENT;
    }
  }

  /**
   * The error line for writing a run of scenario {@code key} into {@code dir}, or null if it may
   * be written: a folder of the same scenario is replaced freely, one of a different scenario
   * only when {@code overwrite}, anything that is not a result folder never.
   *
   * @param what how the line starts, e.g. {@code "s.yaml: name"}
   */
  public static String refusal(Path dir, String key, boolean overwrite, String what) {
    return refusal(dir, holds(dir, key), overwrite, what);
  }

  /** As {@link #refusal(Path, String, boolean, String)}, for what {@link #holds} found in {@code dir}. */
  public static String refusal(Path dir, Holds holds, boolean overwrite, String what) {
    String name = dir.getFileName().toString();
    return switch (holds) {
      case NOTHING, SAME -> null;
      case DIFFERENT -> overwrite ? null : what + ": " + dir + " holds the results of a different scenario (got '"
          + name + "'; allowed: another name or --out, or --overwrite to replace them)";
      case FOREIGN -> what + ": " + dir + " is not a results folder (it holds '" + foreignEntry(dir)
          + "') and is never replaced (got '" + name + "'; allowed: a name or --out whose folder is new or holds "
          + "lbsim results)";
    };
  }

  /**
   * Replaces {@code dir} with a folder holding what {@code body} writes plus the scenario key
   * (none if {@code key} is null); see the class comment for the steps.
   */
  public static void replace(Path dir, String key, Body body) {
    Path abs = dir.toAbsolutePath();
    Path parent = abs.getParent();
    String name = abs.getFileName().toString();
    Path tmp = parent.resolve("." + name + ".tmp-" + id());
    try {
      Files.createDirectories(parent);
      recover(parent, name, abs);
      String foreign = foreignEntry(abs);
      if (foreign != null) {
        throw new ScenarioException(List.of(dir + ": not a results folder (it holds '" + foreign
            + "'); lbsim replaces only folders of result files"));
      }
      Files.createDirectory(tmp);
      body.write(tmp);
      if (key != null) {
        Files.writeString(tmp.resolve(KEY_FILE), key + "\n", StandardCharsets.UTF_8);
      }
      forceFiles(tmp);
      if (Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
        Path old = parent.resolve("." + name + ".old-" + id());
        Files.move(abs, old, StandardCopyOption.ATOMIC_MOVE);
        Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE);
        forceFolder(parent);
        deleteTree(old);
      } else {
        Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE);
        forceFolder(parent);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write results to " + dir + ": " + e.getMessage(), e);
    } finally {
      deleteQuietly(tmp);
    }
  }

  /** Writes one file whole or not at all: a temporary sibling, forced, then renamed over it. */
  public static void writeFile(Path file, String text) {
    Path abs = file.toAbsolutePath();
    Path tmp = abs.resolveSibling("." + abs.getFileName() + ".tmp-" + id());
    try {
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      force(tmp);
      Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    } finally {
      deleteQuietly(tmp);
    }
  }

  /** The first entry of {@code dir} that is not a result file, or null; a non-folder is itself foreign. */
  static String foreignEntry(Path dir) {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return null;
    }
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return dir.getFileName() + " itself, a " + (Files.isSymbolicLink(dir) ? "link" : "file");
    }
    try (Stream<Path> ls = Files.list(dir)) {
      return ls.map(p -> p.getFileName().toString())
          .filter(f -> !FILES.contains(f) && !(f.endsWith(".tmp") && FILES.contains(f.substring(0, f.length() - 4))))
          .sorted().findFirst().orElse(null);
    } catch (IOException e) {
      return dir.getFileName() + " (unreadable: " + e.getMessage() + ")";
    }
  }

  private static boolean isEmpty(Path dir) {
    try (Stream<Path> ls = Files.list(dir)) {
      return ls.findAny().isEmpty();
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Removes what an interrupted write of {@code name} left in {@code parent}: temporary folders,
   * and old copies, the newest of which is renamed back first if the folder itself is missing.
   */
  private static void recover(Path parent, String name, Path dir) throws IOException {
    List<Path> tmps = new ArrayList<>();
    List<Path> olds = new ArrayList<>();
    String tmpPrefix = "." + name + ".tmp-";
    String oldPrefix = "." + name + ".old-";
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(parent, ".*")) {
      for (Path p : ds) {
        String f = p.getFileName().toString();
        if (f.startsWith(tmpPrefix) && ID.matcher(f.substring(tmpPrefix.length())).matches()) {
          tmps.add(p);
        } else if (f.startsWith(oldPrefix) && ID.matcher(f.substring(oldPrefix.length())).matches()) {
          olds.add(p);
        }
      }
    }
    if (!olds.isEmpty() && !Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      olds.sort(Comparator.comparing(p -> p.getFileName().toString()));
      Files.move(olds.remove(0), dir, StandardCopyOption.ATOMIC_MOVE);
    }
    for (Path p : tmps) {
      deleteTree(p);
    }
    for (Path p : olds) {
      deleteTree(p);
    }
  }

  private static String id() {
    return HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
  }

  private static void forceFiles(Path dir) throws IOException {
    try (Stream<Path> ls = Files.list(dir)) {
      for (Path f : ls.toList()) {
        force(f);
      }
    }
    forceFolder(dir);
  }

  private static void force(Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      ch.force(true);
    }
  }

  /** Makes renames in {@code dir} durable where the platform allows a folder to be forced. */
  private static void forceFolder(Path dir) {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException e) {
      // some platforms cannot open a folder; the renames are still atomic there
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  private static void deleteQuietly(Path p) {
    try {
      deleteTree(p);
    } catch (IOException e) {
      // the next write of the folder removes it
    }
  }
}
