package org.lbsim.scenario;

import java.util.Map;
import org.lbsim.lb.LbDesign;
import org.lbsim.topo.PortFeatures;
import org.lbsim.topo.PortSignals;
import org.lbsim.transport.cc.CcDesign;

/**
 * The {@code buffer.*} and {@code loss.*} keys: a port's buffer, its ECN threshold, the signals it
 * gives (RED marks, in-band telemetry) and its features (trimming, PFC, random and flaky losses).
 * Each part is read where the reader reaches it, so that problems keep their order.
 */
final class BufferReader {
  private final ValueReader r;

  BufferReader(ValueReader r) {
    this.r = r;
  }

  /** The port buffer in bytes: {@code buffer.packets} in the profile's unit, else {@code buffer.bytes}. */
  long bytes(Map<String, String> v, Profile profile, PacketSection packet) {
    if (!v.get("buffer.packets").isEmpty()) {
      int packets = r.intValue(v, "buffer.packets", 1);
      return packets * profile.bufferPacketBytes(packet);
    }
    long bytes = r.size(v, "buffer.bytes");
    long dataBytes = (long) packet.payloadBytes() + packet.headerBytes();
    if (bytes >= 0 && bytes < dataBytes) {
      r.bad("buffer.bytes", v.get("buffer.bytes"), "at least one data packet (" + dataBytes + " B)");
    }
    return bytes;
  }

  /** {@code buffer.ecn_fraction}: {@code auto} takes the load-balancing design's own. */
  double ecnFraction(Map<String, String> v, LbDesign design) {
    String key = "buffer.ecn_fraction";
    String text = v.get(key).trim();
    if (text.equals("auto")) {
      return design == null ? 0.5 : design.ecnFraction();
    }
    double ecn = r.number(v, key);
    if (!Double.isNaN(ecn) && ecn != -1 && (ecn < 0 || ecn > 1)) {
      r.bad(key, text, "auto, a fraction in [0, 1], or -1 for no ECN");
    }
    return ecn;
  }

  /** RED marking and INT stamping; {@code buffer.int: auto} stamps when the congestion control reads it. */
  PortSignals signals(Map<String, String> v, CcDesign cc) {
    String red = r.choice(v, "buffer.red");
    String telemetry = r.choice(v, "buffer.int");
    long kmin = r.size(v, "buffer.red_kmin");
    long kmax = r.size(v, "buffer.red_kmax");
    double pmax = r.number(v, "buffer.red_pmax");
    if (!Double.isNaN(pmax) && !(pmax >= 0 && pmax <= 1)) {
      r.bad("buffer.red_pmax", v.get("buffer.red_pmax"), "a probability in [0, 1]");
      return PortSignals.NONE;
    }
    if (kmin > 0 && kmax > 0 && kmax < kmin) {
      r.bad("buffer.red_kmax", v.get("buffer.red_kmax"), "at least buffer.red_kmin (" + kmin + " B)");
      return PortSignals.NONE;
    }
    if (red == null || telemetry == null || kmin < 0 || kmax < 0 || Double.isNaN(pmax)) {
      return PortSignals.NONE;
    }
    boolean stamping = telemetry.equals("on") || (telemetry.equals("auto") && cc != null && cc.intStamping());
    boolean on = red.equals("on");
    return new PortSignals(on ? kmin : -1, on ? kmax : -1, on ? pmax : 0, stamping);
  }

  /**
   * Trimming, PFC and losses; null when one of their values is bad. {@code coinByDefault}:
   * trim_victim auto tosses the coin ({@link Profile#coinTrimVictim()}).
   */
  PortFeatures features(Map<String, String> v, int trimmedBytes, int dataBytes, boolean coinByDefault) {
    String trimming = r.choice(v, "buffer.trimming");
    String victim = r.choice(v, "buffer.trim_victim");
    String rts = r.choice(v, "buffer.trim_return");
    String pfc = r.choice(v, "buffer.pfc");
    int xoff = r.intValue(v, "buffer.pfc_xoff_packets", 1);
    int xon = r.intValue(v, "buffer.pfc_xon_packets", 0);
    if (xoff > 0 && xon >= xoff) {
      r.bad("buffer.pfc_xon_packets", v.get("buffer.pfc_xon_packets"),
          "fewer packets than buffer.pfc_xoff_packets (" + xoff + ")");
    }
    double rate = r.number(v, "loss.random_rate");
    if (!Double.isNaN(rate) && !(rate >= 0 && rate < 1)) {
      r.bad("loss.random_rate", v.get("loss.random_rate"), "a probability in [0, 1)");
    }
    int flaky = r.intValue(v, "loss.flaky_links", 0);
    long burst = r.microsToPs(v, "loss.burst_us", false);
    long period = r.microsToPs(v, "loss.period_us", false);
    if (trimming == null || victim == null || rts == null || pfc == null || xoff < 1 || xon < 0 || xon >= xoff
        || !(rate >= 0 && rate < 1) || flaky < 0 || burst < 0 || period < 0) {
      return null;
    }
    boolean coin = victim.equals("coin") || (victim.equals("auto") && coinByDefault);
    return new PortFeatures(PortFeatures.TrimScope.of(trimming), trimmedBytes, pfc.equals("on"),
        (long) xoff * dataBytes, (long) xon * dataBytes, rate, flaky, burst, period, coin, rts.equals("on"));
  }
}
