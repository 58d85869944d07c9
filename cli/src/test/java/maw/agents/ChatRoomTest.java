package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import maw.agents.chatroom.ChatRoomAgent;
import maw.game.Room;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.local.LocalTransport;
import maw.testing.Agents;
import maw.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A room keeps what was said until every reader has read it, and archives each phase when it closes. */
class ChatRoomTest {

    @TempDir
    Path archive;

    private final LocalTransport local = new LocalTransport();
    private final Agents agents = new Agents(local);

    @AfterEach
    void stop() {
        agents.close();
    }

    @Test
    void linesAreHandedOutByIndexForgottenOnceAllHaveReadThemAndArchivedOnClose() throws Exception {
        for (String n : new String[] {"gm", "village", "ann", "bob"}) {
            local.register(n, "pw");
        }
        Jid gmJid = Jid.of("gm", "localhost");
        ChatRoomAgent village = agents.start(new ChatRoomAgent(Jid.of("village", "localhost"), "pw", Room.VILLAGE,
                gmJid, archive, null));
        ScriptedSeat gm = agents.start(new ScriptedSeat(gmJid, "pw", "gm", gmJid));
        ScriptedSeat ann = agents.start(new ScriptedSeat(Jid.of("ann", "localhost"), "pw", "Ann", gmJid));
        ScriptedSeat bob = agents.start(new ScriptedSeat(Jid.of("bob", "localhost"), "pw", "Bob", gmJid));
        Map<String, String> both = Map.of("Ann", ann.jid().toString(), "Bob", bob.jid().toString());
        gm.send(village.jid(), new Catalog.OpenRoom("g", 1, maw.base.Phase.DAY, 1, both, both, null));
        assertThat(gm.next(m -> m.is(Performative.AGREE)).json().get("what").asText()).isEqualTo("open");
        assertThat(ann.next("announce_open").json().get("writable").asBoolean()).isTrue();

        ann.send(village.jid(), new Catalog.Chat("g", 1, maw.base.Phase.DAY, 1, "Hello."));
        bob.send(village.jid(), new Catalog.Chat("g", 1, maw.base.Phase.DAY, 1, "Hi Ann."));
        Await.until("both lines are in", () -> village.logSize() == 2);
        // Each line is on disk as it is said, before the phase closes: a room stopped any way keeps them.
        Await.until("both lines are on disk", () -> {
            try {
                return Files.readAllLines(archive.resolve("village-round1-day-1.jsonl")).size() == 2;
            } catch (java.io.IOException e) {
                return false;
            }
        });

        ann.send(village.jid(), new Catalog.GetNewMessages("g", 1, 0));
        Message annRead = ann.next("new_messages");
        assertThat(annRead.json().get("messages")).hasSize(2);
        assertThat(annRead.json().get("index").asLong()).isEqualTo(2);
        assertThat(village.logSize()).as("Bob has not read yet").isEqualTo(2);

        bob.send(village.jid(), new Catalog.GetNewMessages("g", 1, 1));
        assertThat(bob.next("new_messages").json().get("messages").get(0).get("text").asText()).isEqualTo("Hi Ann.");
        ann.send(village.jid(), new Catalog.GetNewMessages("g", 1, 2));
        bob.send(village.jid(), new Catalog.GetNewMessages("g", 1, 2));
        Await.until("what both have read is forgotten", () -> village.logSize() == 0);

        gm.send(village.jid(), new Catalog.CloseRoom("g", 1));
        assertThat(gm.next(m -> m.is(Performative.AGREE) && "closed".equals(m.json().path("what").asText())))
                .isNotNull();
        assertThat(ann.next("new_messages").json().get("closed").asBoolean()).as("a waiting reader hears it closed")
                .isTrue();
        Path file = archive.resolve("village-round1-day-1.jsonl");
        assertThat(Files.readAllLines(file)).hasSize(2).allSatisfy(l -> assertThat(l).contains("\"game\":\"g\""));
        assertThat(Files.readAllLines(file).get(1)).contains("\"from\":\"Bob\"").contains("\"text\":\"Hi Ann.\"");
    }

    @Test
    void aFollowerIsAnsweredWithWhatWasSaidThenSentEachLineOnceForAllAtTheRealServer() throws Exception {
        maw.testing.TestXmpp xmpp = maw.testing.TestXmpp.get();
        try (Agents remote = new Agents(xmpp.transport())) {
            Jid[] a = xmpp.accounts("follow", 5);
            ChatRoomAgent village = remote.start(new ChatRoomAgent(a[0], maw.testing.TestXmpp.password(a[0]),
                    Room.VILLAGE, a[1], archive, null));
            ScriptedSeat gm = remote.start(new ScriptedSeat(a[1], maw.testing.TestXmpp.password(a[1]), "gm", a[1]));
            ScriptedSeat[] seats = new ScriptedSeat[3];
            Map<String, String> all = new java.util.LinkedHashMap<>();
            for (int i = 0; i < 3; i++) {
                String name = new String[] {"Ann", "Bob", "Cid"}[i];
                seats[i] = remote.start(new ScriptedSeat(a[2 + i], maw.testing.TestXmpp.password(a[2 + i]), name, a[1]));
                all.put(name, a[2 + i].toString());
            }
            gm.send(village.jid(), new Catalog.OpenRoom("g", 1, maw.base.Phase.DAY, 2, all, all, null));
            gm.next(m -> m.is(Performative.AGREE));
            seats[0].send(village.jid(), new Catalog.Chat("g", 1, maw.base.Phase.DAY, 2, "Hello."));
            Await.until("the first line is in", () -> village.logSize() == 1);
            // Each follows: answered at once with what was said (Ann's line), or nothing new.
            for (ScriptedSeat seat : seats) {
                Message answer = seat.ask(village.jid(), new Catalog.GetNewMessages("g", 1, 0, true));
                assertThat(answer.json().get("messages")).hasSize(1);
                assertThat(answer.json().get("phase").asText()).isEqualTo("day");
                assertThat(answer.json().get("day").asInt()).isEqualTo(2);
            }
            // An answer can reach its reader before the room has counted it (the count comes after the send): the
            // three are counted once they are in the room's trace, which comes after the count.
            Await.until("the room's three answers counted", () -> village.trace().stream()
                    .filter(t -> !t.in() && "new_messages".equals(t.type())).count() >= 3);
            // This room's sends alone: an agent of an earlier test still stopping sends too.
            maw.runtime.MessageCensus census = maw.runtime.MessageCensus.start(agent -> agent == village);
            seats[1].send(village.jid(), new Catalog.Chat("g", 1, maw.base.Phase.DAY, 2, "Hi Ann."));
            for (ScriptedSeat seat : seats) {
                Message line = seat.next("new_messages");
                assertThat(line.sender().bare()).isEqualTo(village.jid().bare());
                assertThat(line.inReplyTo()).as("sent as the room took it, in reply to nothing").isNull();
                assertThat(line.json().get("messages").get(0).get("text").asText()).isEqualTo("Hi Ann.");
                assertThat(line.json().get("index").asLong()).isEqualTo(2);
            }
            // Forgotten once sent to all (and counted, which comes first).
            Await.until("what all followers have is forgotten", () -> village.logSize() == 0);
            assertThat(census.stop()).as("one stanza for three readers: the server's multicast service hands "
                    + "each a copy").containsEntry("ChatRoomAgent inform new_messages", 1L);
        }
    }

    @Test
    void atAPaceOfTurnsOnlyTheFloorsHolderSpeaksAndTheRoomTellsTheGameMasterWhenTheyHave() throws Exception {
        for (String n : new String[] {"gm3", "village3", "dee", "eve"}) {
            local.register(n, "pw");
        }
        Jid gmJid = Jid.of("gm3", "localhost");
        ChatRoomAgent village = agents.start(new ChatRoomAgent(Jid.of("village3", "localhost"), "pw", Room.VILLAGE,
                gmJid, archive, null));
        ScriptedSeat gm = agents.start(new ScriptedSeat(gmJid, "pw", "gm", gmJid));
        ScriptedSeat dee = agents.start(new ScriptedSeat(Jid.of("dee", "localhost"), "pw", "Dee", gmJid));
        ScriptedSeat eve = agents.start(new ScriptedSeat(Jid.of("eve", "localhost"), "pw", "Eve", gmJid));
        Map<String, String> both = Map.of("Dee", dee.jid().toString(), "Eve", eve.jid().toString());
        gm.send(village.jid(), new Catalog.OpenRoom("g", 1, maw.base.Phase.DAY, 1, both, both, null));
        gm.next(m -> m.is(Performative.AGREE));
        gm.send(village.jid(), new Catalog.Floor("g", 1, maw.base.Phase.DAY, 1, 3, Map.of("Dee",
                dee.jid().toString())));
        assertThat(gm.next(m -> m.is(Performative.AGREE)).json().get("what").asText()).isEqualTo("floor");
        eve.send(village.jid(), new Catalog.Chat("g", 1, maw.base.Phase.DAY, 1, "Me first!"));
        Message no = eve.next(m -> m.is(Performative.REFUSE));
        assertThat(no.json().get("code").asText()).isEqualTo("not_your_turn");
        assertThat(no.json().get("reason").asText()).isEqualTo("it is Dee's turn to speak");
        // Eve waits for news; Dee's line reaches her before the GameMaster hears that Dee has spoken.
        eve.send(village.jid(), new Catalog.GetNewMessages("g", 1, 0));
        dee.send(village.jid(), new Catalog.Chat("g", 1, maw.base.Phase.DAY, 1, "Good morning."));
        assertThat(eve.next("new_messages").json().get("messages").get(0).get("text").asText())
                .isEqualTo("Good morning.");
        Message said = gm.next("line_said");
        assertThat(said.json().get("player").asText()).isEqualTo("Dee");
        assertThat(said.json().get("index").asLong()).isEqualTo(1);
        assertThat(village.logSize()).isEqualTo(1);
        // The voting round: nobody holds the floor.
        gm.send(village.jid(), new Catalog.Floor("g", 1, maw.base.Phase.DAY, 1, 5, Map.of()));
        gm.next(m -> m.is(Performative.AGREE));
        dee.send(village.jid(), new Catalog.Chat("g", 1, maw.base.Phase.DAY, 1, "One more thing."));
        assertThat(dee.next(m -> m.is(Performative.REFUSE)).json().get("reason").asText())
                .isEqualTo("nobody speaks in the voting round");
        // Only the GameMaster gives the floor.
        eve.send(village.jid(), new Catalog.Floor("g", 1, maw.base.Phase.DAY, 1, 6, Map.of("Eve",
                eve.jid().toString())));
        assertThat(eve.next(m -> m.is(Performative.REFUSE)).json().get("code").asText()).isEqualTo("not_yours");
    }

    @Test
    void aPausedGamesRoomRefusesLinesUntilItsGameMasterResumesIt() throws Exception {
        for (String n : new String[] {"gm2", "village2", "cid"}) {
            local.register(n, "pw");
        }
        Jid gmJid = Jid.of("gm2", "localhost");
        ChatRoomAgent village = agents.start(new ChatRoomAgent(Jid.of("village2", "localhost"), "pw", Room.VILLAGE,
                gmJid, null, null));
        ScriptedSeat gm = agents.start(new ScriptedSeat(gmJid, "pw", "gm", gmJid));
        ScriptedSeat cid = agents.start(new ScriptedSeat(Jid.of("cid", "localhost"), "pw", "Cid", gmJid));
        Map<String, String> me = Map.of("Cid", cid.jid().toString());
        gm.send(village.jid(), new Catalog.OpenRoom("g", 1, maw.base.Phase.DAY, 1, me, me, null, null, null, true));
        assertThat(gm.next(m -> m.is(Performative.AGREE)).json().get("what").asText()).isEqualTo("open");
        cid.send(village.jid(), new Catalog.Chat("g", 1, maw.base.Phase.DAY, 1, "Anyone?"));
        Message no = cid.next(m -> m.is(Performative.REFUSE));
        assertThat(no.json().get("code").asText()).isEqualTo("paused");
        assertThat(no.json().get("reason").asText()).contains("paused by its host");
        // Only the GameMaster pauses and resumes a room.
        Message forged = cid.ask(village.jid(), new WatchCatalog.Control("g", WatchCatalog.ClockAction.RESUME, null));
        assertThat(forged.is(Performative.REFUSE)).isTrue();
        gm.send(village.jid(), new WatchCatalog.Control("g", WatchCatalog.ClockAction.RESUME, null));
        assertThat(gm.next(m -> m.is(Performative.AGREE)).json().get("what").asText()).isEqualTo("resumed");
        cid.send(village.jid(), new Catalog.Chat("g", 1, maw.base.Phase.DAY, 1, "Anyone?"));
        Await.until("the line is taken once the game goes on", () -> village.logSize() == 1);
    }
}
