package org.lbsim.scenario;

import java.util.Map;

/** Expected result fingerprints (flows.csv, ports.csv SHA-256 prefixes) for ResultFingerprintTest. */
final class Fingerprints {
  private static final Map<String, String> EXPECTED = Map.of(
      "FLOWS_SPRAY_DEFAULT", "70d2dbeef563368d d51d579d8b25f312",
      "FLOWS_OFAN_REFERENCE", "57049df5ce67acd5 431522bc7472458f",
      "FLOWS_ECMP_SACK", "e4c889296ccd7d18 deee21bc88bae27c");

  private Fingerprints() {}

  static String get(String key) {
    return EXPECTED.get(key);
  }
}
