package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import maw.agents.human.UserInterfaceAgent;
import maw.agents.player.PlayerAgent;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.local.LocalTransport;
import maw.testing.Agents;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A person's seat (the UserInterface agent behind a Player), with the GameMaster and the Village played by hand: the
 * person sees what happens as it happens, with the seat's view; their words go to the room; and lines said at the
 * very end of a phase, which the room hands over after the next phase has begun, still reach them.
 */
class PersonSeatTest {

    private final LocalTransport local = new LocalTransport();
    private final Agents agents = new Agents(local);
    private final BlockingQueue<String> seen = new LinkedBlockingQueue<>();

    @AfterEach
    void stop() {
        agents.close();
    }

    private String next(String containing) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            String line = seen.poll(100, TimeUnit.MILLISECONDS);
            if (line != null && line.contains(containing)) {
                return line;
            }
        }
        throw new AssertionError("the person never saw " + containing);
    }

    /** Zed's view (a villager among three, all living), as the rules give it and the GameMaster's envelope carries it. */
    private static maw.base.SeatView view(maw.base.Phase phase, long deadline, List<maw.base.Act.Kind> acts,
            String room) {
        List<maw.base.Act.Kind> allowed = new java.util.ArrayList<>(acts);
        allowed.add(maw.base.Act.Kind.LISTEN);
        Map<maw.base.Act.Kind, List<String>> targets = acts.isEmpty() ? Map.of()
                : Map.of(maw.base.Act.Kind.VOTE, List.of("Ann", "Bob"), maw.base.Act.Kind.WHISPER, List.of("Ann", "Bob"));
        return new maw.base.SeatView("Zed", maw.base.Role.VILLAGER, List.of(), phase, 1, deadline,
                List.of("Ann", "Bob", "Zed"), List.of(), targets.getOrDefault(maw.base.Act.Kind.VOTE, List.of()),
                allowed, targets, room, 500, List.of(), null, false, Map.of(), "maw", maw.base.Speech.CHAT, null, null,
                null);
    }

    @Test
    void thePersonSeesTheGameSpeaksAndLosesNoLateLine() throws Exception {
        for (String n : new String[] {"gm", "village", "hideout", "player", "ui"}) {
            local.register(n, "pw");
        }
        Jid gmJid = Jid.of("gm", "localhost");
        Jid villageJid = Jid.of("village", "localhost");
        ScriptedSeat gm = agents.start(new ScriptedSeat(gmJid, "pw", "gm", gmJid));
        ScriptedSeat village = agents.start(new ScriptedSeat(villageJid, "pw", "village", gmJid));
        Jid playerJid = Jid.of("player", "localhost");
        UserInterfaceAgent ui = agents.start(new UserInterfaceAgent(Jid.of("ui", "localhost"), "pw", "Zed", playerJid,
                (kind, text) -> seen.add(kind + ": " + text)));
        PlayerAgent player = agents.start(new PlayerAgent(playerJid, "pw", gmJid, ui.jid()));

        Message join = gm.next("join_lobby");
        assertThat(join.json().get("player_name").asText()).isEqualTo("Zed");
        gm.send(join.createReply().performative(Performative.AGREE).ontology(GameAgent.ONTOLOGY)
                .body(new Catalog.Joined("g", "Zed", 1, 3)).build());
        next("You sit at the table as Zed");
        gm.send(playerJid, Performative.INFORM, new Catalog.StartGame("g", 1, 1, 3, List.of("Ann", "Bob", "Zed"),
                villageJid.toString(), "hideout@localhost", "maw", maw.base.Speech.CHAT));
        long dayEnds = System.currentTimeMillis() + 60_000;
        // The deal and the day, told in one envelope with the seat's view (join_lobby asked for envelopes).
        assertThat(join.json().get("news").asBoolean()).isTrue();
        gm.send(playerJid, Performative.INFORM, new Catalog.News("g", 1, List.of(
                new Catalog.AssignRole("g", 1, maw.base.Role.VILLAGER, List.of()),
                new Catalog.PhaseChange("g", 1, maw.base.Phase.DAY, 1, dayEnds, 60, List.of("Ann", "Bob", "Zed"),
                        null)), view(maw.base.Phase.DAY, dayEnds, List.of(maw.base.Act.Kind.SPEAK,
                                maw.base.Act.Kind.VOTE, maw.base.Act.Kind.WHISPER), "Village")));
        next("role: You are a villager.");
        next("phase: Day 1 begins.");
        maw.testing.Await.until("the seat is told its turn", () -> ui.view() != null
                && ui.view().allowed_actions().contains(maw.base.Act.Kind.VOTE));
        assertThat(ui.view().phase()).isEqualTo(maw.base.Phase.DAY);
        assertThat(ui.view().room()).isEqualTo("Village");

        // The person speaks: the Player takes it to the Village.
        ui.speak("Good morning.");
        Message chat = village.next("chat");
        assertThat(chat.sender().bare()).isEqualTo(playerJid);
        assertThat(chat.json().get("message").asText()).isEqualTo("Good morning.");

        // A whisper goes to the GameMaster, stamped with the phase, for Ann's ears only.
        ui.act(new maw.base.Act.Whisper("Ann", "I trust you."));
        Message whisper = gm.next("whisper");
        assertThat(whisper.json().get("to").asText()).isEqualTo("Ann");
        assertThat(whisper.json().get("message").asText()).isEqualTo("I trust you.");
        assertThat(whisper.json().get("phase").asText()).isEqualTo("day");
        assertThat(whisper.json().get("day").asInt()).isEqualTo(1);
        assertThat(whisper.replyWith()).as("answered by in-reply-to").isNotBlank();

        // The Player's poll is answered only after night has fallen: the last words still reach the person.
        Message poll = village.next("get_new_messages");
        long nightEnds = System.currentTimeMillis() + 30_000;
        gm.send(playerJid, Performative.INFORM, new Catalog.News("g", 1, List.of(new Catalog.PhaseChange("g", 1,
                maw.base.Phase.NIGHT, 1, nightEnds, 30, List.of("Ann", "Bob", "Zed"), null)),
                view(maw.base.Phase.NIGHT, nightEnds, List.of(), null)));
        next("phase: Night 1 falls. The village sleeps.");
        village.send(poll.createReply().performative(Performative.INFORM).ontology(GameAgent.ONTOLOGY)
                .body(new Catalog.NewMessages("g", 1, "Village", List.of(new Catalog.Line(1, "Ann", "Last words.")),
                        1, true)).build());
        assertThat(next("Last words.")).isEqualTo("chat: Ann (earlier, in the Village) says: \"Last words.\"");
        assertThat(ui.view().phase()).isEqualTo(maw.base.Phase.NIGHT);
        assertThat(ui.view().room()).isNull();

        // Asleep, the person's words go nowhere, and they are told why (the Player refuses before it would send): the
        // night's view awaits nothing from a villager.
        ui.speak("Anyone?");
        next("refusal: The village sleeps: nobody hears you tonight.");
        assertThat(village.seen()).noneMatch(m -> "chat".equals(m.bodyType())
                && "Anyone?".equals(m.json().get("message").asText()));
    }

    /**
     * The server keeps what an earlier session's Player sent this seat's account after it went away, and hands it
     * over at login: none of it is taken for this game (here, an old "game over" that would end the session at once,
     * and an old vote that would be cast in this game).
     */
    @Test
    void newsAndActsOfAnEarlierSessionAreNotTakenForThisOne() throws Exception {
        for (String n : new String[] {"gm", "player", "ui"}) {
            local.register(n, "pw");
        }
        Jid gmJid = Jid.of("gm", "localhost");
        Jid playerJid = Jid.of("player", "localhost");
        Jid uiJid = Jid.of("ui", "localhost");
        ScriptedSeat oldPlayer = agents.start(new ScriptedSeat(playerJid, "pw", "old", gmJid));
        oldPlayer.send(uiJid, Performative.INFORM, new SeatCatalog.Observe("old-game", 1, SeatCatalog.Perceived.OVER,
                "The game is over.", null));
        oldPlayer.stop();
        ScriptedSeat oldUi = agents.start(new ScriptedSeat(uiJid, "pw", "old-ui", gmJid));
        oldUi.send(playerJid, Performative.INFORM, SeatCatalog.PlayerAction.of(new maw.base.Act.Vote("Ann")));
        oldUi.stop();

        ScriptedSeat gm = agents.start(new ScriptedSeat(gmJid, "pw", "gm", gmJid));
        UserInterfaceAgent ui = agents.start(new UserInterfaceAgent(uiJid, "pw", "Zed", playerJid,
                (kind, text) -> seen.add(kind + ": " + text)));
        agents.start(new PlayerAgent(playerJid, "pw", gmJid, uiJid));
        Message join = gm.next("join_lobby");
        gm.send(join.createReply().performative(Performative.AGREE).ontology(GameAgent.ONTOLOGY)
                .body(new Catalog.Joined("g", "Zed", 1, 3)).build());
        next("You sit at the table as Zed");
        gm.send(playerJid, Performative.INFORM, new Catalog.PhaseChange("g", 1, maw.base.Phase.DAY, 1,
                System.currentTimeMillis() + 60_000, 60, List.of("Ann", "Bob", "Zed"), null));
        next("Day 1 begins.");
        assertThat(ui.over()).isNotDone();
        assertThat(seen).noneMatch(l -> l.contains("The game is over."));
        assertThat(gm.seen()).noneMatch(m -> "vote".equals(m.bodyType()));
    }
}
