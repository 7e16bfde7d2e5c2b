package org.lbsim.scenario;

import java.util.List;

/**
 * One key of the scenario file: its dotted path, type, default and meaning. The list of
 * settings is the schema: the reader, the validator, {@code lbsim list} and the scenario
 * reference in docs/ all come from it.
 *
 * @param key dotted path, e.g. {@code topology.k}
 * @param type what values look like
 * @param defaultValue default as written in a file ("" = none / derived)
 * @param choices allowed values for {@link Type#CHOICE}
 * @param meaning one line for people
 */
public record Setting(String key, Type type, String defaultValue, List<String> choices, String meaning) {

  /** Value types. */
  public enum Type {
    INT("integer"),
    LONG("integer"),
    NUMBER("number"),
    SIZE("bytes: an integer or a number with B, KB, KiB, MB, MiB, GB, GiB"),
    TEXT("text"),
    CHOICE("one of the listed names"),
    PATH("file path");

    private final String describe;

    Type(String describe) {
      this.describe = describe;
    }

    public String describe() {
      return describe;
    }
  }
}
