package org.lbsim.optimize;

/**
 * One run the search made: a candidate under one condition on one seed, and what it scored.
 *
 * @param index its place in the search's order (0, 1, ...), the same whatever the thread count
 * @param condition the workload and failure draw it ran under
 * @param rung 1 for a candidate's first seed, 2 for the seeds a surviving candidate gets after
 * @param stage {@code designs} (every combination at its defaults), {@code tuning} (the
 *     optimizer's parameter points), {@code baseline} or {@code sensitivity}
 */
public record Trial(int index, Point point, Condition condition, long seed, int rung, String stage, Metrics metrics) {}
