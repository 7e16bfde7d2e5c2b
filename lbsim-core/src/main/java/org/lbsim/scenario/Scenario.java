package org.lbsim.scenario;

import org.lbsim.failure.FailurePlan;
import org.lbsim.topo.Topology;

/**
 * A validated scenario: everything one run needs, one typed section per group of the scenario's
 * keys, each read once and the chosen designs resolved.
 *
 * @param identity the run's name and seed, and every setting's canonical text for results to echo
 * @param profile the modelling profile and what it changes
 * @param fabric the topology and its links
 * @param buffer what every switch port holds, marks and loses
 * @param packet packet sizes
 * @param workload the {@code workload.*} keys and the chosen {@link WorkloadKind}
 * @param training the training jobs; {@link TrainingSection#NONE} for other workloads
 * @param designs the chosen load balancing, congestion control and loss recovery, with their parameters
 * @param transport the {@code transport.*} keys
 * @param failures the {@code failures.*} keys, checked against the fabric
 * @param metrics the {@code metrics.*} keys
 * @param engine the {@code engine.*} and {@code run.*} keys
 */
public record Scenario(Identity identity, Profile profile, FabricSection fabric, BufferSection buffer,
    PacketSection packet, WorkloadSpec workload, TrainingSection training, DesignsSection designs,
    TransportSection transport, FailurePlan failures, MetricsSection metrics, EngineSection engine) {

  // The values nearly every reader of a scenario needs.

  public String name() {
    return identity.name();
  }

  public long seed() {
    return identity.seed();
  }

  public Topology topology() {
    return fabric.topology();
  }
}
