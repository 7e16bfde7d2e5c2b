package org.lbsim.experiment;

import org.lbsim.metrics.RunResult;

/** A grid point and what its run produced. */
public record RunRecord(GridPoint point, RunResult result) {
  public String value(String key) {
    return point.values().get(key);
  }
}
