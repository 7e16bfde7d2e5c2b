package org.lbsim.transport.cc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.design.Params;
import org.lbsim.transport.CcContext;
import org.lbsim.transport.CongestionControl;

/**
 * The first window of every window-based control and HPCC's T are parameters: their defaults
 * keep one unloaded BDP (and T = the unloaded RTT), and a set value starts the window there.
 */
class FirstWindowTest {
  private static final long US = 1_000_000;
  /** 800 Gb/s host link, a 4158 B packet + 20 B gap per 41.78 ns slot, 6 us unloaded RTT: 143.6 packets per BDP. */
  private static final CcContext FLOW = new CcContext(41_780, 41_780, 800_000_000_000L, 4158, 6 * US, 4, null);

  private static CongestionControl make(String cc, String param, double value) {
    CcDesign d = CcDesigns.find(cc);
    Params p = Params.defaults(d.params());
    if (param != null) {
      p = p.with(param, value);
    }
    return d.bind(p).create(FLOW);
  }

  @Test
  void swiftAndMswiftStartAtTheirFirstWindowInBdps() {
    double bdp = FLOW.bdpPackets();
    assertThat(((Swift) make("swift", null, 0)).cwnd()).isEqualTo(bdp);
    assertThat(((Swift) make("swift", "init_cwnd_bdp", 0.25)).cwnd()).isEqualTo(0.25 * bdp);
    assertThat(((Swift) make("mswift", "init_cwnd_bdp", 2)).cwnd()).isEqualTo(2 * bdp);
  }

  @Test
  void dctcpStartsAtItsFirstWindow() {
    assertThat(((Dctcp) make("dctcp", "init_cwnd_bdp", 0.5)).cwnd()).isEqualTo(0.5 * FLOW.bdpPackets());
  }

  @Test
  void nsccStartsAtItsFirstWindowUpToItsCapOf1point5Bdp() {
    double bdpBytes = FLOW.hostBytesPerPs() * FLOW.baseRttPs(); // 600 KB
    assertThat(((Nscc) make("nscc", null, 0)).cwndBytes()).isEqualTo(bdpBytes);
    assertThat(((Nscc) make("nscc", "init_cwnd_bdp", 1.5)).cwndBytes()).isEqualTo(1.5 * bdpBytes);
    assertThat(((Nscc) make("mnscc", "init_cwnd_bdp", 0.5)).cwndBytes()).isEqualTo(0.5 * bdpBytes);
  }

  @Test
  void hpccStartsAtLineRateTimesItsT() {
    assertThat(((Hpcc) make("hpcc", null, 0)).windowBytes()).isEqualTo(600_000.0);
    // htsim's T of 12 us: W_init = B x T = 1.2 MB
    assertThat(((Hpcc) make("hpcc", "t_us", 12)).windowBytes()).isEqualTo(1_200_000.0);
    assertThat(((Hpcc) make("hpcc", "init_cwnd_bdp", 0.5)).windowBytes()).isEqualTo(300_000.0);
    // pacing at W / T: one 4158 B packet per 4158 / 1.2 MB x 12 us = 41.58 ns, the line slot floor
    assertThat(make("hpcc", "t_us", 12).pacingGapPs(0)).isEqualTo(41_780);
  }
}
