package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompletionCommandTest {
  @TempDir
  Path dir;

  @Test
  void theScriptCompletesEverySubcommandAndTheirOptionsAndIsValidBash() throws Exception {
    CliRunner.Outcome o = CliRunner.run("completion");
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.err()).isEmpty();
    String script = o.out();
    assertThat(script).startsWith("#!/usr/bin/env bash").contains("complete -F _complete_lbsim")
        .contains("bashcompinit"); // zsh loads it through bashcompinit
    Set<String> subcommands = Main.commandLine().getSubcommands().keySet();
    assertThat(subcommands).contains("run", "sweep", "recommend", "bench-collective", "list", "completion");
    // the top level's list of commands names each of them
    String top = script.lines().filter(l -> l.contains("local commands=")).findFirst().orElseThrow();
    for (String s : subcommands) {
      assertThat(top).as(s).containsPattern("[\" ]" + s + "[\" ]");
    }
    assertThat(script).contains("--json").contains("--threads").contains("--plugins");
    assertThat(CliRunner.run("completion").out()).isEqualTo(script);
    Path f = dir.resolve("lbsim_completion");
    Files.writeString(f, script);
    Process bash = new ProcessBuilder("bash", "-n", f.toString()).redirectErrorStream(true).start();
    String said = new String(bash.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(bash.waitFor()).as(said).isZero();
  }
}
