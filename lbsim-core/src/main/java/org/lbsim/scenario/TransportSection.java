package org.lbsim.scenario;

/**
 * The {@code transport.*} keys.
 *
 * @param rateCoef pacing rate as a fraction of the fair share
 * @param extraPackets erasure coding: packets sent beyond the message's own (k)
 * @param minRtoPs floor of the retransmission timeout
 * @param initialRtoPs retransmission timeout before the first RTT sample
 */
public record TransportSection(double rateCoef, int extraPackets, long minRtoPs, long initialRtoPs) {}
