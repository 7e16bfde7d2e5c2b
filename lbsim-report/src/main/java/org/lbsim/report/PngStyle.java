package org.lbsim.report;

import java.awt.Color;
import java.awt.Font;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The look every PNG shares: white background, the report's palette, the legend always shown beside the plot. */
final class PngStyle {
  private PngStyle() {}

  static void apply(Chart<?, ?> c) {
    Styler s = c.getStyler();
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotBackgroundColor(Color.WHITE);
    s.setPlotBorderColor(new Color(0xbbbbbb));
    s.setSeriesColors(Palette.awtCategories());
    s.setLegendVisible(true);
    s.setLegendPosition(Styler.LegendPosition.OutsideE);
    s.setLegendBorderColor(new Color(0xdddddd));
    s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    s.setChartTitleBoxVisible(false);
    s.setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    if (s instanceof AxesChartStyler a) {
      a.setPlotGridLinesColor(new Color(0xe6e6e6));
      a.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    }
  }

  /**
   * A y axis of fractions from 0 to 1 with round ticks (0, 0.2, ..., 1). Call it after adding
   * the real series, with an x inside their range.
   */
  static void fractionAxis(XYChart c, double x) {
    c.getStyler().setYAxisMin(0.0).setYAxisMax(1.0);
    c.getStyler().setYAxisDecimalPattern("0.##");
    c.getStyler().setYAxisTickMarkSpacingHint(100);
    roundTicks(c, x, 1 / Math.PI); // no k/n: a third would be one whenever n is a multiple of 3
  }

  /**
   * Round tick steps on both axes of a chart of equally spaced values. XChart puts the ticks
   * of an axis whose values are all equally spaced (a CDF's k/n, a queue's sample times) on
   * those values, which gives ticks such as 0.03, 0.06 or 1.9, 3.7, 5.6; one undrawn point off
   * that grid makes it choose round steps. {@code (x, y)} must lie inside the plotted range and
   * off both grids, e.g. a third of the way between two samples.
   */
  static void roundTicks(XYChart c, double x, double y) {
    XYSeries grid = c.addSeries(" ", new double[] {x}, new double[] {y});
    grid.setLineStyle(SeriesLines.NONE);
    grid.setMarker(SeriesMarkers.NONE);
    grid.setShowInLegend(false);
  }
}
