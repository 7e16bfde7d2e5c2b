package org.lbsim.scenario;

import java.util.Map;

/** Expected result fingerprints (flows.csv, ports.csv SHA-256 prefixes) for ResultFingerprintTest. */
final class Fingerprints {
  private static final Map<String, String> EXPECTED = Map.of(
      "FLOWS_SPRAY_DEFAULT", "1206742dffcbbcae 7b8f468b9d09efc9",
      "FLOWS_OFAN_REFERENCE", "8b20e60d8b49b35d c02fba9b7cd51554",
      "FLOWS_ECMP_SACK", "47210d69a95045e8 260223fe73cf2fea");

  private Fingerprints() {}

  static String get(String key) {
    return EXPECTED.get(key);
  }
}
