package org.lbsim.training;

/**
 * The study's Fig. 14 flow sizes. The study runs the backward pass's gradient ReduceScatter and
 * weight AllGather of Llama-3 7B / 70B / 405B with FSDP on 1024 GPUs, FP8, 4 KB payloads, and
 * states 104 / 418 / 1570 packets per flow. Our reading: one flow carries a rank's two 1/n
 * shares of one layer for one peer (its ReduceScatter chunk and its AllGather shard), i.e.
 * 2 x layer weights x 1 B / 1024 / 4096 B packets. For the 8B shape without its two RMSNorm vectors
 * that is exactly 104; the 70B and 405B shapes give 408 and 1520, not 418 and 1570, and we
 * found no published shape that gives the study's two. With the norms our model gives 105 / 409 /
 * 1521 (see docs/reproduction/fig14.md).
 *
 * <p>{@code job.layer_params: study-fig14} therefore sizes each layer so that a fused flow has
 * exactly the study's packet count at any data-parallel degree: layer weights =
 * packets x payload x dp / 2 / bytes per weight (x tp).
 */
public final class StudyFig14 {
  public static final String KEY_VALUE = "study-fig14";
  public static final int PAYLOAD = 4096;

  private StudyFig14() {}

  /** The study's packets per flow for a model preset, or -1 if it has none. */
  public static int packetsPerFlow(String model) {
    return switch (model) {
      case "llama3-7b", "llama3-8b" -> 104;
      case "llama3-70b" -> 418;
      case "llama3-405b" -> 1570;
      default -> -1;
    };
  }

  /** Layer weights that make each fused flow exactly the study's packet count. */
  public static long layerParams(String model, int dp, int tp, Precision precision) {
    int packets = packetsPerFlow(model);
    if (packets < 0) {
      throw new IllegalArgumentException("job.layer_params study-fig14 applies to llama3-7b, llama3-70b and llama3-405b, not "
          + model);
    }
    return (long) packets * PAYLOAD * dp / 2 / precision.bytes() * tp;
  }
}
