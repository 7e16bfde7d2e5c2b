package org.lbsim.metrics;

/**
 * One egress port at the end of a run.
 *
 * @param bytesSent bytes this port serialized over the whole run, the drain included
 * @param meanQueueBytes time-averaged occupancy over [0, the collective's end]: the last sender's
 *     completion, or the time limit
 * @param utilization bytes the line carried (gaps included) over that window, over what it could
 *     carry at the rates it had
 * @param trims data packets whose payload this port cut off
 * @param pauseFrames PFC XOFF + XON frames the next switch sent this port
 * @param pausedPs time this port spent paused by PFC
 */
public record PortStats(String port, String tier, long bytesSent, long packetsSent, long maxQueueBytes,
    double meanQueueBytes, long drops, long ecnMarks, double utilization, long trims, long pauseFrames,
    long pausedPs) {}
