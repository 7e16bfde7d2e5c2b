package org.lbsim.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lbsim.training.Algorithms.Op;
import org.lbsim.workload.FlowSpec;

/** Bytes every rank sends in each collective algorithm, and the bytes of a whole FSDP iteration, by hand. */
class CollectiveBytesTest {
  /** A two-layer model small enough to count by hand: 41,088 weights per layer. */
  static final ModelPreset TINY = new ModelPreset("tiny", 2, 64, 128, 4, 4, 100, 1, 1);

  private static long[] sentPerHost(CommGraph g, int hosts) {
    long[] sent = new long[hosts];
    for (FlowSpec f : g.compile().flows()) {
      sent[f.src()] += f.bytes();
    }
    return sent;
  }

  private static int[] none(int n) {
    int[] e = new int[n];
    Arrays.fill(e, -1);
    return e;
  }

  @ParameterizedTest
  @ValueSource(strings = {"ring", "halving-doubling", "direct"})
  void allReduceSendsTwiceNMinusOneOverNOfTheBufferPerRank(String algorithm) {
    int n = 8;
    long buffer = 8 * 4 * 1000; // divisible by n x channels x 2^k, so no rounding
    CommGraph g = new CommGraph(new Cluster(n, 1, false), 3_600_000_000_000L);
    int[] gpus = {0, 1, 2, 3, 4, 5, 6, 7};
    Algorithms.run(g, algorithm, Op.ALL_REDUCE, gpus, buffer, 2, none(n), 0);
    long[] sent = sentPerHost(g, n);
    for (long s : sent) {
      assertThat(s).isEqualTo(2L * (n - 1) * buffer / n); // 56,000 B of a 32,000 B buffer
    }
  }

  @Test
  void ringReduceScatterAndAllGatherSendNMinusOneOverN() {
    int n = 4;
    CommGraph g = new CommGraph(new Cluster(n, 1, false), 1);
    Algorithms.run(g, "ring", Op.REDUCE_SCATTER, new int[] {0, 1, 2, 3}, 4000, 1, none(n), 0);
    Algorithms.run(g, "ring", Op.ALL_GATHER, new int[] {0, 1, 2, 3}, 4000, 1, none(n), 0);
    assertThat(sentPerHost(g, n)).containsOnly(2 * 3000L);
  }

  @Test
  void channelsSplitEveryStepIntoThatManyFlows() {
    CommGraph one = new CommGraph(new Cluster(4, 1, false), 1);
    Algorithms.run(one, "ring", Op.ALL_GATHER, new int[] {0, 1, 2, 3}, 8000, 1, none(4), 0);
    CommGraph four = new CommGraph(new Cluster(4, 1, false), 1);
    Algorithms.run(four, "ring", Op.ALL_GATHER, new int[] {0, 1, 2, 3}, 8000, 4, none(4), 0);
    assertThat(four.compile().flows()).hasSize(4 * one.compile().flows().size());
    assertThat(sentPerHost(four, 4)).isEqualTo(sentPerHost(one, 4));
  }

  @Test
  void halvingDoublingRejectsGroupsThatAreNotPowersOfTwo() {
    CommGraph g = new CommGraph(new Cluster(6, 1, false), 1);
    assertThatThrownBy(() -> Algorithms.run(g, "halving-doubling", Op.ALL_REDUCE, new int[] {0, 1, 2, 3, 4, 5}, 600, 1,
        none(6), 0)).hasMessageContaining("power-of-two group, got 6");
  }

  private static JobSpec tinyJob(int gpus, int gpusPerServer) {
    return new JobSpec(TINY, Precision.BF16, gpus, gpusPerServer, 1, 1, 1, "fsdp", "iteration", "ring", 1, 16, 1, 400, 1000,
        3_600_000_000_000L, 25_000_000, TINY.layerParams());
  }

  @Test
  void fsdpIterationPutsThreeRingCollectivesPerLayerOnTheFabric() {
    assertThat(TINY.layerParams()).isEqualTo(2 * 64 * 64 + 2 * 64 * 64 + 3 * 64 * 128 + 2 * 64); // 41,088
    // 4 GPUs, one per server: every ring hop is on the fabric. Per layer: forward AllGather,
    // backward AllGather, gradient ReduceScatter; each rank sends 3 chunks of 82,176 / 4 B each.
    TrainingWorkload w = TrainingWorkload.build(java.util.List.of(tinyJob(4, 1)), new Cluster(4, 1, false),
        3_600_000_000_000L, "packed", new SplittableRandom(1));
    long layerBytes = 41_088L * 2;
    assertThat(w.fabricBytes()).isEqualTo(3L * 2 * 4 * 3 * (layerBytes / 4)); // 1,479,168 B
  }

  @Test
  void fsdpIterationKeepsIntraServerRingHopsOnNvlink() {
    // 2 servers x 2 GPUs: of the 4 hops of every ring step, the 2 that cross servers use the fabric.
    TrainingWorkload w = TrainingWorkload.build(java.util.List.of(tinyJob(4, 2)), new Cluster(2, 2, false),
        3_600_000_000_000L, "packed", new SplittableRandom(1));
    long layerBytes = 41_088L * 2;
    assertThat(w.fabricBytes()).isEqualTo(3L * 2 * 3 * 2 * (layerBytes / 4)); // 739,584 B
    for (FlowSpec f : w.flows()) {
      assertThat(f.src() / 2).as("fabric flows cross servers").isNotEqualTo(f.dst() / 2);
    }
  }

  @Test
  void ddpAllReducesGradientBucketsOnce() {
    JobSpec ddp = new JobSpec(TINY, Precision.BF16, 4, 1, 1, 1, 1, "ddp", "iteration", "ring", 1, 16, 1, 400, 1000,
        3_600_000_000_000L, 25_000_000, TINY.layerParams());
    TrainingWorkload w = TrainingWorkload.build(java.util.List.of(ddp), new Cluster(4, 1, false), 3_600_000_000_000L,
        "packed", new SplittableRandom(1));
    // Both layers fit one 25 MB bucket: one AllReduce of 164,352 B, 2 x 3/4 of it per rank.
    assertThat(w.fabricBytes()).isEqualTo(4L * 2 * 3 * (2 * 41_088L * 2 / 4));
  }
}
