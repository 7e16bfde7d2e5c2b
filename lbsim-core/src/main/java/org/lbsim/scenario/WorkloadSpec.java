package org.lbsim.scenario;

import java.nio.file.Path;

/**
 * The {@code workload.*} keys (the training jobs are in {@link TrainingSection}).
 *
 * @param kind the name of its {@link WorkloadKind} ({@link WorkloadKinds})
 * @param sizeBytes message (or ring buffer) size
 * @param senders incast senders
 * @param receiver incast receiver
 * @param file cm file or Chakra trace prefix ({@code workload.trace}), resolved against the scenario's
 *     folder; null otherwise
 * @param startUnitPs picoseconds per start-time unit of the cm file
 * @param crossPod permutation: every flow leaves its pod or leaf ({@code workload.locality: cross-pod})
 * @param startJitter each flow starts up to this many pacing slots later ({@code workload.start_jitter}; 0 = none)
 */
public record WorkloadSpec(String kind, long sizeBytes, int senders, int receiver, Path file, double startUnitPs,
    boolean crossPod, double startJitter) {}
