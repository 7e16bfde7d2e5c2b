package org.lbsim.scenario;

import java.util.List;
import org.lbsim.scenario.Setting.Type;
import org.lbsim.training.Algorithms;
import org.lbsim.training.ModelPreset;
import org.lbsim.training.Placement;
import org.lbsim.training.Precision;

/** The keys of {@code workload.kind: training} (docs/training.md); some also place and run a Chakra trace. */
final class TrainingSchema {
  private TrainingSchema() {}

  static List<Setting> settings() {
    return List.of(
        new Setting("job.model", Type.TEXT, "llama3-8b", List.of(),
            "training: model preset (" + String.join(", ", ModelPreset.NAMES) + "; llama3-7b = the 8B shape, as the study "
                + "names it); a comma-separated list runs one job per entry on the same fabric"),
        new Setting("job.layers", Type.TEXT, "auto", List.of(), "training: simulate only the first N layers (auto = all of the model's)"),
        new Setting("job.layer_params", Type.TEXT, "auto", List.of(),
            "training: weights per layer that size the collectives (auto = the model's; an override mimics another model)"),
        new Setting("job.precision", Type.CHOICE, "bf16", Precision.NAMES, "training: bytes per weight, gradient and activation"),
        new Setting("job.gpus", Type.INT, "64", List.of(), "training: GPUs of each job (one NIC, i.e. one fabric host, per GPU)"),
        new Setting("job.gpus_per_server", Type.INT, "8", List.of(),
            "training, chakra: GPUs (and NICs) per server; GPUs of a server talk over NVLink, off the fabric"),
        new Setting("job.tp", Type.INT, "1", List.of(), "training: tensor-parallel degree (within a server)"),
        new Setting("job.pp", Type.INT, "1", List.of(), "training: pipeline-parallel stages"),
        new Setting("job.ep", Type.INT, "1", List.of(), "training: expert-parallel degree (MoE models; divides the data-parallel degree)"),
        new Setting("job.sharding", Type.CHOICE, "fsdp", List.of("fsdp", "ddp"),
            "training: fsdp = per-layer AllGather of weights and ReduceScatter of gradients; ddp = AllReduce of gradient buckets"),
        new Setting("job.scope", Type.CHOICE, "iteration", List.of("iteration", "backward-layer"),
            "training: iteration = forward + backward of every layer; backward-layer = one layer's gradient ReduceScatter "
                + "and weight AllGather together (the study's Fig. 14 traffic)"),
        new Setting("job.algorithm", Type.CHOICE, "ring", Algorithms.NAMES, "training, chakra: collective algorithm "
            + "(training: over the data-parallel group; chakra: of AllReduce, AllGather, ReduceScatter)"),
        new Setting("job.channels", Type.INT, "2", List.of(), "training, chakra: NCCL channels; each collective is split into this many flows per rank pair"),
        new Setting("job.tokens", Type.INT, "8192", List.of(), "training: tokens per data-parallel rank and micro-batch"),
        new Setting("job.micro_batches", Type.INT, "1", List.of(), "training: pipeline micro-batches per iteration"),
        new Setting("job.gpu_tflops", Type.NUMBER, "400", List.of(), "training: achieved TFLOP/s per GPU of the compute model"),
        new Setting("job.compute_us", Type.TEXT, "auto", List.of(),
            "training: forward compute per layer in microseconds (backward 2x); auto = 2 x active weights / tp x tokens / gpu_tflops"),
        new Setting("job.nvlink_gbps", Type.NUMBER, "3600", List.of(), "training, chakra: NVLink bandwidth per GPU and direction, Gb/s (H100: 450 GB/s)"),
        new Setting("job.bucket", Type.TEXT, "25MB", List.of(), "training, ddp: gradient bucket size"),
        new Setting("job.placement", Type.CHOICE, "packed", Placement.POLICIES,
            "training, chakra: how jobs (a trace) get servers (packed = consecutive, spread = dealt round-robin, random = seeded shuffle)"),
        new Setting("job.ideal", Type.CHOICE, "simulate", List.of("simulate", "off"),
            "training, chakra: also run the jobs (the trace) on a non-blocking fabric (one switch) for the % over ideal"));
  }
}
