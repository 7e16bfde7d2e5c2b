package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableTest {
  private final Table table = new Table(List.of("name", "runs", "what"),
      List.of(List.of("fig1", "200", "no failures"), List.of("fig14", "21", "Llama-3")));

  @Test
  void firstColumnLeftOthersRight() {
    assertThat(table.render()).isEqualTo("""
        name   runs         what
        -----  ----  -----------
        fig1    200  no failures
        fig14    21      Llama-3
        """);
  }

  @Test
  void perColumnAlignmentLeavesNoTrailingSpaces() {
    assertThat(table.render("lrl")).isEqualTo("""
        name   runs  what
        -----  ----  -----------
        fig1    200  no failures
        fig14    21  Llama-3
        """);
    assertThat(table.render(2)).isEqualTo(table.render("llr"));
  }

  @Test
  void alignmentMustNameEveryColumn() {
    assertThatThrownBy(() -> table.render("lr")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("one of l or r per column (3)");
    assertThatThrownBy(() -> table.render("lxr")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void csvQuotesACommaAndAQuote() {
    Table t = new Table(List.of("a", "b"), List.of(List.of("x,y", "say \"hi\"")));
    assertThat(t.csv()).isEqualTo("a,b\n\"x,y\",\"say \"\"hi\"\"\"\n");
  }
}
