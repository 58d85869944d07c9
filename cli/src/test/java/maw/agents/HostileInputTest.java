package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import maw.agents.bot.RuleBotAgent;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Journal;
import maw.base.Phase;
import maw.game.RefusalCode;
import maw.game.Room;
import maw.game.maw.GameOptions;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.testing.Agents;
import maw.testing.Masters;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input that used to kill an agent, sent by a hostile client over real ejabberd: the agent answers it and carries on,
 * and its journal stays whole.
 */
class HostileInputTest {

    private final TestXmpp xmpp = TestXmpp.get();
    private final Agents agents = new Agents(xmpp.transport());

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        agents.close();
    }

    private static Message raw(Jid to, String body) {
        return Message.builder().to(to).performative(Performative.REQUEST).rawBody(body).build();
    }

    @Test
    void aNameThatIsNotUnicodeIsNotUnderstoodAndTheGameMasterAndItsJournalCarryOn() throws Exception {
        Jid[] j = xmpp.accounts("surrogate", 5);
        Path file = dir.resolve("game.jsonl");
        Journal journal = new Journal(file, "g-s");
        agents.start(new ChatRoomAgent(j[1], TestXmpp.password(j[1]), Room.VILLAGE, j[0], null, journal));
        agents.start(Masters.maw(j[0], TestXmpp.password(j[0]), new GameConfig("g-s", 3, 1, 1, j[1],
                j[2], Duration.ofSeconds(10), Duration.ofSeconds(10)), GameOptions.defaults(), journal));
        ScriptedSeat hostile = agents.start(new ScriptedSeat(j[3], TestXmpp.password(j[3]), "x", j[0]));
        hostile.send(raw(j[0], "{\"type\":\"join_lobby\",\"player_name\":\"\\ud800\"}"));
        Message nu = hostile.answer();
        assertThat(nu.bodyType()).isEqualTo("not_understood");
        assertThat(nu.json().get("reason").asText()).contains("player_name").contains("not valid Unicode");
        // A refused name the journal cannot encode does not stop the journal either.
        journal.refused(0, "\ud800x", "join_lobby", RefusalCode.NAME_INVALID, "bad");
        ScriptedSeat ann = agents.start(new ScriptedSeat(j[4], TestXmpp.password(j[4]), "Ann", j[0]));
        assertThat(ann.join().bodyType()).isEqualTo("joined");
        maw.testing.Await.until("the journal goes on", () -> {
            try {
                return Files.readString(file, StandardCharsets.ISO_8859_1).contains("\"player\":\"Ann\"");
            } catch (java.io.IOException e) {
                return false;
            }
        });
        journal.close();
        String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        assertThat(text).contains("\"player\":\"Ann\"").contains("\"kind\":\"refused\"");
    }

    @Test
    void aChatLineThatIsNotUnicodeIsNotUnderstoodAndTheRoomCarriesOn() throws Exception {
        Jid[] j = xmpp.accounts("surrogate-chat", 3);
        ChatRoomAgent village = agents.start(new ChatRoomAgent(j[0], TestXmpp.password(j[0]), Room.VILLAGE, j[1],
                dir.resolve("rooms"), null));
        ScriptedSeat gm = agents.start(new ScriptedSeat(j[1], TestXmpp.password(j[1]), "gm", j[1]));
        ScriptedSeat ann = agents.start(new ScriptedSeat(j[2], TestXmpp.password(j[2]), "Ann", j[1]));
        Map<String, String> members = Map.of("Ann", ann.jid().toString());
        gm.send(village.jid(), new Catalog.OpenRoom("g", 1, Phase.DAY, 1, members, members, null));
        gm.next(m -> m.is(Performative.AGREE));
        ann.send(raw(village.jid(), "{\"type\":\"chat\",\"game\":\"g\",\"round\":1,\"phase\":\"day\",\"day\":1,"
                + "\"message\":\"hi \\udc00\"}"));
        assertThat(ann.answer().bodyType()).isEqualTo("not_understood");
        ann.send(village.jid(), new Catalog.Chat("g", 1, Phase.DAY, 1, "Still here."));
        ann.send(village.jid(), new Catalog.GetNewMessages("g", 1, 0));
        assertThat(ann.next("new_messages").json().get("messages").get(0).get("text").asText())
                .isEqualTo("Still here.");
    }

    @Test
    void aRuleBotAnswersItsOwnPlayerOnlyAndSurvivesAQuestionWithoutAView() throws Exception {
        Jid[] j = xmpp.accounts("bot-owner", 3);
        agents.start(new RuleBotAgent(j[0], TestXmpp.password(j[0]), "Bob", 1, j[1]));
        ScriptedSeat owner = agents.start(new ScriptedSeat(j[1], TestXmpp.password(j[1]), "player", j[1]));
        ScriptedSeat stranger = agents.start(new ScriptedSeat(j[2], TestXmpp.password(j[2]), "stranger", j[1]));
        Message no = stranger.ask(j[0], new SeatCatalog.GetInput("g", 1, SeatCatalog.Purpose.ACT, 0, null));
        assertThat(no.json().get("code").asText()).isEqualTo("not_yours");
        Message noView = owner.ask(j[0], new SeatCatalog.GetInput("g", 1, SeatCatalog.Purpose.ACT, 0, null));
        assertThat(noView.is(Performative.REFUSE)).isTrue();
        Message name = owner.ask(j[0], new SeatCatalog.GetInput(null, 0, SeatCatalog.Purpose.NAME, 0, null));
        assertThat(name.json().get("name").asText()).isEqualTo("Bob");
    }

    @Test
    void lookAlikeAndReservedNamesTakeNoSeatAndRefusedJoinsKeepTheJournalSmall() throws Exception {
        Jid[] j = xmpp.accounts("names", 6);
        Path file = dir.resolve("game.jsonl");
        Journal journal = new Journal(file, "g-n");
        agents.start(Masters.maw(j[0], TestXmpp.password(j[0]), new GameConfig("g-n", 5, 1, 1, j[1], j[2],
                Duration.ofSeconds(10), Duration.ofSeconds(10)), GameOptions.defaults(), journal));
        ScriptedSeat alice = agents.start(new ScriptedSeat(j[3], TestXmpp.password(j[3]), "Alice", j[0]));
        assertThat(alice.join().bodyType()).isEqualTo("joined");
        ScriptedSeat ann = agents.start(new ScriptedSeat(j[4], TestXmpp.password(j[4]), "Ann", j[0]));
        assertThat(ann.join().bodyType()).isEqualTo("joined");
        long before = Files.size(file);
        // Each as an attacker tried it: a look-alike beside the original, and the game's own voices.
        ScriptedSeat hostile = agents.start(new ScriptedSeat(j[5], TestXmpp.password(j[5]), "x", j[0]));
        Map<String, String> tries = new java.util.LinkedHashMap<>();
        tries.put("AIice", "name_taken");
        tries.put("Ann.", "name_invalid");
        tries.put("GameMaster", "name_invalid");
        tries.put("Village", "name_invalid");
        tries.put("Hideout", "name_invalid");
        tries.put("The village executes Bob", "name_invalid");
        for (var t : tries.entrySet()) {
            hostile.send(j[0], new Catalog.JoinLobby(t.getKey()));
            Message no = hostile.next("refusal");
            assertThat(no.json().get("code").asText()).as(t.getKey()).isEqualTo(t.getValue());
        }
        // Twenty joins under 200 kB names: refused, and the journal keeps a bounded excerpt of a few of them.
        String huge = "M".repeat(200_000);
        for (int i = 0; i < 20; i++) {
            hostile.send(j[0], new Catalog.JoinLobby(huge + i));
            assertThat(hostile.next("refusal").json().get("code").asText()).isEqualTo("name_invalid");
        }
        long grown = Files.size(file) - before;
        assertThat(grown).as("the journal grew by " + grown + " bytes").isLessThan(8_000);
        assertThat(Files.readString(file)).contains("further refused joins from this account are not journaled")
                .doesNotContain("M".repeat(100));
    }

    @Test
    void watchersThatComeAndGoFillNoPlacesAndTheHostAlwaysGetsIn() throws Exception {
        Jid[] j = xmpp.accounts("watch-cycle", 5);
        GameMasterAgent<?, ?, ?> gm = agents.start(Masters.maw(j[0], TestXmpp.password(j[0]),
                new GameConfig("g-wc", 5, 1, 1, j[1], j[2], Duration.ofSeconds(10), Duration.ofSeconds(10)),
                GameOptions.defaults(), null));
        // One account connects, watches and goes, again and again (a new session each time).
        for (int i = 0; i < 32; i++) {
            ScriptedSeat w = agents.start(new ScriptedSeat(j[3], TestXmpp.password(j[3]), "w", j[0]));
            Message agreed = w.ask(j[0], new WatchCatalog.Watch(null, WatchCatalog.WatchView.PUBLIC, null));
            assertThat(agreed.bodyType()).isEqualTo("watching");
            w.stop();
        }
        assertThat(gm.watchers()).as("one account holds a few places").isLessThanOrEqualTo(3);
        ScriptedSeat host = agents.start(new ScriptedSeat(j[4], TestXmpp.password(j[4]), "host", j[0]));
        assertThat(host.ask(j[0], new WatchCatalog.Watch(null, WatchCatalog.WatchView.GOD, gm.watchToken()))
                .bodyType()).isEqualTo("watching");
    }

    @Test
    void aJoinTheServerKeptFromBeforeTheGameMasterStartedTakesNoSeat() throws Exception {
        Jid[] j = xmpp.accounts("stored-join", 5);
        ScriptedSeat stranger = agents.start(new ScriptedSeat(j[3], TestXmpp.password(j[3]), "Mallory", j[0]));
        stranger.send(j[0], new Catalog.JoinLobby("Mallory"));
        stranger.send(j[3], Performative.INFORM, new Catalog.Ping(null)); // the server has taken the join
        stranger.next("ping");
        stranger.stop();
        GameMasterAgent<?, ?, ?> gm = agents.start(Masters.maw(j[0], TestXmpp.password(j[0]),
                new GameConfig("g-stored", 3, 1, 1, j[1], j[2], Duration.ofSeconds(10),
                        Duration.ofSeconds(10)), GameOptions.defaults(), null));
        ScriptedSeat ann = agents.start(new ScriptedSeat(j[4], TestXmpp.password(j[4]), "Ann", j[0]));
        Message joined = ann.join();
        assertThat(joined.json().get("waiting").asInt()).as("Ann is the first at the table").isEqualTo(1);
        assertThat(gm.lobby()).containsExactly("Ann");
    }

    @Test
    void stanzasFullOfEscapedCharactersNeitherDropTheReceiversConnectionNorStopIt() throws Exception {
        // XPP3 parses the stream: the JDK's StAX parser would count every entity of the stream against its limits.
        assertThat(org.jivesoftware.smack.xml.SmackXmlParser.getXmlPullParserFactory().getClass().getName())
                .contains("xpp3");
        Jid[] j = xmpp.accounts("entities", 2);
        ScriptedSeat victim = agents.start(new ScriptedSeat(j[0], TestXmpp.password(j[0]), "victim", j[1]));
        ScriptedSeat hostile = agents.start(new ScriptedSeat(j[1], TestXmpp.password(j[1]), "hostile", j[0]));
        String poison = "<".repeat(60_000); // every one goes over the wire as &lt;
        for (int i = 0; i < 3; i++) {
            hostile.send(raw(j[0], poison));
            // The victim read all of it, and says it is no JSON.
            Message nu = hostile.answer();
            assertThat(nu.is(Performative.NOT_UNDERSTOOD)).isTrue();
            assertThat(nu.json().get("received").asText()).isEqualTo("<".repeat(500));
        }
        hostile.send(j[0], new Catalog.Ping("g"));
        assertThat(victim.next("ping").sender().sameBare(j[1])).isTrue();
        assertThat(victim.drops.get()).as("connection drops").isZero();
        assertThat(victim.isConnected()).isTrue();
    }
}
