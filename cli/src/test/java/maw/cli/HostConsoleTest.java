package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import maw.testing.MawProcess;
import maw.testing.TestXmpp;
import maw.bench.Tmux;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host at the terminal of {@code ./maw gm} (a real terminal, tmux): pause, status and resume are asked of the
 * GameMaster over the server with its watch token, and answered with where its clock stands; a word that is no command
 * is named.
 */
class HostConsoleTest {

    @TempDir
    Path dir;

    private final Tmux terminal = new Tmux("maw-host");

    @AfterEach
    void killTmux() throws Exception {
        terminal.close();
    }

    @Test
    void theHostPausesAndResumesTheGameFromTheTerminalOfItsGameMaster() throws Exception {
        assumeTrue(Tmux.works(), "tmux is not installed");
        String name = "host" + TestXmpp.password("host").substring(0, 4);
        List<String> args = new ArrayList<>(List.of("gm", "--players", "4", "--name", name, "--out",
                dir.resolve("game").toString()));
        args.addAll(TestXmpp.get().cliSettings());
        terminal.start(200, 50, MawProcess.shellLine(dir, args) + "; echo EXITED $?; sleep 60");
        terminal.waitFor("host: type pause", Duration.ofSeconds(60));
        terminal.line("pause");
        terminal.waitFor("host: game ", Duration.ofSeconds(30));
        assertThat(terminal.pane()).contains(": paused in the lobby");
        terminal.line("halt");
        terminal.waitFor("not a command: halt", Duration.ofSeconds(10));
        terminal.line("resume");
        terminal.waitFor(": running in the lobby", Duration.ofSeconds(30));
        assertThat(terminal.pane()).doesNotContain("EXITED").doesNotContain("refused");
    }
}
