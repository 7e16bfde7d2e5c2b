package org.lbsim.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What names a run and what its results echo: the {@code name} and {@code seed} keys, and every
 * setting in its canonical written form (defaults included), in schema order. Results echo
 * {@code values} and {@link ScenarioKey} identifies the run by them.
 */
public record Identity(String name, long seed, Map<String, String> values) {
  public Identity {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }
}
