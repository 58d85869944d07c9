package maw.agents.gamemaster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import maw.runtime.Jid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal keeps which seats are people at chat clients, so that a resumed GameMaster speaks to them in words. */
class ChatClientJournalTest {

    @TempDir
    Path dir;

    @Test
    void aResumedGameMasterKnowsTheSeatsAtChatClients() throws Exception {
        Recovery<?, ?> r = JournalFixture.written(dir, "g-chat", journal -> {
            journal.chatClient("Ann");
            journal.joined("Bob", Jid.of("bob", "localhost"), 2, 3);
            journal.joined("Cid", Jid.of("cid", "localhost"), 3, 3);
            journal.chatClient("Cid");
            journal.left("Cid", "left the lobby");
        });
        assertThat(r.seats()).containsOnlyKeys("Ann", "Bob");
        assertThat(r.chatClients()).containsExactly("Ann");
    }

    /** A seat a person plays is journaled as such: a resumed game still tells the table who the people are. */
    @Test
    void aResumedGameMasterKnowsWhichSeatsPeoplePlay() throws Exception {
        Recovery<?, ?> r = JournalFixture.written(dir, "g-people", journal -> {
            journal.joined("Ann", Jid.of("ann", "localhost"), 1, 3, true);
            journal.joined("Bob", Jid.of("bob", "localhost"), 2, 3, false);
            journal.joined("Cid", Jid.of("cid", "localhost"), 3, 3, true);
            journal.left("Cid", "left the lobby");
        });
        assertThat(r.seats()).containsOnlyKeys("Ann", "Bob");
        assertThat(r.people()).containsExactly("Ann");
    }

    /** Who was given more time is journaled: a resumed game does not give it twice that day. */
    @Test
    void aResumedGameMasterKnowsWhoWasGivenMoreTime() throws Exception {
        Recovery<?, ?> r = JournalFixture.written(dir, "g-more", journal -> {
            journal.joined("Ann", Jid.of("ann", "localhost"), 1, 3, true);
            journal.moreTime(0, new maw.game.PhaseId(maw.base.Phase.DAY, 2, 0), "Ann");
        });
        assertThat(r.moreTime()).containsExactly("2/Ann");
        MoreTimeAsked asked = new MoreTimeAsked();
        asked.restore(1, r.moreTime());
        assertThat(asked.judge(new maw.agents.Catalog.MoreTime("g", 1, maw.base.Phase.DAY, 2, null, null, null), "Ann",
                true, 1, new maw.game.PhaseId(maw.base.Phase.DAY, 2, 0), java.util.List.of("Ann")).code())
                .isEqualTo(maw.game.RefusalCode.ALREADY_DONE);
    }
}
