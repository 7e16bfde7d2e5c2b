package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EvTimersTest {
  @Test
  void behavesLikeAMapUnderRandomInsertsAndRemovals() {
    EvTimers t = new EvTimers();
    Map<Integer, Long> ref = new HashMap<>();
    SplittableRandom r = new SplittableRandom(42);
    for (int step = 0; step < 200_000; step++) {
      int ev = r.nextInt(300);
      if (r.nextBoolean()) {
        long time = step;
        t.putIfAbsent(ev, time);
        ref.putIfAbsent(ev, time);
      } else {
        t.remove(ev);
        ref.remove(ev);
      }
      int probe = r.nextInt(300);
      assertThat(t.get(probe)).isEqualTo(ref.getOrDefault(probe, EvTimers.NONE));
      assertThat(t.size()).isEqualTo(ref.size());
    }
  }

  @Test
  void growsOnlyWithWhatIsStored() {
    EvTimers t = new EvTimers();
    for (int i = 0; i < 100; i++) {
      t.putIfAbsent(i * 160, i);
    }
    assertThat(t.capacity()).isEqualTo(256);
    for (int i = 0; i < 100; i++) {
      assertThat(t.get(i * 160)).isEqualTo(i);
    }
  }
}
