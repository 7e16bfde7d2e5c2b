package org.lbsim.scenario;

/**
 * Modelling profile. {@code DEFAULT} is physically correct; {@code REFERENCE} switches on the
 * study simulator's choices that change results, for one-to-one comparison with it.
 */
public enum Profile {
  DEFAULT,
  REFERENCE;

  static Profile parse(String s) {
    return s.equals("reference") ? REFERENCE : DEFAULT;
  }
}
