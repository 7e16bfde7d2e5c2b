package org.lbsim.experiment;

import java.util.List;

/** Turns a preset's runs into the table it prints. */
@FunctionalInterface
public interface Analysis {
  Table analyze(List<RunRecord> runs);
}
