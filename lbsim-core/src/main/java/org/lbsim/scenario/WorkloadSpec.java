package org.lbsim.scenario;

import java.nio.file.Path;

/**
 * The workload of a scenario.
 *
 * @param kind the name of its {@link WorkloadKind} ({@link WorkloadKinds})
 * @param sizeBytes message (or ring buffer) size
 * @param senders incast senders
 * @param receiver incast receiver
 * @param file cm file, resolved against the scenario's folder; null otherwise
 * @param startUnitPs picoseconds per start-time unit of the cm file
 */
public record WorkloadSpec(String kind, long sizeBytes, int senders, int receiver, Path file, double startUnitPs) {}
