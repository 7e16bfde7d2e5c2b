package org.lbsim.scenario;

import java.util.List;

/** A scenario that cannot run, with one line per problem, each naming source, key and value. */
public final class ScenarioException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final List<String> problems;

  public ScenarioException(List<String> problems) {
    super(String.join(System.lineSeparator(), problems));
    this.problems = List.copyOf(problems);
  }

  public List<String> problems() {
    return problems;
  }
}
