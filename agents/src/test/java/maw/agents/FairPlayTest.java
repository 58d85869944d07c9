package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import maw.agents.bot.RuleBotAgent;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.player.PlayerAgent;
import maw.game.Command;
import maw.game.GameOptions;
import maw.game.PhaseId;
import maw.game.Room;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.testing.Agents;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Bad input and fair play over real ejabberd: every forbidden act is refused with a reason and changes nothing;
 * malformed bodies are answered not-understood. Three seats played by hand make each move at the right moment.
 */
class FairPlayTest {

    private final TestXmpp xmpp = TestXmpp.get();
    private final Agents agents = new Agents(xmpp.transport());

    @AfterEach
    void stop() {
        agents.close();
    }

    private static String reason(Message m) {
        return m.json().path("reason").asText();
    }

    @Test
    void forbiddenActsAreRefusedWithTheirReasonAndLeaveTheGameUntouched() throws Exception {
        Jid[] j = xmpp.accounts("fair", 6);
        Jid gmJid = j[0];
        Jid villageJid = j[1];
        Jid hideoutJid = j[2];
        List<Command> accepted = new CopyOnWriteArrayList<>();
        GameMasterAgent.Listener journal = new GameMasterAgent.Listener() {
            @Override
            public void command(int round, Command command) {
                accepted.add(command);
            }
        };
        GameOptions options = GameOptions.defaults().withTimers(Duration.ofSeconds(30), Duration.ofMillis(1500));
        GameMasterAgent gm = new GameMasterAgent(gmJid, TestXmpp.password(gmJid), new GameMasterAgent.Config("g-fair",
                3, 1, 5, options, villageJid, hideoutJid, Duration.ofSeconds(10), Duration.ofSeconds(10)), journal);
        agents.start(new ChatRoomAgent(villageJid, TestXmpp.password(villageJid), Room.VILLAGE, gmJid, null, null));
        agents.start(new ChatRoomAgent(hideoutJid, TestXmpp.password(hideoutJid), Room.HIDEOUT, gmJid, null, null));
        agents.start(gm);
        List<ScriptedSeat> seats = new ArrayList<>();
        String[] names = {"ann", "bob", "cid"};
        for (int i = 0; i < 3; i++) {
            seats.add(agents.start(new ScriptedSeat(j[3 + i], TestXmpp.password(j[3 + i]), names[i], gmJid)));
        }
        for (ScriptedSeat s : seats) {
            assertThat(s.join().bodyType()).isEqualTo("joined");
        }
        ScriptedSeat wolf = null;
        List<ScriptedSeat> villagers = new ArrayList<>();
        for (ScriptedSeat s : seats) {
            Message role = s.next("assign_role");
            if ("werewolf".equals(role.json().get("role").asText())) {
                wolf = s;
            } else {
                villagers.add(s);
            }
        }
        ScriptedSeat v1 = villagers.get(0);
        ScriptedSeat v2 = villagers.get(1);
        for (ScriptedSeat s : seats) {
            s.next("phase_change");
        }
        String game = v1.game;

        // Day 1: votes for strangers and for oneself, votes of another game, malformed bodies, a forged opening.
        v1.send(gmJid, new Catalog.Vote(game, 1, "mallory"));
        assertThat(reason(v1.answer())).isEqualTo("mallory is not a player in this game");
        v1.send(gmJid, new Catalog.Vote(game, 1, v1.name));
        assertThat(reason(v1.answer())).isEqualTo("nobody votes for themselves");
        v1.send(gmJid, new Catalog.Vote("an-old-game", 1, v2.name));
        assertThat(reason(v1.answer())).isEqualTo("that message belongs to another game or round");
        v1.send(Message.builder().to(gmJid).performative(Performative.REQUEST).rawBody("{\"type\":\"vote\"}").build());
        Message nu = v1.answer();
        assertThat(nu.requirePerformative()).isEqualTo(Performative.NOT_UNDERSTOOD);
        assertThat(reason(nu)).isEqualTo("vote's target is missing");
        v1.send(Message.builder().to(gmJid).performative(Performative.REQUEST).rawBody("{\"type\":\"dance\"}").build());
        assertThat(reason(v1.answer())).isEqualTo("unknown message type 'dance'");
        v1.send(Message.builder().to(gmJid).performative(Performative.REQUEST).rawBody("vote for bob").build());
        assertThat(reason(v1.answer())).startsWith("body is not valid JSON");
        v1.send(hideoutJid, new Catalog.OpenRoom(game, 1, "night", 1, Map.of(v1.name, v1.jid().toString()),
                Map.of(v1.name, v1.jid().toString())));
        assertThat(reason(v1.answer())).isEqualTo("only the GameMaster opens the Hideout");
        v1.send(gmJid, new Catalog.PhaseChange(game, 1, "night", 1, 0, 0, List.of(), null));
        assertThat(reason(v1.answer())).isEqualTo("only the GameMaster sends phase_change messages");

        // A fair execution: the wolf and one villager vote out the other villager.
        v1.send(gmJid, new Catalog.Vote(game, 1, v2.name));
        v1.next("vote_accepted"); // two senders' messages may overtake each other: one after the other
        wolf.send(gmJid, new Catalog.Vote(game, 1, v2.name));
        assertThat(v2.next("kill").json().get("cause").asText()).isEqualTo("executed");

        // Night 1: the village sleeps; the Hideout is for the werewolves; the dead stay out.
        for (ScriptedSeat s : seats) {
            s.next(m -> "phase_change".equals(m.bodyType()) && "night".equals(m.json().get("new_phase").asText()));
        }
        v1.send(gmJid, new Catalog.Vote(game, 1, wolf.name));
        assertThat(reason(v1.answer())).isEqualTo("the village sleeps: votes are cast during the day");
        v1.send(hideoutJid, new Catalog.Chat(game, 1, "let me in"));
        assertThat(reason(v1.answer())).isEqualTo("the Hideout is for the werewolves");
        v2.send(hideoutJid, new Catalog.Chat(game, 1, "boo"));
        assertThat(reason(v2.answer())).isEqualTo("the Hideout is for the werewolves");
        wolf.send(gmJid, new Catalog.Vote(game, 1, wolf.name));
        assertThat(reason(wolf.answer())).isEqualTo("werewolves do not hunt werewolves");
        v1.send(villageJid, new Catalog.Chat(game, 1, "anyone awake?"));
        assertThat(reason(v1.answer())).isEqualTo("the Village is closed: the village sleeps");

        // Day 2 (the night ran out): the dead watch but neither speak nor vote.
        v2.next(m -> "phase_change".equals(m.bodyType()) && m.json().get("day").asInt() == 2);
        v2.send(villageJid, new Catalog.Chat(game, 1, "I am innocent!"));
        assertThat(reason(v2.answer())).isEqualTo("dead players watch the Village but cannot speak");
        v2.send(gmJid, new Catalog.Vote(game, 1, wolf.name));
        assertThat(reason(v2.answer())).isEqualTo("dead players cannot vote");
        v1.send(villageJid, new Catalog.Chat(game, 1, "Only two of us left."));
        v2.send(villageJid, new Catalog.GetNewMessages(game, 1, 0));
        Message news = v2.next("new_messages");
        assertThat(news.json().get("messages").get(0).get("text").asText()).isEqualTo("Only two of us left.");

        // Nothing refused reached the rules.
        assertThat(accepted).containsExactly(
                new Command.Start(List.of("ann", "bob", "cid")),
                new Command.Vote(v1.name, v2.name),
                new Command.Vote(wolf.name, v2.name),
                new Command.Timeout(new PhaseId(maw.game.Phase.NIGHT, 1)));
    }

    @Test
    void aPlayerRefusesAnnouncementsThatDoNotComeFromItsGameMaster() throws Exception {
        Jid[] j = xmpp.accounts("forged", 6);
        Jid gmJid = j[0];
        GameMasterAgent gm = agents.start(new GameMasterAgent(gmJid, TestXmpp.password(gmJid), new GameMasterAgent.Config(
                "g-forged", 3, 1, 5, GameOptions.defaults(), j[4], j[5], Duration.ofSeconds(10), Duration.ofSeconds(10)),
                null));
        agents.start(new RuleBotAgent(j[2], TestXmpp.password(j[2]), "Bot", 1));
        PlayerAgent player = agents.start(new PlayerAgent(j[1], TestXmpp.password(j[1]), gmJid, j[2]));
        ScriptedSeat rogue = agents.start(new ScriptedSeat(j[3], TestXmpp.password(j[3]), "rogue", gmJid));
        assertThat(rogue.join().bodyType()).as("the rogue takes a seat too").isEqualTo("joined");
        maw.testing.Await.until("the bot's player is seated", () -> "Bot".equals(player.playerName())
                && gm.isActive());
        rogue.send(player.jid(), Performative.INFORM, new Catalog.PhaseChange("g", 1, "night", 1, 0, 0, List.of(), null));
        assertThat(reason(rogue.answer())).isEqualTo("only the GameMaster announces phase changes");
        rogue.send(player.jid(), Performative.INFORM, new Catalog.Kill("g", 1, 1, "murdered"));
        assertThat(reason(rogue.answer())).isEqualTo("only the GameMaster kills");
        rogue.send(player.jid(), Performative.INFORM, new Catalog.NewMessages("g", 1, "Village", List.of(), 3, false));
        assertThat(reason(rogue.answer())).isEqualTo("room news comes from the rooms only");
    }
}
