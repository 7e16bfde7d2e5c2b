package org.lbsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.HeatMapChart;

/** The PNGs' axes read as numbers a reader can use: sizes on the queue-scaling axis, port numbers on a wide heat map. */
class PngAxesTest {
  @Test
  void theSizeAxisLabelsPowersOfTwoAsSizes() {
    assertThat(QueueScalingChart.sizeTick(16)).isEqualTo("64 KiB");
    assertThat(QueueScalingChart.sizeTick(20)).isEqualTo("1 MiB");
    assertThat(QueueScalingChart.sizeTick(33)).isEqualTo("8 GiB");
    assertThat(QueueScalingChart.sizeTick(9)).isEqualTo("512 B");
    assertThat(QueueScalingChart.sizeTick(16.5)).isBlank();
  }

  @Test
  void aWideHeatMapLabelsEveryFiftiethPortAndNamesItsColourBar() {
    Map<String, List<PortRow>> tiers = new LinkedHashMap<>();
    List<PortRow> ports = new ArrayList<>();
    for (int i = 0; i < 1024; i++) {
      ports.add(new PortRow("h" + i + ">tor", "host-up", 0, 0, 0, i / 1024.0));
    }
    tiers.put("host-up", ports);
    HeatMapChart c = new LinkLoadChart(0, "run-a", tiers).xchart();
    PngStyle.apply(c);
    BitmapEncoder.getBufferedImage(c);
    List<?> x = c.getHeatMapSeries().getXData();
    assertThat(x).hasSize(1024);
    assertThat(x.stream().map(Object::toString).filter(l -> !l.isBlank()).toList()).hasSize(21).startsWith("0", "50", "100")
        .endsWith("1000");
    assertThat(c.getTitle()).isEqualTo("Per-link load: run-a");
  }
}
