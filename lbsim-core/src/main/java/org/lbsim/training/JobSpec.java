package org.lbsim.training;

/**
 * One training job: which model, how it is split over GPUs, and how its collectives run.
 *
 * <p>Ranks are laid out Megatron-style: tensor-parallel ranks innermost (they share a server and
 * talk over NVLink), then data-parallel, then pipeline stages: rank r has tp = r mod TP,
 * dp = (r / TP) mod DP, pp = r / (TP * DP), with DP = gpus / (TP * PP). Expert-parallel groups
 * are EP consecutive data-parallel ranks.
 *
 * @param model the transformer
 * @param precision bytes per weight, gradient and activation on the wire
 * @param gpus GPUs of the job (each GPU has its own NIC, i.e. its own fabric host)
 * @param gpusPerServer GPUs (and NICs) per server; GPUs of one server talk over NVLink
 * @param tp tensor-parallel degree (divides gpusPerServer)
 * @param pp pipeline-parallel degree
 * @param ep expert-parallel degree (MoE only; divides DP)
 * @param sharding fsdp (weights sharded over DP: AllGather before use, ReduceScatter of
 *     gradients) or ddp (replicated weights: AllReduce of gradient buckets)
 * @param scope iteration (forward and backward of every layer) or backward-layer (the study's Fig.
 *     14 traffic: one layer's gradient ReduceScatter and weight AllGather, launched together)
 * @param algorithm ring, halving-doubling or direct (every rank to every rank)
 * @param channels NCCL-style channels: every collective is split into this many independent flows
 *     per rank pair and step
 * @param tokens tokens per data-parallel rank per micro-batch (sequence length x micro-batch size)
 * @param microBatches pipeline micro-batches per iteration (GPipe order)
 * @param gpuTflops achieved dense TFLOP/s per GPU of the compute model
 * @param computeGapPs if >= 0, forward compute per layer (backward twice that) instead of the
 *     FLOPs model
 * @param nvlinkBitsPerSecond per-direction NVLink bandwidth of a GPU
 * @param bucketBytes ddp gradient bucket size
 * @param layerParams weights per layer, normally {@link ModelPreset#layerParams()}; an override
 *     sizes the collectives like another model would (used to match the study's per-flow sizes)
 */
public record JobSpec(ModelPreset model, Precision precision, int gpus, int gpusPerServer, int tp, int pp, int ep,
    String sharding, String scope, String algorithm, int channels, long tokens, int microBatches, double gpuTflops,
    long computeGapPs, long nvlinkBitsPerSecond, long bucketBytes, long layerParams) {

  public JobSpec {
    require(gpus >= 1, "job.gpus must be >= 1, got " + gpus);
    require(gpusPerServer >= 1, "job.gpus_per_server must be >= 1, got " + gpusPerServer);
    require(gpus % gpusPerServer == 0 || gpus < gpusPerServer,
        "job.gpus (" + gpus + ") must fill whole servers of " + gpusPerServer + " GPUs");
    require(tp >= 1 && gpusPerServer % tp == 0, "job.tp (" + tp + ") must divide job.gpus_per_server (" + gpusPerServer + ")");
    require(pp >= 1 && gpus % (tp * pp) == 0, "job.gpus (" + gpus + ") must be a multiple of tp x pp (" + tp * pp + ")");
    require(pp <= model.layers(), "job.pp (" + pp + ") must not exceed the model's " + model.layers() + " layers");
    require(ep >= 1 && (gpus / (tp * pp)) % ep == 0, "job.ep (" + ep + ") must divide the data-parallel degree "
        + gpus / (tp * pp));
    require(ep == 1 || model.moe(), "job.ep > 1 needs a mixture-of-experts model, " + model.name() + " has none");
    require(channels >= 1, "job.channels must be >= 1, got " + channels);
    require(tokens >= 1 && microBatches >= 1, "job.tokens and job.micro_batches must be >= 1");
    require(layerParams >= 1, "job.layer_params must be >= 1");
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  public int dp() {
    return gpus / (tp * pp);
  }

  public int servers() {
    return Math.max(1, gpus / gpusPerServer);
  }

  public boolean fsdp() {
    return sharding.equals("fsdp");
  }

  /** Layers of pipeline stage {@code stage}: the first layers % pp stages get one extra. */
  public int layersOfStage(int stage) {
    int base = model.layers() / pp;
    return base + (stage < model.layers() % pp ? 1 : 0);
  }

  /** Bytes of one layer's weights held by one tensor-parallel shard (what FSDP gathers over DP). */
  public long layerBytesPerTpShard() {
    return layerParams / tp * precision.bytes();
  }

  /**
   * Compute model: forward FLOPs of one layer on one GPU are 2 x active weights / TP x tokens
   * (one multiply-add per weight and token; the attention score term, quadratic in the sequence,
   * is left out), at gpuTflops; backward costs twice the forward.
   */
  public long forwardComputePs() {
    if (computeGapPs >= 0) {
      return computeGapPs;
    }
    double flops = 2.0 * model.activeLayerParams() / tp * tokens;
    return Math.round(flops / (gpuTflops * 1e12) * 1e12);
  }

  /** Activation bytes of one micro-batch at a layer boundary: tokens x hidden elements. */
  public long activationBytes() {
    return tokens * model.hidden() * precision.bytes();
  }
}
