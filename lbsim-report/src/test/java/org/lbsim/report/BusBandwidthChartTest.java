package org.lbsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BusBandwidthChartTest {
  private static final String HEADER = "op,algorithm,lb,cc,lr,ranks,size,count,type,redop,root,time_us,algbw_gbs,"
      + "busbw_gbs,ideal_busbw_gbs,fabric_ideal_busbw_gbs,cct_ps,bound_ps,unfinished_flows\n";

  @TempDir
  Path dir;

  @Test
  void aFolderWithoutTheCsvHasNoChart() {
    assertThat(BusBandwidthChart.of(dir)).isEmpty();
  }

  @Test
  void oneLinePerDesignPlusTheIdealOnALog2SizeAxis() throws Exception {
    Files.writeString(dir.resolve("bench-collective.csv"), HEADER
        + "all-reduce,ring,ofan,ideal,erasure,8,1024,256,float,sum,-1,10,0.1,0.2,0.3,12.5,1,1,0\n"
        + "all-reduce,ring,ofan,ideal,erasure,8,2048,512,float,sum,-1,,,,0.6,12.5,-1,1,3\n"
        + "all-reduce,ring,ecmp,ideal,erasure,8,1024,256,float,sum,-1,20,0.05,0.1,0.3,12.5,1,1,0\n");
    BusBandwidthChart c = (BusBandwidthChart) BusBandwidthChart.of(dir).orElseThrow();
    assertThat(c.series().keySet()).containsExactly("ofan", "ecmp");
    assertThat(c.series().get("ofan")).containsOnlyKeys(1024L); // the unfinished size has no busbw
    assertThat(c.title()).isEqualTo("Bus bandwidth vs size: all-reduce on 8 ranks");
    Map<String, Object> spec = c.vegaLite();
    @SuppressWarnings("unchecked")
    Map<String, Object> x = (Map<String, Object>) ((Map<String, Object>) spec.get("encoding")).get("x");
    assertThat(x.get("scale")).isEqualTo(Map.of("type", "log", "base", 2));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> values = (List<Map<String, Object>>) ((Map<String, Object>) spec.get("data")).get("values");
    assertThat(values).extracting(v -> v.get("design")).containsExactly("ofan", "ecmp", "ideal (fabric)");
    assertThat(values.get(2).get("busbw")).isEqualTo(12.5);
    assertThat(c.xchart().getSeriesMap()).containsOnlyKeys("ofan", "ecmp", "ideal (fabric)");
  }
}
