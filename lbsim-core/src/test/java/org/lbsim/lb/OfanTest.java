package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;

/** Ofan's per-destination rotation, on switches shaped like those of a k = 8 fat tree. */
class OfanTest {
  private static final int HOSTS = 128;
  private static final int HOSTS_PER_TOR = 4;
  private static final int HOSTS_PER_POD = 16;

  /** ToR 0 (hosts 0..3) with 4 uplinks; pointers per destination ToR. */
  private static TestSwitch tor() {
    return new TestSwitch(0, 0, HOSTS_PER_TOR, 1, 4);
  }

  /** The chosen ports per destination for a random interleaving of packets from many sources. */
  private static Map<Integer, List<Integer>> interleave(TestSwitch t, Ofan ofan, int[] dsts, int packets) {
    Map<Integer, List<Integer>> seq = new HashMap<>();
    SplittableRandom traffic = new SplittableRandom(7);
    for (int i = 0; i < packets; i++) {
      int dst = dsts[traffic.nextInt(dsts.length)];
      int src = t.sw.firstHost() + traffic.nextInt(t.sw.span()); // every local host shares the uplinks
      seq.computeIfAbsent(dst, d -> new ArrayList<>()).add(t.choose(ofan, src, dst, Packet.DATA, src * 1000 + dst));
    }
    return seq;
  }

  /** {@code seq} walks {@code schedule} cyclically from some offset. */
  private static void assertRotates(List<Integer> seq, int[] schedule) {
    int m = schedule.length;
    int start = -1;
    for (int i = 0; i < m; i++) {
      if (schedule[i] == seq.get(0)) {
        start = i;
      }
    }
    assertThat(start).isNotNegative();
    for (int i = 0; i < seq.size(); i++) {
      assertThat(seq.get(i)).as("packet %d", i).isEqualTo(schedule[(start + i) % m]);
    }
  }

  @Test
  void aTorRotatesEachDestinationTorIndependently() {
    TestSwitch t = tor();
    Ofan ofan = new Ofan(t.sw, HOSTS, HOSTS_PER_POD);
    // A and C: two ToRs of pod 1 (one schedule, two pointers); B: a ToR of pod 2; D: same pod as the source
    int a = 20;
    int c = 24;
    int b = 40;
    int d = 9;
    Map<Integer, List<Integer>> seq = interleave(t, ofan, new int[] {a, b, c, d}, 4000);
    for (int dst : new int[] {a, b, c, d}) {
      int[] schedule = ofan.schedule(dst / HOSTS_PER_POD);
      assertThat(schedule).containsExactlyInAnyOrder(0, 1, 2, 3);
      assertThat(seq.get(dst).size()).isGreaterThan(800);
      assertRotates(seq.get(dst), schedule);
    }
  }

  @Test
  void hostsUnderOneTorShareItsPointer() {
    TestSwitch t = tor();
    Ofan ofan = new Ofan(t.sw, HOSTS, HOSTS_PER_POD);
    // destinations 20..23 all sit under ToR 5: one pointer serves them, in arrival order
    List<Integer> merged = new ArrayList<>();
    SplittableRandom traffic = new SplittableRandom(7);
    for (int i = 0; i < 2000; i++) {
      int dst = 20 + traffic.nextInt(4);
      int src = traffic.nextInt(4);
      merged.add(t.choose(ofan, src, dst, Packet.DATA, src * 1000 + dst));
    }
    assertRotates(merged, ofan.schedule(1));
  }

  @Test
  void anAggregationSwitchKeepsOnePointerPerDestinationPod() {
    // agg in pod 1 (hosts 16..31), one child ToR per 4 hosts, 4 uplinks to cores
    TestSwitch t = new TestSwitch(1, 16, 32, HOSTS_PER_TOR, 4);
    Ofan ofan = new Ofan(t.sw, HOSTS, HOSTS_PER_POD);
    List<Integer> pod2 = new ArrayList<>();
    List<Integer> pod5 = new ArrayList<>();
    SplittableRandom traffic = new SplittableRandom(3);
    for (int i = 0; i < 4000; i++) {
      boolean toPod2 = traffic.nextBoolean();
      int dst = (toPod2 ? 32 : 80) + traffic.nextInt(16); // any host of pod 2 or pod 5
      int src = 16 + traffic.nextInt(16);
      int port = t.choose(ofan, src, dst, Packet.DATA, i);
      (toPod2 ? pod2 : pod5).add(port);
    }
    assertRotates(pod2, ofan.schedule(2));
    assertRotates(pod5, ofan.schedule(5));
  }

  @Test
  void ackPointerStartsHalfARotationBehindTheDataPointer() {
    TestSwitch t = tor();
    Ofan ofan = new Ofan(t.sw, HOSTS, HOSTS_PER_POD);
    int[] schedule = ofan.schedule(1);
    int m = schedule.length;
    // data first towards ToR 5: data pointer i, ACK pointer (i - m/2) mod m
    int dataPort = t.choose(ofan, 0, 20, Packet.DATA, 1);
    int i = indexOf(schedule, dataPort);
    assertThat(ofan.pointer(5, true)).isEqualTo((i + 1) % m);
    assertThat(ofan.pointer(5, false)).isEqualTo(Math.floorMod(i - m / 2, m));
    assertThat(t.choose(ofan, 1, 21, Packet.ACK, 2)).isEqualTo(schedule[Math.floorMod(i - m / 2, m)]);
    // ACK first towards ToR 6: ACK pointer j, data pointer (j + m/2) mod m; NACKs are in the ACK class
    int ackPort = t.choose(ofan, 2, 24, Packet.NACK, 3);
    int j = indexOf(schedule, ackPort);
    assertThat(ofan.pointer(6, false)).isEqualTo((j + 1) % m);
    assertThat(ofan.pointer(6, true)).isEqualTo((j + m / 2) % m);
    assertThat(t.choose(ofan, 2, 25, Packet.DATA, 4)).isEqualTo(schedule[(j + m / 2) % m]);
  }

  @Test
  void theOffsetIsHalfTheScheduleRoundedDown() {
    // 3 uplinks: m/2 = 1
    TestSwitch t = new TestSwitch(0, 0, HOSTS_PER_TOR, 1, 3);
    Ofan ofan = new Ofan(t.sw, HOSTS, HOSTS_PER_POD);
    int i = indexOf(ofan.schedule(2), t.choose(ofan, 0, 40, Packet.DATA, 1));
    assertThat(ofan.pointer(10, false)).isEqualTo(Math.floorMod(i - 1, 3));
  }

  @Test
  void schedulesAreShuffledPerDestinationPod() {
    TestSwitch t = tor();
    Ofan ofan = new Ofan(t.sw, HOSTS, HOSTS_PER_POD);
    java.util.Set<List<Integer>> orders = new java.util.HashSet<>();
    for (int pod = 0; pod < 8; pod++) {
      List<Integer> o = new ArrayList<>();
      for (int p : ofan.schedule(pod)) {
        o.add(p);
      }
      orders.add(o);
    }
    assertThat(orders).hasSizeGreaterThan(2);
  }

  private static int indexOf(int[] a, int v) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] == v) {
        return i;
      }
    }
    throw new AssertionError(v + " not in schedule");
  }
}
