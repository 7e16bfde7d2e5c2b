package org.lbsim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code lbsim --version}: {@code lbsim <version> (<commit>)}, both written into {@code version.properties} by the
 * build; the commit is {@code unknown} when the build ran outside a git checkout.
 */
final class Version implements IVersionProvider {
  static final String RESOURCE = "version.properties";

  @Override
  public String[] getVersion() {
    Properties p = properties();
    return new String[] {"lbsim " + value(p, "version") + " (" + value(p, "commit") + ")"};
  }

  static Properties properties() {
    Properties p = new Properties();
    try (InputStream in = Version.class.getResourceAsStream(RESOURCE)) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  /** The property's value, or {@code unknown} when it is missing or the build left its placeholder. */
  static String value(Properties p, String key) {
    String v = p.getProperty(key, "").strip();
    return v.isEmpty() || v.startsWith("${") ? "unknown" : v;
  }
}
