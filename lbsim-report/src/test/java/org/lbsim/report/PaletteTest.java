package org.lbsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class PaletteTest {
  @Test
  void twentyCategoriesGetTwentyDistinctColours() {
    List<String> twenty = Palette.categories(20);
    assertThat(new HashSet<>(twenty)).hasSize(20);
    assertThat(Palette.awtCategories()).hasSize(20).doesNotHaveDuplicates();
  }

  @Test
  void theTwentyFirstCategoryReusesTheFirstColour() {
    assertThat(Palette.categories(21).get(20)).isEqualTo(Palette.categories(1).get(0));
  }

  @Test
  void viridisRunsFromDarkToLight() {
    double first = luminance(Palette.awt(Palette.VIRIDIS.get(0)));
    double last = luminance(Palette.awt(Palette.VIRIDIS.get(Palette.VIRIDIS.size() - 1)));
    assertThat(first).isLessThan(0.1);
    assertThat(last).isGreaterThan(0.7);
    for (int i = 1; i < Palette.VIRIDIS.size(); i++) {
      assertThat(luminance(Palette.awt(Palette.VIRIDIS.get(i))))
          .isGreaterThan(luminance(Palette.awt(Palette.VIRIDIS.get(i - 1))));
    }
  }

  private static double luminance(java.awt.Color c) {
    return (0.2126 * c.getRed() + 0.7152 * c.getGreen() + 0.0722 * c.getBlue()) / 255;
  }
}
