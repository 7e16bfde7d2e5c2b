package org.lbsim.net;

import org.lbsim.engine.Simulator;

/**
 * What one partition of a run owns besides its nodes: its simulator (its clock and events), the
 * pool its packets come from and the counters its events add to. A host, its endpoints and its
 * switch neighbours use their partition's; a run that is not split has one.
 *
 * @param index the partition's number in the run's engine
 */
public record Partition(int index, Simulator sim, PacketPool pool, FabricCounters counters) {}
