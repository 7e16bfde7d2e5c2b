package org.lbsim.report;

import java.util.List;
import java.util.Map;

/**
 * One chart of the report, drawn twice from the same data: as a Vega-Lite spec for the
 * interactive HTML page and as an XChart chart for a static PNG (papers, CI artifacts).
 */
sealed interface Chart permits OverBoundChart, QueueScalingChart, FctCdfChart, LinkLoadChart, HottestPortsChart,
    QueueOverTimeChart, BusBandwidthChart {
  /** The chart's div id in the page and its PNG's file name (without extension). */
  String id();

  String title();

  /** What the chart shows and how to read it; plain text. */
  String note();

  Map<String, Object> vegaLite();

  /** The PNG's chart; for a chart drawn in panels, its first panel. */
  org.knowm.xchart.internal.chartpart.Chart<?, ?> xchart();

  /** The PNG's panels, stacked top to bottom in one image: one unless the chart has a panel per workload. */
  default List<? extends org.knowm.xchart.internal.chartpart.Chart<?, ?>> xcharts() {
    return List.of(xchart());
  }
}
