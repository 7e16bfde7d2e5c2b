package org.lbsim.design;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.design.Param.Reading;

/** A parameter's own reading of its scenario text, and how {@link Params} holds choices and auto. */
class ParamReadingTest {
  private final List<String> refused = new ArrayList<>();

  private Double read(Reading r, String text) {
    return r.read(text, (shown, allowed) -> refused.add(shown + " -> " + allowed));
  }

  @Test
  void wholeTakesAsciiIntegersInItsRangeOnly() {
    Reading r = Reading.whole(1, 9);
    assertThat(read(r, " +7 ")).isEqualTo(7.0);
    assertThat(read(r, "1e0")).isNull();
    assertThat(read(r, "10")).isNull();
    assertThat(read(r, "99999999999999999999")).isNull();
    assertThat(refused).containsExactly("1e0 -> an integer from 1 to 9", "10 -> an integer from 1 to 9",
        "99999999999999999999 -> an integer from 1 to 9");
  }

  @Test
  void composedReadingsTellEachRefusalInOrder() {
    Reading cap = Reading.whole(1, 5).alsoRefusedWith("auto or 1 to 5 packets").orAuto();
    assertThat(read(cap, " auto ")).isNaN();
    assertThat(read(cap, " 0")).isNull();
    Reading flag = Reading.whole(0, 100).atMost(1, "0 or 1");
    assertThat(read(flag, "1")).isEqualTo(1.0);
    assertThat(read(flag, "2")).isNull();
    assertThat(read(flag, "-1")).isNull();
    assertThat(refused).containsExactly(" 0 -> an integer from 1 to 5", "0 -> auto or 1 to 5 packets", "2 -> 0 or 1",
        "-1 -> an integer from 0 to 100");
  }

  @Test
  void positiveRefusesZeroAndShowsTheTrimmedText() {
    Reading r = Reading.positive(10, "above 0, up to 10");
    assertThat(read(r, "2.5")).isEqualTo(2.5);
    assertThat(read(r, " 0 ")).isNull();
    assertThat(read(r, "11")).isNull();
    assertThat(refused).containsExactly("0 -> above 0, up to 10", "11 -> above 0, up to 10");
  }

  @Test
  void aChoiceIsHeldAsItsIndexAndAutoAsNaN() {
    Param trigger = Param.choice("trigger", List.of("a", "b", "c"), "b", "m");
    Param cap = Param.integerOrAuto("cap", 1, 10, "m");
    Param n = Param.integer("n", 4, 0, 9, "m");
    assertThat(trigger.read("c", (s, a) -> refused.add(s + " -> " + a))).isEqualTo(2.0);
    assertThat(trigger.read("d", (s, a) -> refused.add(s + " -> " + a))).isNull();
    assertThat(refused).containsExactly("d -> a, b, c");
    Params d = Params.defaults(List.of(trigger, cap, n));
    assertThat(d.number("trigger")).isEqualTo(1.0);
    assertThat(d.word("trigger", trigger.choices())).isEqualTo("b");
    assertThat(d.isAuto("cap")).isTrue();
    assertThat(d.integerOr("cap", -1)).isEqualTo(-1);
    assertThat(d.integerOr("n", -1)).isEqualTo(4);
    assertThat(n.isPlainNumber()).isTrue();
    assertThat(n.reading(Reading.whole(0, 9)).isPlainNumber()).isFalse();
  }
}
