package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameListener;
import maw.agents.gamemaster.GameMasterAgent;
import maw.game.Room;
import maw.game.maw.GameOptions;
import maw.runtime.Jid;
import maw.runtime.local.LocalTransport;
import maw.testing.Agents;
import maw.testing.Masters;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The lobby: unique names, a full table, the ready check, no joining a game in progress. */
class LobbyTest {

    private final LocalTransport local = new LocalTransport();
    private final Agents agents = new Agents(local);
    private final Jid gm = Jid.of("gamemaster", "localhost");
    private final List<String> left = new CopyOnWriteArrayList<>();
    private GameMasterAgent<?, ?, ?> master;

    @BeforeEach
    void table() throws Exception {
        for (String n : List.of("gamemaster", "village", "hideout", "s1", "s2", "s3", "s4", "s5", "p1", "p2", "p3",
                "i1", "i2", "i3")) {
            local.register(n, "pw");
        }
        agents.start(new ChatRoomAgent(Jid.of("village", "localhost"), "pw", Room.VILLAGE, gm, null, null));
        agents.start(new ChatRoomAgent(Jid.of("hideout", "localhost"), "pw", Room.HIDEOUT, gm, null, null));
        master = agents.start(Masters.maw(gm, "pw", new GameConfig("g-lobby", 3, 1, 1,
                Jid.of("village", "localhost"), Jid.of("hideout", "localhost"),
                Duration.ofMillis(500), Duration.ofSeconds(5)), GameOptions.defaults(), new GameListener() {
                    @Override
                    public void left(String name, String why) {
                        left.add(name + ": " + why);
                    }
                }));
    }

    @AfterEach
    void stop() {
        agents.close();
    }

    private ScriptedSeat seat(String local, String name) throws Exception {
        return agents.start(new ScriptedSeat(Jid.of(local, "localhost"), "pw", name, gm));
    }

    private static String reason(maw.runtime.Message m) {
        return m.json().path("reason").asText();
    }

    @Test
    void namesAreUniqueAndWellFormed() throws Exception {
        assertThat(seat("s1", "Ann").join().bodyType()).isEqualTo("joined");
        assertThat(reason(seat("s2", "Ann").join())).isEqualTo("the name Ann is taken");
        ScriptedSeat blank = seat("s3", "  ");
        blank.send(maw.runtime.Message.builder().to(gm).performative(maw.runtime.Performative.REQUEST)
                .rawBody("{\"type\":\"join_lobby\",\"player_name\":\"  \"}").build());
        assertThat(reason(blank.answer())).isEqualTo("join_lobby's player_name is missing");
        assertThat(reason(seat("s4", "-x").join())).startsWith("a name has 1 to 24 letters");
    }

    @Test
    void aNameThatCouldPassForATakenOneIsRefused() throws Exception {
        assertThat(seat("s1", "Bob").join().bodyType()).isEqualTo("joined");
        maw.runtime.Message mixed = seat("s2", "\u0410nn").join(); // a Cyrillic А, then Latin nn
        assertThat(mixed.json().get("code").asText()).isEqualTo("name_invalid");
        assertThat(reason(mixed)).contains("one script");
        maw.runtime.Message lookalike = seat("s3", "\u0412\u041e\u0412").join(); // ВОВ, all Cyrillic
        assertThat(lookalike.json().get("code").asText()).isEqualTo("name_taken");
        assertThat(reason(lookalike)).isEqualTo("the name \u0412\u041e\u0412 looks like Bob, who sits at the table");
        assertThat(reason(seat("s4", "BOB").join())).contains("looks like Bob");
        assertThat(seat("s5", "\u0412\u0456\u043a\u0442\u043e\u0440").join().bodyType()).as("Віктор is no one's double")
                .isEqualTo("joined");
    }

    @Test
    void aNameTakenAgainGetsANewNumberEachTime() throws Exception {
        List<maw.agents.player.PlayerAgent> players = new java.util.ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            Jid ui = Jid.of("i" + i, "localhost");
            agents.start(new maw.agents.bot.RuleBotAgent(ui, "pw", "Bob", i));
            players.add(agents.start(new maw.agents.player.PlayerAgent(Jid.of("p" + i, "localhost"), "pw", gm, ui)));
        }
        maw.testing.Await.until("three seats", () -> master.lobby().size() == 3);
        assertThat(master.lobby()).containsExactlyInAnyOrder("Bob", "Bob 2", "Bob 3");
    }

    @Test
    void aSeatWhoseInterfaceRepeatsATakenNameGivesUpInsteadOfLooping() throws Exception {
        assertThat(seat("s1", "Ann").join().bodyType()).isEqualTo("joined");
        Jid ui = Jid.of("i1", "localhost");
        maw.runtime.Agent stubborn = new maw.runtime.Agent(ui, "pw");
        stubborn.addBehaviour(maw.runtime.CyclicBehaviour.of("always Ann", self -> {
            maw.runtime.Message m = self.receive(Duration.ofMillis(200));
            if (m != null && "get_input".equals(m.bodyType())) {
                self.send(m.createReply().performative(maw.runtime.Performative.INFORM)
                        .body(new SeatCatalog.SeatName("Ann", false)).build());
            }
        }));
        agents.start(stubborn);
        maw.agents.player.PlayerAgent p = agents.start(new maw.agents.player.PlayerAgent(Jid.of("p1", "localhost"),
                "pw", gm, ui));
        assertThat(p.finished()).failsWithin(Duration.ofSeconds(20))
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withMessageContaining("refused 10 names");
    }

    @Test
    void aSeatAlreadyTakenAnswersTheSameToTheSameNameAndRefusesASecond() throws Exception {
        ScriptedSeat ann = seat("s1", "Ann");
        assertThat(ann.join().json().get("waiting").asInt()).isEqualTo(1);
        assertThat(ann.join().json().get("waiting").asInt()).as("asking again is harmless").isEqualTo(1);
        ann.send(gm, new Catalog.JoinLobby("Annie"));
        assertThat(reason(ann.answer())).isEqualTo("you already sit at this table as Ann");
    }

    @Test
    void aSeatThatDoesNotAnswerTheReadyCheckLosesItAndTheGameWaitsForAnother() throws Exception {
        seat("s1", "Ann").join();
        seat("s2", "Bob").join();
        ScriptedSeat silent = seat("s3", "Cid");
        silent.answersReadyChecks = false;
        silent.join();
        maw.testing.Await.until("Cid loses the seat", () -> !left.isEmpty());
        assertThat(left).containsExactly("Cid: did not answer the ready check");
        ScriptedSeat dee = seat("s4", "Dee");
        assertThat(dee.join().bodyType()).isEqualTo("joined");
        com.fasterxml.jackson.databind.JsonNode start = dee.next("start_game").json();
        assertThat(start.get("players").toString()).isEqualTo("[\"Ann\",\"Bob\",\"Dee\"]");
        assertThat(start.get("talk").asText()).isEqualTo("chat"); // how to talk, whatever the rule set's name
        ScriptedSeat late = seat("s5", "Eve");
        assertThat(reason(late.join())).isEqualTo("a game is in progress; join the next one");
    }

    @Test
    void aFullTableRefusesAndASeatCanBeGivenUpBeforeTheStart() throws Exception {
        ScriptedSeat ann = seat("s1", "Ann");
        ann.answersReadyChecks = false;
        ann.join();
        ann.send(gm, new Catalog.LeaveLobby("g-lobby"));
        assertThat(ann.next("ok").json().get("what").asText()).isEqualTo("left");
        assertThat(left).containsExactly("Ann: left the lobby");
        assertThat(seat("s2", "Ann").join().bodyType()).as("the name is free again").isEqualTo("joined");
    }
}
