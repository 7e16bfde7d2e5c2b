package org.lbsim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The {@code lbsim} command the docs' examples run: this build's {@code org.lbsim.cli.Main} on the test's class path,
 * started as a short-lived process should be. The class path's folders are packed into jars once, so that the JVM can
 * map every class it loads from a class-data archive made by one tiny run ({@code -XX:SharedArchiveFile}, as
 * {@code ./lbsim} does), and only the client compiler runs ({@code -XX:TieredStopAtLevel=1}): an example is a fraction
 * of a second of simulation, and neither changes what a command prints or writes. Without an archive (the tiny run
 * failed) the launcher starts without one.
 */
final class DocLauncher {
  private final Path script;

  private DocLauncher(Path script) {
    this.script = script;
  }

  /** Makes the jars, the archive and the launcher script under {@code dir}. */
  static DocLauncher make(Path dir) throws IOException, InterruptedException {
    Files.createDirectories(dir);
    List<String> classPath = new ArrayList<>();
    int n = 0;
    for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      Path p = Path.of(entry);
      if (Files.isDirectory(p)) {
        Path jar = dir.resolve("classes-" + n++ + ".jar");
        pack(p, jar);
        classPath.add(jar.toString());
      } else {
        classPath.add(entry);
      }
    }
    String cp = String.join(java.io.File.pathSeparator, classPath);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String options = "-XX:+UseSerialGC -Xss8m -XX:TieredStopAtLevel=1";
    Path archive = dir.resolve("lbsim.jsa");
    Path tiny = dir.resolve("warm-up.yaml");
    Files.writeString(tiny, "topology: {k: 4}\nworkload: {kind: all-to-all, size: 4KiB}\n");
    Process p = new ProcessBuilder(List.of(java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xlog:cds*=off",
        "-XX:ArchiveClassesAtExit=" + archive, "-cp", cp, "org.lbsim.cli.Main", "run", tiny.toString(), "--out",
        dir.resolve("warm-up").toString())).redirectErrorStream(true).redirectOutput(dir.resolve("warm-up.log").toFile())
        .start();
    boolean archived = p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0 && Files.exists(archive)
        && Files.size(archive) > 0;
    if (!archived) {
      p.destroyForcibly();
    } else {
      options += " -Xlog:cds*=off -XX:SharedArchiveFile='" + archive + "'";
    }
    Path script = dir.resolve("lbsim");
    Files.writeString(script, "#!/bin/sh\nexec '" + java + "' " + options + " -cp '" + cp + "' org.lbsim.cli.Main \"$@\"\n");
    script.toFile().setExecutable(true);
    return new DocLauncher(script);
  }

  /** Writes the launcher as {@code lbsim} into a page's working folder. */
  void install(Path work) throws IOException {
    Path lbsim = work.resolve("lbsim");
    Files.copy(script, lbsim, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    lbsim.toFile().setExecutable(true);
  }

  private static void pack(Path folder, Path jar) throws IOException {
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); Stream<Path> s = Files.walk(folder)) {
      for (Path f : s.filter(f -> !f.equals(folder)).sorted().toList()) {
        String name = folder.relativize(f).toString().replace('\\', '/');
        boolean isDir = Files.isDirectory(f);
        out.putNextEntry(new JarEntry(isDir ? name + "/" : name));
        if (!isDir) {
          Files.copy(f, out);
        }
        out.closeEntry();
      }
    }
  }
}
