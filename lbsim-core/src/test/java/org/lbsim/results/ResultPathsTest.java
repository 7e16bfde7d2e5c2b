package org.lbsim.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lbsim.scenario.ScenarioException;

class ResultPathsTest {
  private static final Path OUT = Path.of("out");

  @ParameterizedTest
  @ValueSource(strings = {".", "..", "", "a/b", "../x", "/abs", "a\\b", "a b", "été", "a\nb", "a:b"})
  void aNameThatIsNotOneSafeSegmentIsRefused(String name) {
    assertThatThrownBy(() -> ResultPaths.child(OUT, name, "s.yaml: name")).isInstanceOf(ScenarioException.class)
        .hasMessageStartingWith("s.yaml: name: ")
        .hasMessageContaining("allowed: 1 to 200 letters, digits, '.', '_' and '-', not '.' or '..'")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"s", "a.b", "...", ".hidden", "a-b_c.1", "x.."})
  void aSafeNameIsAFolderDirectlyInsideOut(String name) {
    Path p = ResultPaths.child(OUT, name);
    assertThat(p.getParent()).isEqualTo(OUT);
    assertThat(p.getFileName().toString()).isEqualTo(name);
  }

  @ParameterizedTest
  @ValueSource(ints = {200, 201, 300})
  void namesUpTo200CharactersAreAllowed(int length) {
    String name = "a".repeat(length);
    if (length <= ResultPaths.MAX_NAME) {
      assertThat(ResultPaths.child(OUT, name)).isEqualTo(OUT.resolve(name));
    } else {
      assertThatThrownBy(() -> ResultPaths.child(OUT, name)).isInstanceOf(ScenarioException.class)
          .hasMessageContaining("name too long (" + length + " characters)")
          .hasMessageContaining("got '" + "a".repeat(60) + "...'");
    }
  }
}
