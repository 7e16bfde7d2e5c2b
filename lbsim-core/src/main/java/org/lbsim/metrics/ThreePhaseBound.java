package org.lbsim.metrics;

/**
 * A collective-completion lower bound from the three-phase data/ACK model, with the phase split
 * kept so that reports and tests can show where the time goes.
 *
 * @param packets data packets each host sends (m for a permutation, (n-1)·m for all-to-all)
 * @param dataOnlyPackets i₁: packets a host sends before its first ACK is due (phase 1)
 * @param completionPs the bound on the collective's completion time, in picoseconds
 */
public record ThreePhaseBound(long packets, long dataOnlyPackets, long completionPs) {}
