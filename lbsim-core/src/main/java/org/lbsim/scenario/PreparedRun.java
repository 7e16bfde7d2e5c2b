package org.lbsim.scenario;

import java.util.List;
import org.lbsim.engine.PartitionedSimulator;
import org.lbsim.engine.Simulator;
import org.lbsim.failure.FailureSetup;
import org.lbsim.metrics.QueueSampler;
import org.lbsim.net.PacketFormat;
import org.lbsim.topo.Fabric;
import org.lbsim.training.TrainingWorkload;
import org.lbsim.transport.SubflowSplit;
import org.lbsim.transport.Transport;
import org.lbsim.workload.FlowSpec;

/**
 * A run built and not yet started ({@link ScenarioRunner#prepare}): its simulator, fabric and
 * transport, and what {@link ScenarioRunner#run} needs to collect its results. Diagnostics (the
 * benchmark module's memory-layout report) start one, run it for a while and look at its objects.
 */
public final class PreparedRun {
  private final PartitionedSimulator engine;
  private final Simulator sim;
  private final Fabric fabric;
  private final Transport transport;
  final List<FlowSpec> flows;
  final SubflowSplit split; // null: each flow runs as one connection
  final PacketFormat format;
  final FailureSetup failures;
  final long boundPs; // the CCT's lower bound, -1 when the workload has none
  final TrainingWorkload training; // null: not a training workload
  final QueueSampler sampler; // null: queue sampling off
  private boolean started;

  PreparedRun(PartitionedSimulator engine, Fabric fabric, Transport transport, List<FlowSpec> flows, SubflowSplit split,
      PacketFormat format, FailureSetup failures, long boundPs, TrainingWorkload training,
      QueueSampler sampler) {
    this.engine = engine;
    this.sim = engine.partition(0);
    this.fabric = fabric;
    this.transport = transport;
    this.flows = flows;
    this.split = split;
    this.format = format;
    this.failures = failures;
    this.boundPs = boundPs;
    this.training = training;
    this.sampler = sampler;
  }

  /** Schedules the first events: the queue sampler's first sample, then the flows' first slots (in that order, as always). */
  public void start() {
    if (started) {
      throw new IllegalStateException("this run has already been started");
    }
    started = true;
    if (sampler != null) {
      sampler.start();
    }
    transport.start();
  }

  /** The clock and queue of the run's one partition. */
  public Simulator simulator() {
    return sim;
  }

  /** The run's engine, which runs it window by window (docs/model.md, "Time and events"). */
  public PartitionedSimulator engine() {
    return engine;
  }

  public Fabric fabric() {
    return fabric;
  }

  public Transport transport() {
    return transport;
  }

  /** The CCT's lower bound in picoseconds (at ρ_max under failures), -1 when the workload has none. */
  public long boundPs() {
    return boundPs;
  }
}
