package org.lbsim.metrics;

/**
 * One egress port at the end of a run.
 *
 * @param meanQueueBytes time-averaged occupancy over the collective (from 0 to its completion)
 * @param utilization bytes sent (gaps included) over what the link could carry in that time
 * @param trims data packets whose payload this port cut off
 * @param pauseFrames PFC XOFF + XON frames the next switch sent this port
 * @param pausedPs time this port spent paused by PFC
 */
public record PortStats(String port, String tier, long bytesSent, long packetsSent, long maxQueueBytes,
    double meanQueueBytes, long drops, long ecnMarks, double utilization, long trims, long pauseFrames,
    long pausedPs) {}
