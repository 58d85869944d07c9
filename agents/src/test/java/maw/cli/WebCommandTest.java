package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code maw web}: a replay of a finished game serves its page; bad options stop start-up naming them. */
class WebCommandTest {

    @RegisterExtension
    final Console console = new Console();

    @TempDir
    Path out;

    @Test
    void aFinishedGameIsServedForReplayAndBadOptionsAreNamed() throws Exception {
        assertThat(Main.execute("game", "--transport", "local", "--players", "5", "--seed", "3", "--quiet", "--out",
                out.toString())).isZero();
        assertThat(Main.execute("web", "--replay", out.toString(), "--port", "0", "--seconds", "0.3")).isZero();
        assertThat(console.out()).containsPattern("replay of .*game.jsonl \\(\\d+ messages\\): http://127.0.0.1:\\d+/")
                .contains("?token=");
        assertThat(Main.execute("web")).isEqualTo(2);
        assertThat(Main.execute("web", "--replay", out.resolve("none").toString())).isEqualTo(2);
        assertThat(Main.execute("web", "--gm", "gm@localhost", "--port", "70000")).isEqualTo(2);
        assertThat(console.err()).contains("give --gm (a game to watch live) or --replay (a finished game)")
                .contains("for --replay: no journal").contains("invalid value '70000' for --port");
    }
}
