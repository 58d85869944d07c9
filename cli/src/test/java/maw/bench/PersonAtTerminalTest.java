package maw.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import maw.testing.MawProcess;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The person bench's own machinery, on one game: a person at a terminal of tmux's plays day 1 of the README's game
 * (you and five rule bots), and the bench reads who the village executed from the screen, as the journal has it.
 */
class PersonAtTerminalTest {

    @TempDir
    Path dir;

    @Test
    void aPersonAtATerminalPlaysDayOneAndTheBenchReadsItsResult() throws Exception {
        assumeTrue(Tmux.works(), "tmux is not installed");
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        PersonAtTerminal bench = new PersonAtTerminal(MawProcess.command(List.of()), TestXmpp.get().cliSettings(),
                dir, new PrintStream(said, true, StandardCharsets.UTF_8));
        PersonAtTerminal.Result r = bench.run(1, 5, Duration.ofSeconds(2), "Ann");
        String out = said.toString(StandardCharsets.UTF_8);
        assertThat(r.games()).isEqualTo(1);
        assertThat(r.others()).as(out).isEqualTo(5);
        assertThat(r.personDay1() + r.othersDay1() + r.nobodyDay1()).as(out).isEqualTo(1);
        // The screen's result is the journal's: the person's line and vote are there, and the one executed on day 1.
        String journal = Files.readString(dir.resolve("g5").resolve("game.jsonl"));
        assertThat(journal).contains("\"from\":\"Ann\",\"text\":\"Good morning.\"").contains("\"voter\":\"Ann\"");
        String executed = out.replaceAll("(?s).*the village executes (\\S+);.*", "$1");
        if (r.nobodyDay1() == 0) {
            assertThat(journal).contains("\"type\":\"Executed\",\"day\":1,\"player\":\"" + executed + "\"");
        }
    }
}
