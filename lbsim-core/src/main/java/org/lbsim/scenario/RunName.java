package org.lbsim.scenario;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The name of a run read from a file when neither the file nor {@code --set} names it (and of the
 * results folder of {@code recommend}, {@code optimize} and {@code bench-collective}): the file's
 * stem, followed by the overrides as a sweep names its points ({@code my_lb-ofan_workload.size-4MiB},
 * their characters other than letters, digits, '.', '_' and '-' as '-'), so that runs of one file
 * with different overrides never share a results folder. Past {@link #LONGEST} characters the
 * overrides are a short hash of themselves instead ({@code my_set-3f1c09a2b7}).
 */
public final class RunName {
  static final int LONGEST = 96;

  private RunName() {}

  /** {@code stem}, followed by {@code overrides} ("key=value", "key?=value"; a name= is left out). */
  public static String of(String stem, List<String> overrides) {
    StringBuilder sb = new StringBuilder();
    for (String o : overrides) {
      String key = OverrideList.key(o);
      if (key == null || key.equals("name")) {
        continue;
      }
      sb.append('_').append(key).append('-').append(o.substring(o.indexOf('=') + 1).trim());
    }
    if (sb.isEmpty()) {
      return stem;
    }
    String name = stem + sb.toString().replaceAll("[^A-Za-z0-9._-]", "-");
    return name.length() <= LONGEST ? name : stem + "_set-" + hash(overrides);
  }

  private static String hash(List<String> overrides) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(String.join("\n", overrides).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 5);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
