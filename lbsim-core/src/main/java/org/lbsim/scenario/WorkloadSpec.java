package org.lbsim.scenario;

import java.nio.file.Path;
import org.lbsim.workload.HostPlacement;

/**
 * The {@code workload.*} keys (the training jobs are in {@link TrainingSection}).
 *
 * @param kind the workload ({@code workload.kind}), from the catalog's {@link WorkloadKinds}; null while
 *     the key is bad
 * @param sizeBytes message (or ring buffer) size
 * @param senders incast senders
 * @param receiver incast receiver
 * @param file cm file or Chakra trace prefix ({@code workload.trace}), resolved against the scenario's
 *     folder; null otherwise
 * @param startUnitPs picoseconds per start-time unit of the cm file
 * @param crossPod permutation: every flow leaves its pod or leaf ({@code workload.locality: cross-pod})
 * @param startJitter each flow starts up to this many pacing slots later ({@code workload.start_jitter}; 0 = none)
 * @param placement cm: which host each node runs on ({@code workload.placement}, a {@link HostPlacement} policy)
 * @param placementHosts cm with placement {@code hosts}: node i's host is the i-th ({@code workload.placement_hosts});
 *     empty otherwise
 */
public record WorkloadSpec(WorkloadKind kind, long sizeBytes, int senders, int receiver, Path file, double startUnitPs,
    boolean crossPod, double startJitter, String placement, int[] placementHosts) {}
