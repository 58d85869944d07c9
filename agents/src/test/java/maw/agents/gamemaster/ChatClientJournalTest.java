package maw.agents.gamemaster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import maw.game.GameOptions;
import maw.game.MawRules;
import maw.runtime.Jid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal keeps which seats are people at chat clients, so that a resumed GameMaster speaks to them in words. */
class ChatClientJournalTest {

    @TempDir
    Path dir;

    @Test
    void aResumedGameMasterKnowsTheSeatsAtChatClients() throws Exception {
        Path file = dir.resolve("game.jsonl");
        Jid gm = Jid.of("gm", "localhost");
        GameConfig config = new GameConfig("g-chat", 3, 1, 3, Jid.of("gm-village", "localhost"),
                Jid.of("gm-hideout", "localhost"), Duration.ofSeconds(10), Duration.ofSeconds(10));
        try (Journal journal = new Journal(file, "g-chat")) {
            journal.opened(config, gm, "maw", GameOptions.defaults(), false);
            journal.joined("Ann", Jid.of("ann", "localhost"), 1, 3);
            journal.chatClient("Ann");
            journal.joined("Bob", Jid.of("bob", "localhost"), 2, 3);
            journal.joined("Cid", Jid.of("cid", "localhost"), 3, 3);
            journal.chatClient("Cid");
            journal.left("Cid", "left the lobby");
        }
        Recovery<?, ?> r = Recovery.read(file, new MawRules());
        assertThat(r.seats()).containsOnlyKeys("Ann", "Bob");
        assertThat(r.chatClients()).containsExactly("Ann");
    }
}
