package org.lbsim.training;

import java.util.List;

/**
 * A transformer's shape, enough to size its collectives: decoder layers, hidden size, the MLP's
 * intermediate size, attention and key/value heads (grouped-query attention), vocabulary, and for a
 * mixture of experts the number of experts and how many each token visits.
 *
 * <p>The Llama-3 shapes are Meta's published configurations (Llama 3 model card / the "Llama 3 herd
 * of models" paper, Table 3): 8B = 32 layers x 4096 (MLP 14336), 70B = 80 x 8192 (28672), 405B =
 * 126 x 16384 (53248), all with 8 key/value heads of 128 and a 128,256-token vocabulary. The study
 * calls the smallest "7B"; it is the 8B shape. Mixtral 8x7B is Mistral's published 32 x 4096 with
 * 8 experts of MLP 14336, 2 active per token, 32,000-token vocabulary.
 */
public record ModelPreset(String name, int layers, int hidden, int ffn, int heads, int kvHeads, int vocab, int experts,
    int topK) {

  public static final ModelPreset LLAMA3_8B = new ModelPreset("llama3-8b", 32, 4096, 14336, 32, 8, 128_256, 1, 1);
  /** The study's name for the 8B shape. */
  public static final ModelPreset LLAMA3_7B = LLAMA3_8B.named("llama3-7b");
  public static final ModelPreset LLAMA3_70B = new ModelPreset("llama3-70b", 80, 8192, 28672, 64, 8, 128_256, 1, 1);
  public static final ModelPreset LLAMA3_405B = new ModelPreset("llama3-405b", 126, 16384, 53248, 128, 8, 128_256, 1, 1);
  public static final ModelPreset MIXTRAL_8X7B = new ModelPreset("mixtral-8x7b", 32, 4096, 14336, 32, 8, 32_000, 8, 2);

  /** Every preset name, the study's "7B" alias first. */
  public static final List<String> NAMES = List.of("llama3-7b", "llama3-8b", "llama3-70b", "llama3-405b", "mixtral-8x7b");

  /** The preset called {@code name}, or null. */
  public static ModelPreset find(String name) {
    return switch (name) {
      case "llama3-7b" -> LLAMA3_7B;
      case "llama3-8b" -> LLAMA3_8B;
      case "llama3-70b" -> LLAMA3_70B;
      case "llama3-405b" -> LLAMA3_405B;
      case "mixtral-8x7b" -> MIXTRAL_8X7B;
      default -> null;
    };
  }

  /** The same shape under another name. */
  public ModelPreset named(String newName) {
    return new ModelPreset(newName, layers, hidden, ffn, heads, kvHeads, vocab, experts, topK);
  }

  public int headDim() {
    return hidden / heads;
  }

  /** Q and O projections (hidden x hidden each) plus K and V (hidden x kvHeads*headDim each). */
  public long attentionParams() {
    long kv = (long) kvHeads * headDim();
    return 2L * hidden * hidden + 2L * hidden * kv;
  }

  /** One gated MLP (gate, up, down: 3 x hidden x ffn). */
  public long mlpParams() {
    return 3L * hidden * ffn;
  }

  /**
   * Weights of one decoder layer: attention, every expert's MLP, the router (hidden x experts,
   * MoE only) and the two RMSNorm vectors. Llama-3 8B: 218,112,000.
   */
  public long layerParams() {
    long router = experts > 1 ? (long) hidden * experts : 0;
    return attentionParams() + experts * mlpParams() + router + 2L * hidden;
  }

  /** Weights one token actually multiplies in a layer (only topK experts' MLPs). */
  public long activeLayerParams() {
    long router = experts > 1 ? (long) hidden * experts : 0;
    return attentionParams() + topK * mlpParams() + router + 2L * hidden;
  }

  /** Every weight: layers, input embedding, output head and final norm (8B: 8,030,261,248). */
  public long totalParams() {
    return layers * layerParams() + 2L * vocab * hidden + hidden;
  }

  public boolean moe() {
    return experts > 1;
  }
}
