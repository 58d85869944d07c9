package maw.agents.gamemaster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pause is journaled: a GameMaster that comes back finds the game where its host left it, paused or running. */
class PausedJournalTest {

    @TempDir
    Path dir;

    private Recovery<?, ?> write(java.util.function.Consumer<Journal> lines) throws Exception {
        return JournalFixture.written(dir, "g-pause", lines);
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
