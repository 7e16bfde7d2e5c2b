package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;
import org.lbsim.net.Packet;
import org.lbsim.transport.CongestionControl;
import org.lbsim.transport.cc.CcDesign;
import org.lbsim.transport.cc.CcDesigns;

/**
 * A congestion control with a receiver part of its own, as a plug-in defines one: the sender
 * stamps its word on data packets, the receiver part reads it and answers with control packets,
 * which reach the sender's control counted with the ACKs and on their own.
 */
class ReceiverPartRunTest {
  /** One 64 KiB flow (16 data packets) across the k = 4 fat tree, no congestion. */
  private static final List<String> ONE_FLOW = List.of("topology.k=4", "workload.kind=incast", "workload.senders=1",
      "workload.size=64KiB", "lb=ecmp", "lr=sack", "cc=echo");

  /** What the senders' controls heard: the words of their control packets, in arrival order. */
  private final List<Long> heard = new ArrayList<>();

  /**
   * Line rate, no window; each data packet carries its sequence + 1 as the design's word, and the
   * receiver part answers every second data packet with a control packet echoing that word.
   */
  private CcDesign echo() {
    return new CcDesign("echo", "a test: the receiver part echoes every second data packet's word", "a test", List.of(),
        false, false, (p, f) -> new CongestionControl() {
          @Override
          public long pacingGapPs(long nowPs) {
            return f.lineSlotPs();
          }

          @Override
          public void stamp(Packet data, long nowPs) {
            data.setDesignWord(data.seq + 1);
          }

          @Override
          public void onControl(Packet control, long nowPs) {
            assertThat(control.type).isEqualTo(Packet.CONTROL);
            heard.add(control.designWord());
          }
        }).withReceiver((p, f) -> {
          long[] arrived = new long[1];
          return (data, toSender, nowPs) -> {
            if (++arrived[0] % 2 == 0) {
              toSender.send(data, data.designWord(), nowPs);
            }
          };
        });
  }

  private RunResult run(CcDesign design, List<String> settings) {
    Catalog catalog = Catalog.builtIn().plus(design, "test");
    return Scenarios.run(ScenarioReader.fromText("", "test", Path.of("."), "test", settings, "--set", catalog));
  }

  @Test
  void theReceiverPartsControlPacketsReachTheSendersControlCountedWithTheAcks() {
    RunResult r = run(echo(), ONE_FLOW);
    assertThat(r.unfinishedFlows()).isZero();
    Map<String, Long> c = r.counters();
    assertThat(c.get("data_delivered")).isEqualTo(16);
    assertThat(c.get("control_sent")).isEqualTo(8);
    assertThat(c.get("control_delivered")).isEqualTo(8);
    assertThat(c.get("ack_sent")).isEqualTo(16 + 8);
    assertThat(c.get("ack_delivered")).isEqualTo(16 + 8);
    assertThat(heard).containsExactly(2L, 4L, 6L, 8L, 10L, 12L, 14L, 16L);
  }

  @Test
  void aRunWithoutAReceiverPartHasNoControlCounters() {
    RunResult r = Scenarios.run(Scenarios.of("topology.k=4", "workload.kind=incast", "workload.senders=1",
        "workload.size=64KiB", "lb=ecmp", "lr=sack", "cc=dctcp"));
    assertThat(r.counters()).doesNotContainKeys("control_sent", "control_delivered");
  }

  @Test
  void aCreditDrivenControlTakesNoOtherReceiverPart() {
    CcDesign eqds = CcDesigns.find("eqds");
    CcDesign parted = new CcDesign("eqds-part", "eqds with a receiver part besides its credit", "a test", eqds.params(),
        false, false, eqds.factory()).withReceiver((p, f) -> (data, toSender, nowPs) -> { });
    List<String> settings = new ArrayList<>(ONE_FLOW);
    settings.set(settings.size() - 1, "cc=eqds-part");
    assertThatThrownBy(() -> run(parted, settings)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a credit-driven congestion control has its own receiver part");
  }

  @Test
  void aControlWithCnpsTakesNoOtherReceiverPart() {
    CcDesign dcqcn = CcDesigns.find("dcqcn");
    assertThatThrownBy(() -> dcqcn.withReceiver((p, f) -> (data, toSender, nowPs) -> { }))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("congestion control 'dcqcn'");
  }
}
