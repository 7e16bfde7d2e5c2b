package org.lbsim.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The vendored Vega, Vega-Lite and vega-embed builds (see {@code vendor/README.md}), read from
 * the classpath for inlining. Inlining, not linking, is what lets a report open offline.
 */
final class Vendor {
  static final String VEGA = "6.4.0";
  static final String VEGA_LITE = "6.5.0";
  static final String VEGA_EMBED = "7.3.0";
  /** Load order matters: vega-lite and vega-embed look for the globals the earlier ones define. */
  static final List<String> SCRIPTS = List.of("vega.min.js", "vega-lite.min.js", "vega-embed.min.js");

  private Vendor() {}

  static String script(String name) {
    try (InputStream in = Vendor.class.getResourceAsStream("vendor/" + name)) {
      if (in == null) {
        throw new IllegalStateException("vendored script missing from the jar: " + name);
      }
      String js = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      // a source-map comment names a file that does not exist next to the report
      js = js.lines().filter(l -> !l.startsWith("//# sourceMappingURL=")).collect(Collectors.joining("\n"));
      if (js.toLowerCase(java.util.Locale.ROOT).contains("</script")) {
        throw new IllegalStateException(name + " contains '</script', which would end the inline script early");
      }
      return js;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
