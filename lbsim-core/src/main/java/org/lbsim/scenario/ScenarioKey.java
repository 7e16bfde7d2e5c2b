package org.lbsim.scenario;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * What identifies a run's results: the SHA-256 (hex) of every resolved setting of its scenario
 * (defaults included, in schema order) except {@code name}, which only says where the files go,
 * of the bytes of every file the scenario reads (the connection matrix of {@code workload.file}
 * and the rank files of a Chakra trace, {@code workload.trace}, count by their content, not by
 * their path; an unset {@code workload.trace} and the keys
 * {@link ScenarioSchema#silentAtDefault} names, at their default, are left out) and of {@link #RESULT_FORMAT}. Two
 * scenarios with the same key give byte-identical result files; a changed setting or file gives
 * a new key.
 */
public final class ScenarioKey {
  /** The version of the result files' format; raise it when the same scenario would write different files. */
  public static final int RESULT_FORMAT = 2;

  private ScenarioKey() {}

  public static String of(Scenario s) {
    MessageDigest sha = sha256();
    add(sha, "result-format", Integer.toString(RESULT_FORMAT));
    for (Map.Entry<String, String> e : s.identity().values().entrySet()) {
      if (e.getKey().equals("name")) {
        continue;
      }
      String value = e.getValue();
      if (ScenarioSchema.silentAtDefault(e.getKey(), value)) {
        continue; // at its default the key adds nothing, so scenarios without it keep their keys
      }
      if (e.getKey().equals("workload.trace")) {
        if (value.isEmpty()) {
          continue; // an unset trace adds nothing, so scenarios without one keep their keys
        }
        value = "sha256:" + traceHash(s);
      } else if (e.getKey().equals("workload.file") && !value.isEmpty() && s.workload() != null
          && s.workload().file() != null) {
        value = "sha256:" + contentHash(s.workload().file());
      }
      add(sha, e.getKey(), value);
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  /** Each part length-prefixed, so no two different lists of settings give the same bytes. */
  private static void add(MessageDigest sha, String key, String value) {
    for (String part : List.of(key, value)) {
      byte[] b = part.getBytes(StandardCharsets.UTF_8);
      sha.update((b.length + ":").getBytes(StandardCharsets.US_ASCII));
      sha.update(b);
    }
    sha.update((byte) '\n');
  }

  private static String contentHash(Path file) {
    try {
      return HexFormat.of().formatHex(sha256().digest(Files.readAllBytes(file)));
    } catch (IOException e) {
      throw new ScenarioException(List.of(file + ": workload.file: cannot read (" + e.getMessage() + ")"));
    }
  }

  private static String traceHash(Scenario s) {
    java.nio.file.Path prefix = s.workload() != null && s.workload().file() != null ? s.workload().file()
        : java.nio.file.Path.of(s.identity().values().get("workload.trace"));
    try {
      return org.lbsim.training.chakra.ChakraTrace.contentHash(prefix);
    } catch (org.lbsim.training.chakra.TraceException e) {
      throw new ScenarioException(List.of(e.getMessage()));
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
