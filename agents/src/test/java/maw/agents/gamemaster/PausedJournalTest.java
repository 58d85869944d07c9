package maw.agents.gamemaster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import maw.game.GameOptions;
import maw.game.MawRules;
import maw.runtime.Jid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pause is journaled: a GameMaster that comes back finds the game where its host left it, paused or running. */
class PausedJournalTest {

    @TempDir
    Path dir;

    private Recovery<?, ?> write(java.util.function.Consumer<Journal> lines) throws Exception {
        Path file = dir.resolve("game-" + System.nanoTime() + ".jsonl");
        Jid gm = Jid.of("gm", "localhost");
        GameConfig config = new GameConfig("g-pause", 3, 1, 3, Jid.of("gm-village", "localhost"),
                Jid.of("gm-hideout", "localhost"), Duration.ofSeconds(10), Duration.ofSeconds(10));
        try (Journal journal = new Journal(file, "g-pause")) {
            journal.opened(config, gm, "maw", GameOptions.defaults(), false);
            journal.joined("Ann", Jid.of("ann", "localhost"), 1, 3);
            lines.accept(journal);
        }
        return Recovery.read(file, new MawRules());
    }

    @Test
    void aGamePausedInItsLobbyOrItsPhaseComesBackPausedWithItsTimeLeftAndOneLetGoComesBackRunning() throws Exception {
        assertThat(write(j -> { }).pausedLeftMillis()).as("never paused").isNull();
        assertThat(write(j -> j.clock(0, null, true, 0)).pausedLeftMillis()).as("paused in the lobby").isZero();
        assertThat(write(j -> {
            j.clock(0, null, true, 0);
            j.clock(0, null, false, 0);
        }).pausedLeftMillis()).as("paused and let go in the lobby").isNull();
        Recovery<?, ?> resumed = write(j -> {
            j.clock(0, null, true, 0);
            j.clock(0, null, false, 0);
        });
        assertThat(resumed.pausedLeftMillis()).isNull();
    }
}
