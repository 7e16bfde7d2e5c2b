package org.lbsim.training;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The model presets: every listed name resolves, and an alias keeps the name it was asked by. */
class ModelPresetTest {
  @Test
  void everyListedNameResolvesUnderItsOwnName() {
    for (String name : ModelPreset.NAMES) {
      assertThat(ModelPreset.find(name)).as(name).isNotNull();
      assertThat(ModelPreset.find(name).name()).isEqualTo(name);
    }
    assertThat(ModelPreset.find("gpt5")).isNull();
  }

  @Test
  void theStudysSevenBIsTheEightBShape() {
    ModelPreset seven = ModelPreset.find("llama3-7b");
    ModelPreset eight = ModelPreset.find("llama3-8b");
    assertThat(seven.name()).isEqualTo("llama3-7b");
    assertThat(seven.layerParams()).isEqualTo(eight.layerParams());
    assertThat(seven.named("llama3-8b")).isEqualTo(eight);
  }
}
