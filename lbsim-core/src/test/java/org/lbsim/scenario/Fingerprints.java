package org.lbsim.scenario;

import java.util.Map;

/** Expected result fingerprints (flows.csv, ports.csv SHA-256 prefixes) for ResultFingerprintTest. */
final class Fingerprints {
  private static final Map<String, String> EXPECTED = Map.of(
      "FLOWS_SPRAY_DEFAULT", "1206742dffcbbcae 1809ed73d0bf0120",
      "FLOWS_OFAN_REFERENCE", "8b20e60d8b49b35d 522538b46d85d84c",
      "FLOWS_ECMP_SACK", "47210d69a95045e8 db873ce2bc507e42");

  private Fingerprints() {}

  static String get(String key) {
    return EXPECTED.get(key);
  }
}
