package org.lbsim.spi;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.lbsim.design.Design;
import org.lbsim.design.Registry;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.ScenarioException;

/**
 * Loads plug-in jars into a {@link Catalog}: each jar is opened and checked, then gets a class
 * loader of its own (its parent: lbsim's), whose {@link DesignProvider}s are asked for their
 * designs; a plug-in jar holds whatever libraries it needs. Problems are {@link
 * ScenarioException} lines naming the jar.
 */
public final class Plugins {
  /** The environment variable of plug-in folders and jars, separated like a class path. */
  public static final String ENV = "LBSIM_PLUGINS";

  private static final String ALLOWED_JAR = "a jar whose META-INF/services/" + DesignProvider.class.getName()
      + " names public DesignProvider classes";

  private Plugins() {}

  /** The jars in folder {@code dir}, sorted by name; {@code label} names where it was given. */
  public static List<Path> jarsIn(Path dir, String label) {
    if (!Files.isDirectory(dir)) {
      throw problem(label, dir.toString(), "not a folder", dir.toString(), "a folder holding plug-in jars");
    }
    try (Stream<Path> ls = Files.list(dir)) {
      return ls.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
    } catch (IOException e) {
      throw problem(label, dir.toString(), "cannot list the folder (" + e.getMessage() + ")", dir.toString(),
          "a readable folder holding plug-in jars");
    }
  }

  /**
   * The jars of a path list as {@link #ENV} holds it: folders (their jars) and jar files,
   * separated by {@link File#pathSeparator}; empty entries are skipped.
   */
  public static List<Path> jarsOf(String pathList, String label) {
    List<Path> jars = new ArrayList<>();
    if (pathList == null) {
      return jars;
    }
    for (String entry : pathList.split(java.util.regex.Pattern.quote(File.pathSeparator))) {
      if (entry.isBlank()) {
        continue;
      }
      Path p = Path.of(entry.strip());
      if (p.getFileName() != null && p.getFileName().toString().endsWith(".jar") && !Files.isDirectory(p)) {
        if (!Files.isRegularFile(p)) {
          throw problem(label, entry, "no such jar", entry, "plug-in folders and jars separated by '"
              + File.pathSeparator + "'");
        }
        jars.add(p);
      } else {
        jars.addAll(jarsIn(p, label));
      }
    }
    return jars;
  }

  /** The built-in catalog with the designs of {@code jars}; no jars: the built-in catalog itself. */
  public static Catalog load(List<Path> jars, String label) {
    Catalog catalog = Catalog.builtIn();
    if (jars.isEmpty()) {
      return catalog;
    }
    List<Path> distinct = jars.stream().map(p -> p.toAbsolutePath().normalize()).distinct().toList();
    for (Path jar : distinct) {
      URLClassLoader loader = new URLClassLoader(new URL[] {checkedJar(jar, label)}, Plugins.class.getClassLoader());
      List<ServiceLoader.Provider<DesignProvider>> providers;
      try {
        providers = ServiceLoader.load(DesignProvider.class, loader).stream()
            .filter(p -> p.type().getClassLoader() == loader) // not lbsim's own class path
            .toList();
      } catch (ServiceConfigurationError e) {
        throw problem(label, jar.toString(), "cannot load its DesignProvider (" + oneLine(e) + ")", jar.toString(),
            ALLOWED_JAR);
      }
      if (providers.isEmpty()) {
        throw problem(label, jar.toString(), "provides no designs", jar.toString(), ALLOWED_JAR);
      }
      for (ServiceLoader.Provider<DesignProvider> p : providers) {
        catalog = add(catalog, jar.toString(), p, label);
      }
    }
    return catalog;
  }

  /** The designs of one provider added to {@code catalog}. */
  private static Catalog add(Catalog catalog, String jar, ServiceLoader.Provider<DesignProvider> provider, String label) {
    List<Design> designs;
    try {
      designs = provider.get().designs();
    } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
      throw problem(label, jar, provider.type().getName() + " failed (" + oneLine(e) + ")", jar, ALLOWED_JAR);
    }
    if (designs == null) {
      throw problem(label, jar, provider.type().getName() + ".designs() returned null", jar, "a list of designs");
    }
    for (Design d : designs) {
      if (d == null || d.axis() == null || d.name() == null) {
        throw problem(label, jar, provider.type().getName() + " gave a design without axis or name", String.valueOf(d),
            "designs with an axis and a name");
      }
      if (!d.name().matches("[a-z0-9][a-z0-9_-]{0,63}")) {
        throw problem(label, jar, "invalid " + d.axis().title() + " design name", d.name(),
            "1 to 64 lower-case letters, digits, '-' and '_', starting with a letter or digit");
      }
      Registry.Origin other = catalog.of(d.axis()).origin(d.name());
      if (other != null) {
        throw problem(label, jar, d.axis().title() + " design '" + d.name() + "' is already defined by "
            + (other.plugin() ? other.where() : "lbsim (" + other.where() + ")"), d.name(),
            "a name no built-in design or other plug-in uses on the " + d.axis().key() + " axis");
      }
      Unsupported u = unsupported(d);
      if (u != null) {
        throw problem(label, jar, d.axis().title() + " design '" + d.name() + "' asks for what the reader cannot "
            + "check", u.key(), u.allowed());
      }
      try {
        catalog = catalog.plus(d, jar);
      } catch (IllegalArgumentException e) {
        throw problem(label, jar, e.getMessage(), d.name(), "an LbDesign, CcDesign, LrDesign, WorkloadKind or "
            + "TopologyKind of its axis");
      }
    }
    return catalog;
  }

  /** A parameter or key of a plug-in design that the reader cannot check, and what it can. */
  private record Unsupported(String key, String allowed) {}

  /**
   * What a plug-in design asks for that the scenario reader cannot check; null when nothing. Load balancers, congestion controls and loss recoveries take numeric
   * parameters (the reader checks their ranges); workload and topology kinds use lbsim's own keys.
   */
  private static Unsupported unsupported(Design d) {
    for (org.lbsim.design.Param p : d.params()) {
      if (!p.isPlainNumber()) {
        return new Unsupported(d.name() + "." + p.name(),
            "parameters that are numbers in a range (Param.integer or Param.number)");
      }
    }
    for (String key : d.keys()) {
      if (d.axis() != org.lbsim.design.Axis.LR && org.lbsim.scenario.ScenarioSchema.get(key) == null) {
        return new Unsupported(key, "keys lbsim already has (lbsim list)");
      }
    }
    return null;
  }

  /** Opens {@code jar} once to check that it is a readable jar; its URL for the class loader. */
  private static URL checkedJar(Path jar, String label) {
    if (!Files.isRegularFile(jar)) {
      throw problem(label, jar.toString(), "no such jar", jar.toString(), ALLOWED_JAR);
    }
    try (JarFile f = new JarFile(jar.toFile())) {
      f.getManifest(); // reads the central directory
      return jar.toUri().toURL();
    } catch (IOException | SecurityException e) {
      throw problem(label, jar.toString(), "not a readable jar (" + oneLine(e) + ")", jar.toString(), ALLOWED_JAR);
    }
  }

  private static String oneLine(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root == e ? String.valueOf(e.getMessage()) : e.getMessage() + ": " + root;
    return m.replace('\n', ' ').replace('\r', ' ');
  }

  private static ScenarioException problem(String label, String where, String what, String got, String allowed) {
    return new ScenarioException(List.of(label + ": " + where + ": " + what + " (got '" + got + "'; allowed: "
        + allowed + ")"));
  }
}
