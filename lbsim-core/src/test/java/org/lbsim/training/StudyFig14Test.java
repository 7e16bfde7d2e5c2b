package org.lbsim.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lbsim.workload.FlowSpec;

/** The study's Fig. 14 flow sizes: 104 / 418 / 1570 packets of 4096 B per flow. */
class StudyFig14Test {
  private static JobSpec fig14(String model, int gpus, long layerParams) {
    ModelPreset m = ModelPreset.find(model);
    return new JobSpec(m, Precision.FP8, gpus, 8, 1, 1, 1, "fsdp", "backward-layer", "direct", 1, 8192, 1, 400, -1,
        3_600_000_000_000L, 25_000_000, layerParams);
  }

  @ParameterizedTest
  @CsvSource({"llama3-7b,104,128", "llama3-70b,418,128", "llama3-405b,1570,128", "llama3-7b,104,1024",
      "llama3-405b,1570,1024"})
  void everyFabricFlowHasTheStudysPacketCount(String model, int packets, int gpus) {
    long params = StudyFig14.layerParams(model, gpus, 1, Precision.FP8);
    TrainingWorkload w = TrainingWorkload.build(List.of(fig14(model, gpus, params)), new Cluster(gpus / 8, 8, false),
        3_600_000_000_000L, "packed", new SplittableRandom(1));
    assertThat(w.flows()).hasSize(gpus * (gpus - 8)); // every GPU to every GPU of another server
    for (FlowSpec f : w.flows()) {
      assertThat(f.bytes()).isEqualTo((long) packets * 4096);
      assertThat(f.depCount()).isZero();
    }
  }

  /** What the published Llama-3 shapes give (docs/reproduction/fig14.md): 2 x layer / 1024 GPUs / 4096 B, FP8. */
  @ParameterizedTest
  @CsvSource({"llama3-7b,105", "llama3-70b,409", "llama3-405b,1521"})
  void publishedShapesGiveTheseCounts(String model, int packets) {
    ModelPreset m = ModelPreset.find(model);
    long share = (m.layerParams() + 1023) / 1024;
    assertThat((2 * share + 4095) / 4096).isEqualTo(packets);
  }

  @ParameterizedTest
  @CsvSource({"llama3-7b,104", "llama3-70b,408", "llama3-405b,1520"})
  void withoutTheNormVectorsThe8bShapeGivesExactly104(String model, long packets) {
    ModelPreset m = ModelPreset.find(model);
    long linear = m.attentionParams() + m.mlpParams();
    assertThat(2 * linear / 1024).isEqualTo(packets * 4096);
  }
}
