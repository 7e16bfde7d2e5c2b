package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.lbsim.lb.FlowInfo;
import org.lbsim.net.Endpoint;
import org.lbsim.net.Packet;
import org.lbsim.transport.cc.Dcqcn;
import org.lbsim.transport.cc.Dctcp;
import org.lbsim.transport.cc.Eqds;

/**
 * The transport's types play roles instead of inheriting fields (docs/architecture.md, "Memory
 * layout rules"): the per-flow and per-packet classes extend nothing for layout, and the hooks of
 * one family of congestion controls live in that family's role, not in every control.
 */
class RolesTest {
  @Test
  void theHotPathsObjectsInheritNoFields() {
    assertThat(Packet.class.getSuperclass()).isEqualTo(Object.class);
    assertThat(Sender.class.getSuperclass()).isEqualTo(Object.class);
    assertThat(Receiver.class.getSuperclass()).isEqualTo(Object.class);
    for (Class<?> r : new Class<?>[] {CodedReceiver.class, SackReceiver.class, GbnReceiver.class}) {
      assertThat(r.getSuperclass()).as(r.getSimpleName()).isEqualTo(Receiver.class);
    }
  }

  @Test
  void theSenderPlaysItsFlowsRolesAndBothEndsAreEndpoints() {
    assertThat(RttView.class).isAssignableFrom(Sender.class);
    assertThat(FlowInfo.class).isAssignableFrom(Sender.class);
    assertThat(Endpoint.class).isAssignableFrom(Sender.class);
    assertThat(Endpoint.class).isAssignableFrom(Receiver.class);
    assertThat(Arrays.stream(Packet.class.getFields()).filter(f -> f.getName().equals("endpoint")).findFirst()
        .orElseThrow().getType()).isEqualTo(Endpoint.class);
  }

  @Test
  void cnpAndCreditHooksBelongToTheirRolesOnly() {
    assertThat(Arrays.stream(CongestionControl.class.getMethods()).map(Method::getName))
        .doesNotContain("onCnp", "onPull", "pullTarget", "requestTarget", "creditPullRate");
    assertThat(CnpReactor.class).isAssignableFrom(Dcqcn.class);
    assertThat(PullCredited.class).isAssignableFrom(Eqds.class);
    assertThat(CnpReactor.class.isAssignableFrom(Dctcp.class) || PullCredited.class.isAssignableFrom(Dctcp.class))
        .isFalse();
  }

  @Test
  void aStandAloneEstimatorFollowsTheRfc6298Gains() {
    RttEstimator rtt = RttEstimator.of(1_000, 100);
    assertThat(rtt.rtoPs()).isEqualTo(1_000); // the initial timeout until the first sample
    rtt.sample(80); // srtt 80, mdev 40: rto 80 + 160
    assertThat(rtt.srttPs()).isEqualTo(80);
    assertThat(rtt.rtoPs()).isEqualTo(240);
    rtt.sample(160); // mdev 3*40/4 + 80/4 = 50, srtt 7*80/8 + 160/8 = 90: rto 90 + 200
    assertThat(rtt.srttPs()).isEqualTo(90);
    assertThat(rtt.rtoPs()).isEqualTo(290);
    rtt.sample(0); // mdev 3*50/4 + 90/4 = 59, srtt 7*90/8 = 78: rto 78 + 236
    assertThat(rtt.rtoPs()).isEqualTo(314);
    RttEstimator floored = RttEstimator.of(1_000, 500);
    floored.sample(80);
    assertThat(floored.rtoPs()).isEqualTo(500); // never below the floor
  }
}
