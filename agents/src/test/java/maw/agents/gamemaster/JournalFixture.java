package maw.agents.gamemaster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import maw.game.maw.GameOptions;
import maw.game.maw.MawRules;
import maw.runtime.Jid;

/** A journal of a 3-seat MAW game that Ann has joined, written in a test's directory and read back. */
final class JournalFixture {

    private JournalFixture() {
    }

    /** Writes game {@code game}'s journal (opened, Ann joined, then {@code lines}) in {@code dir}; reads it back. */
    static Recovery<?, ?> written(Path dir, String game, Consumer<Journal> lines) throws Exception {
        Path file = dir.resolve(game + "-" + System.nanoTime() + ".jsonl");
        GameConfig config = new GameConfig(game, 3, 1, 3, Jid.of("gm-village", "localhost"),
                Jid.of("gm-hideout", "localhost"), Duration.ofSeconds(10), Duration.ofSeconds(10));
        try (Journal journal = new Journal(file, game)) {
            journal.opened(config, Jid.of("gm", "localhost"), "maw", GameOptions.defaults(), false);
            journal.joined("Ann", Jid.of("ann", "localhost"), 1, 3);
            lines.accept(journal);
        }
        return Recovery.read(file, new MawRules());
    }
}
