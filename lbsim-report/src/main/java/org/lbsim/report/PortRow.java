package org.lbsim.report;

/** One egress port's line of {@code ports.csv}: what the heat map and the hottest-port bars need. */
record PortRow(String port, String tier, long maxQueueBytes, double meanQueueBytes, long drops, double utilization) {}
