package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import maw.agents.bot.RuleBotAgent;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameListener;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.player.PlayerAgent;
import maw.base.Phase;
import maw.game.Command;
import maw.game.Room;
import maw.game.maw.GameOptions;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.testing.Agents;
import maw.testing.Masters;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Bad input and fair play over real ejabberd, one rule a test: every forbidden act is refused with its code and the
 * reason, answers the act it refuses, and changes nothing; malformed bodies are answered not-understood. Four seats
 * played by hand (one werewolf) make each move; the phases are long, and end by the votes, never by a timer.
 */
class FairPlayTest {

    private static final AtomicInteger TABLES = new AtomicInteger();

    private final TestXmpp xmpp = TestXmpp.get();
    private final Agents agents = new Agents(xmpp.transport());

    @AfterEach
    void stop() {
        agents.close();
    }

    private static String code(Message m) {
        return m.json().path("code").asText();
    }

    private static String reason(Message m) {
        return m.json().path("reason").asText();
    }

    /** A table of four seats played by hand, one of them the werewolf, in day 1. */
    private final class Table {
        final Jid gm;
        final Jid village;
        final Jid hideout;
        final List<Command> accepted = new CopyOnWriteArrayList<>();
        final List<ScriptedSeat> seats = new ArrayList<>();
        final List<ScriptedSeat> villagers = new ArrayList<>();
        ScriptedSeat wolf;
        final String game;

        Table(GameOptions options) throws Exception {
            Jid[] j = xmpp.accounts("fair" + TABLES.incrementAndGet(), 7);
            gm = j[0];
            village = j[1];
            hideout = j[2];
            GameListener journal = new GameListener() {
                @Override
                public void command(int round, Command command) {
                    accepted.add(command);
                }
            };
            agents.start(new ChatRoomAgent(village, TestXmpp.password(village), Room.VILLAGE, gm, null, null));
            agents.start(new ChatRoomAgent(hideout, TestXmpp.password(hideout), Room.HIDEOUT, gm, null, null));
            agents.start(Masters.maw(gm, TestXmpp.password(gm), new GameConfig("g-fair", 4, 1, 5,
                    village, hideout, Duration.ofSeconds(10), Duration.ofSeconds(10)), options, journal));
            String[] names = {"ann", "bob", "cid", "dee"};
            for (int i = 0; i < 4; i++) {
                seats.add(agents.start(new ScriptedSeat(j[3 + i], TestXmpp.password(j[3 + i]), names[i], gm)));
            }
            for (ScriptedSeat s : seats) {
                assertThat(s.join().bodyType()).isEqualTo("joined");
            }
            for (ScriptedSeat s : seats) {
                if ("werewolf".equals(s.next("assign_role").json().get("role").asText())) {
                    wolf = s;
                } else {
                    villagers.add(s);
                }
            }
            for (ScriptedSeat s : seats) {
                s.next("phase_change");
            }
            game = wolf.game;
        }

        Table() throws Exception {
            this(GameOptions.defaults().withTimers(Duration.ofSeconds(60), Duration.ofSeconds(60)));
        }

        ScriptedSeat v(int i) {
            return villagers.get(i);
        }

        Catalog.Vote vote(Phase phase, int day, ScriptedSeat target) {
            return new Catalog.Vote(game, 1, phase, day, target.name);
        }

        /** Day 1 ends: the werewolf and two villagers execute the third villager; night 1 begins. */
        void toNight() throws InterruptedException {
            for (ScriptedSeat s : List.of(wolf, v(0), v(1))) {
                assertThat(s.ask(gm, vote(Phase.DAY, 1, v(2))).bodyType()).isEqualTo("accepted");
            }
            for (ScriptedSeat s : seats) {
                s.next(m -> "phase_change".equals(m.bodyType()) && "night".equals(m.json().get("new_phase").asText()));
            }
        }

        /** Night 1 ends: the werewolf murders the second villager; day 2 begins. */
        void toDayTwo() throws InterruptedException {
            assertThat(wolf.ask(gm, vote(Phase.NIGHT, 1, v(1))).bodyType()).isEqualTo("accepted");
            for (ScriptedSeat s : seats) {
                s.next(m -> "phase_change".equals(m.bodyType()) && m.json().get("day").asInt() == 2);
            }
        }
    }

    @Nested
    class Votes {

        @Test
        void aVoteForSomeoneWhoIsNotAtTheTableIsRefused() throws Exception {
            Table t = new Table();
            Message no = t.v(0).ask(t.gm, new Catalog.Vote(t.game, 1, Phase.DAY, 1, "mallory"));
            assertThat(code(no)).isEqualTo("unknown_target");
            assertThat(reason(no)).isEqualTo("mallory is not a player in this game");
        }

        @Test
        void nobodyVotesForThemselves() throws Exception {
            Table t = new Table();
            Message no = t.v(0).ask(t.gm, t.vote(Phase.DAY, 1, t.v(0)));
            assertThat(code(no)).isEqualTo("self_target");
            assertThat(reason(no)).isEqualTo("nobody votes for themselves");
        }

        @Test
        void aVoteOfAnotherGameIsRefused() throws Exception {
            Table t = new Table();
            Message no = t.v(0).ask(t.gm, new Catalog.Vote("an-old-game", 1, Phase.DAY, 1, t.v(1).name));
            assertThat(code(no)).isEqualTo("other_game");
        }

        @Test
        void aVoteForAPhaseThatIsOverIsRefusedWithItsCodeAndNeverCounted() throws Exception {
            Table t = new Table();
            t.toNight();
            // The werewolf's day vote arrives after the night began: it is not a night vote.
            Message no = t.wolf.ask(t.gm, t.vote(Phase.DAY, 1, t.v(0)));
            assertThat(no.is(Performative.REFUSE)).isTrue();
            assertThat(code(no)).isEqualTo("phase_over");
            assertThat(no.json().get("phase").asText()).isEqualTo("day");
            assertThat(no.json().get("day").asInt()).isEqualTo(1);
            assertThat(no.json().get("target").asText()).isEqualTo(t.v(0).name);
            // And a night vote stamped for a night to come counts neither.
            assertThat(code(t.wolf.ask(t.gm, t.vote(Phase.NIGHT, 2, t.v(0))))).isEqualTo("phase_over");
            assertThat(t.accepted).noneMatch(c -> c instanceof Command.Perform p && !p.phase().equals(
                    new maw.game.PhaseId(Phase.DAY, 1)) && p.actor().equals(t.wolf.name));
            assertThat(t.v(0).seen()).noneMatch(m -> "kill".equals(m.bodyType()));
        }

        @Test
        void theVillageSleepsAtNight() throws Exception {
            Table t = new Table();
            t.toNight();
            Message no = t.v(0).ask(t.gm, t.vote(Phase.NIGHT, 1, t.wolf));
            assertThat(code(no)).isEqualTo("not_now");
            assertThat(reason(no)).isEqualTo("the village sleeps: votes are cast during the day");
        }

        @Test
        void werewolvesDoNotHuntWerewolves() throws Exception {
            Table t = new Table();
            t.toNight();
            Message no = t.wolf.ask(t.gm, t.vote(Phase.NIGHT, 1, t.wolf));
            assertThat(code(no)).isEqualTo("pack_target");
        }

        @Test
        void theDeadCannotVote() throws Exception {
            Table t = new Table();
            t.toNight();
            t.toDayTwo();
            Message no = t.v(2).ask(t.gm, t.vote(Phase.DAY, 2, t.wolf));
            assertThat(code(no)).isEqualTo("dead");
            assertThat(reason(no)).isEqualTo("dead players cannot vote");
        }

        @Test
        void aRefusalAnswersTheActItRefusesAndNamesIt() throws Exception {
            Table t = new Table();
            Message request = Message.builder().to(t.gm).performative(Performative.REQUEST)
                    .replyWith("my-vote-7").body(t.vote(Phase.DAY, 1, t.v(0))).build();
            t.v(0).send(request);
            Message no = t.v(0).answer();
            assertThat(no.inReplyTo()).isEqualTo("my-vote-7");
            assertThat(no.json().get("refused").asText()).isEqualTo("vote");
            assertThat(no.json().get("round").asInt()).isEqualTo(1);
            assertThat(no.json().get("game").asText()).isEqualTo(t.game);
        }

        @Test
        void nothingRefusedReachesTheRules() throws Exception {
            Table t = new Table();
            t.v(0).ask(t.gm, t.vote(Phase.DAY, 1, t.v(0)));
            t.v(0).ask(t.gm, new Catalog.Vote(t.game, 1, Phase.DAY, 1, "mallory"));
            t.v(0).ask(t.gm, t.vote(Phase.NIGHT, 1, t.v(1)));
            assertThat(t.v(0).ask(t.gm, t.vote(Phase.DAY, 1, t.v(1))).bodyType()).isEqualTo("accepted");
            assertThat(t.accepted).hasSize(2); // the deal and the one fair vote
            assertThat(t.accepted.get(1)).isEqualTo(new Command.Perform(t.v(0).name,
                    new maw.game.PhaseId(Phase.DAY, 1), new maw.base.Act.Vote(t.v(1).name)));
        }
    }

    @Nested
    class Messages {

        @Test
        void aBodyThatDoesNotFitIsNotUnderstoodAndSaysWhy() throws Exception {
            Table t = new Table();
            t.v(0).send(Message.builder().to(t.gm).performative(Performative.REQUEST)
                    .rawBody("{\"type\":\"vote\",\"phase\":\"day\"}").build());
            Message nu = t.v(0).answer();
            assertThat(nu.requirePerformative()).isEqualTo(Performative.NOT_UNDERSTOOD);
            assertThat(nu.bodyType()).isEqualTo("not_understood");
            assertThat(reason(nu)).isEqualTo("vote's target is missing");
        }

        @Test
        void anUnknownMessageTypeIsNotUnderstood() throws Exception {
            Table t = new Table();
            t.v(0).send(Message.builder().to(t.gm).performative(Performative.REQUEST)
                    .rawBody("{\"type\":\"dance\"}").build());
            Message nu = t.v(0).answer();
            assertThat(nu.bodyType()).isEqualTo("not_understood");
            assertThat(reason(nu)).isEqualTo("unknown message type 'dance'");
        }

        @Test
        void aWordOutsideItsVocabularyIsNotUnderstoodAndTheWordsAreListed() throws Exception {
            Table t = new Table();
            t.v(0).send(Message.builder().to(t.gm).performative(Performative.REQUEST)
                    .rawBody("{\"type\":\"vote\",\"game\":\"" + t.game + "\",\"round\":1,\"phase\":\"dusk\","
                            + "\"day\":1,\"target\":\"bob\"}").build());
            Message nu = t.v(0).answer();
            assertThat(reason(nu)).isEqualTo("vote's phase 'dusk' is not valid (expected one of lobby, day, night, "
                    + "over)");
        }

        @Test
        void textThatIsNotJsonIsNotUnderstoodInTheSameShape() throws Exception {
            Table t = new Table();
            t.v(0).send(Message.builder().to(t.gm).performative(Performative.REQUEST).rawBody("vote for bob").build());
            Message nu = t.v(0).answer();
            assertThat(nu.bodyType()).isEqualTo("not_understood");
            assertThat(reason(nu)).startsWith("body is not valid JSON");
            assertThat(nu.json().get("received").asText()).isEqualTo("vote for bob");
        }

        @Test
        void onlyTheGameMasterOpensARoom() throws Exception {
            Table t = new Table();
            Map<String, String> me = Map.of(t.v(0).name, t.v(0).jid().toString());
            Message no = t.v(0).ask(t.hideout, new Catalog.OpenRoom(t.game, 1, Phase.NIGHT, 1, me, me, null));
            assertThat(code(no)).isEqualTo("not_yours");
            assertThat(reason(no)).isEqualTo("only the GameMaster opens the Hideout");
        }

        @Test
        void aNotUnderstoodIsInMawsOntologyEvenForAMessageWithoutOne() throws Exception {
            Table t = new Table();
            t.v(0).send(Message.builder().to(t.gm).performative(Performative.REQUEST).rawBody("{}").build());
            Message nu = t.v(0).answer();
            assertThat(nu.bodyType()).isEqualTo("not_understood");
            assertThat(nu.metadata(Message.ONTOLOGY)).isEqualTo("maw");
        }

        @Test
        void aNullIsReadAsIfTheFieldWereAbsentInEveryMessage() throws Exception {
            Table t = new Table();
            t.v(0).send(Message.builder().to(t.gm).performative(Performative.REQUEST).rawBody("{\"type\":\"vote\","
                    + "\"game\":\"" + t.game + "\",\"round\":1,\"phase\":\"day\",\"day\":1,\"target\":null}").build());
            assertThat(reason(t.v(0).answer())).isEqualTo("vote's target is missing");
            t.v(0).send(Message.builder().to(t.village).performative(Performative.REQUEST).rawBody("{\"type\":"
                    + "\"get_new_messages\",\"game\":\"" + t.game + "\",\"round\":1,\"index\":null}").build());
            t.v(0).send(t.village, new Catalog.Chat(t.game, 1, Phase.DAY, 1, "from the first line"));
            Message news = t.v(0).next("new_messages");
            assertThat(news.json().get("messages").get(0).get("text").asText()).isEqualTo("from the first line");
        }

        @Test
        void theGameMasterSendsWhatOnlyAnotherAgentTakesToThatAgent() throws Exception {
            Table t = new Table();
            Message poll = t.v(0).ask(t.gm, new Catalog.GetNewMessages(t.game, 1, 0));
            assertThat(code(poll)).isEqualTo("wrong_recipient");
            assertThat(reason(poll)).contains("rooms keep the lines");
            Message action = t.v(0).ask(t.gm, SeatCatalog.PlayerAction.of(new maw.base.Act.Listen()));
            assertThat(code(action)).isEqualTo("wrong_recipient");
        }

        @Test
        void aBotRefusesWhatIsNotItsPlayersGetInputAndSaysWhereItGoes() throws Exception {
            Table t = new Table();
            Jid[] j = xmpp.accounts("fairbot" + TABLES.incrementAndGet(), 1);
            agents.start(new maw.agents.bot.RuleBotAgent(j[0], TestXmpp.password(j[0]), "Robo", 1));
            Message no = t.v(0).ask(j[0], t.vote(Phase.DAY, 1, t.v(1)));
            assertThat(no.requirePerformative()).isEqualTo(Performative.REFUSE);
            assertThat(code(no)).isEqualTo("wrong_recipient");
            assertThat(reason(no)).contains("get_input");
        }

        @Test
        void onlyTheGameMasterAnnouncesPhases() throws Exception {
            Table t = new Table();
            Message no = t.v(0).ask(t.gm, new Catalog.PhaseChange(t.game, 1, Phase.NIGHT, 1, 0, 0, List.of(), null));
            assertThat(code(no)).isEqualTo("not_yours");
            assertThat(reason(no)).isEqualTo("only the GameMaster sends phase_change messages");
        }
    }

    @Nested
    class Rooms {

        @Test
        void theHideoutIsForTheWerewolves() throws Exception {
            Table t = new Table();
            t.toNight();
            Message no = t.v(0).ask(t.hideout, new Catalog.Chat(t.game, 1, Phase.NIGHT, 1, "let me in"));
            assertThat(code(no)).isEqualTo("not_a_member");
        }

        @Test
        void aClosedRoomRefusesAnyoneButTheReadersOfItsLastPhaseByDayAndByNight() throws Exception {
            Table t = new Table();
            // By day the Hideout has never opened: refused, as a stranger's poll of a closed room is by night.
            Message day = t.v(0).ask(t.hideout, new Catalog.GetNewMessages(t.game, 1, 0));
            assertThat(code(day)).isEqualTo("room_closed");
            assertThat(reason(day)).isEqualTo("the Hideout has not opened yet");
            t.toNight();
            // By night the Village is closed: a reader of day 1 is told so, with no line lost; a poll of another
            // game is refused.
            Message reader = t.v(0).ask(t.village, new Catalog.GetNewMessages(t.game, 1, 0));
            assertThat(reader.bodyType()).isEqualTo("new_messages");
            assertThat(reader.json().get("closed").asBoolean()).isTrue();
            Message other = t.v(0).ask(t.village, new Catalog.GetNewMessages("another", 1, 0));
            assertThat(code(other)).isEqualTo("room_closed");
        }

        @Test
        void theVillageIsClosedAtNight() throws Exception {
            Table t = new Table();
            t.toNight();
            Message no = t.v(0).ask(t.village, new Catalog.Chat(t.game, 1, Phase.NIGHT, 1, "anyone awake?"));
            assertThat(code(no)).isEqualTo("room_closed");
            assertThat(reason(no)).isEqualTo("the Village is closed: the village sleeps");
        }

        @Test
        void aLineForAPhaseThatIsOverIsRefused() throws Exception {
            Table t = new Table();
            t.toNight();
            t.toDayTwo();
            Message no = t.v(0).ask(t.village, new Catalog.Chat(t.game, 1, Phase.DAY, 1, "as I said yesterday"));
            assertThat(code(no)).isEqualTo("phase_over");
        }

        @Test
        void theDeadWatchTheVillageButCannotSpeak() throws Exception {
            Table t = new Table();
            t.toNight();
            t.toDayTwo();
            Message no = t.v(2).ask(t.village, new Catalog.Chat(t.game, 1, Phase.DAY, 2, "I am innocent!"));
            assertThat(code(no)).isEqualTo("read_only");
            t.v(0).send(t.village, new Catalog.Chat(t.game, 1, Phase.DAY, 2, "Only two of us left."));
            t.v(2).send(t.village, new Catalog.GetNewMessages(t.game, 1, 0));
            Message news = t.v(2).next("new_messages");
            assertThat(news.json().get("messages").get(0).get("text").asText()).isEqualTo("Only two of us left.");
        }
    }

    @Nested
    class Whispers {

        @Test
        void onlyTheRecipientHearsAWhisper() throws Exception {
            Table t = new Table();
            Message ok = t.v(0).ask(t.gm, new Catalog.Whisper(t.game, 1, Phase.DAY, 1, t.v(1).name, "I trust you."));
            assertThat(ok.bodyType()).isEqualTo("accepted");
            Message heard = t.v(1).next("whispered");
            assertThat(heard.json().get("from").asText()).isEqualTo(t.v(0).name);
            assertThat(heard.json().get("message").asText()).isEqualTo("I trust you.");
            // Everyone else hears nothing: a vote afterwards reaches them, the whisper never did.
            t.v(1).ask(t.gm, t.vote(Phase.DAY, 1, t.v(2)));
            for (ScriptedSeat s : List.of(t.wolf, t.v(2))) {
                s.next("vote_cast");
                assertThat(s.seen()).noneMatch(m -> "whispered".equals(m.bodyType()));
            }
            assertThat(t.accepted).anyMatch(c -> c instanceof Command.Perform p
                    && p.act() instanceof maw.base.Act.Whisper);
        }

        @Test
        void theDeadNeitherWhisperNorHearWhispers() throws Exception {
            Table t = new Table();
            t.toNight();
            t.toDayTwo();
            assertThat(code(t.v(2).ask(t.gm, new Catalog.Whisper(t.game, 1, Phase.DAY, 2, t.v(0).name, "boo"))))
                    .isEqualTo("dead");
            assertThat(code(t.v(0).ask(t.gm, new Catalog.Whisper(t.game, 1, Phase.DAY, 2, t.v(2).name, "rest"))))
                    .isEqualTo("target_dead");
        }

        @Test
        void aRuleOptionTurnsWhispersOff() throws Exception {
            Table t = new Table(GameOptions.defaults().withTimers(Duration.ofSeconds(60), Duration.ofSeconds(60))
                    .withWhispers(false));
            Message no = t.v(0).ask(t.gm, new Catalog.Whisper(t.game, 1, Phase.DAY, 1, t.v(1).name, "psst"));
            assertThat(code(no)).isEqualTo("turned_off");
        }
    }

    @Test
    void aPlayerRefusesAnnouncementsThatDoNotComeFromItsGameMaster() throws Exception {
        Jid[] j = xmpp.accounts("forged", 6);
        Jid gmJid = j[0];
        GameMasterAgent<?, ?, ?> gm = agents.start(Masters.maw(gmJid, TestXmpp.password(gmJid),
                new GameConfig("g-forged", 3, 1, 5, j[4], j[5], Duration.ofSeconds(10),
                        Duration.ofSeconds(10)), GameOptions.defaults(), null));
        agents.start(new RuleBotAgent(j[2], TestXmpp.password(j[2]), "Bot", 1));
        PlayerAgent player = agents.start(new PlayerAgent(j[1], TestXmpp.password(j[1]), gmJid, j[2]));
        ScriptedSeat rogue = agents.start(new ScriptedSeat(j[3], TestXmpp.password(j[3]), "rogue", gmJid));
        assertThat(rogue.join().bodyType()).as("the rogue takes a seat too").isEqualTo("joined");
        maw.testing.Await.until("the bot's player is seated", () -> "Bot".equals(player.playerName())
                && gm.isActive());
        rogue.send(player.jid(), Performative.INFORM, new Catalog.PhaseChange("g", 1, Phase.NIGHT, 1, 0, 0, List.of(),
                null));
        assertThat(reason(rogue.answer())).isEqualTo("only the GameMaster announces phase changes");
        rogue.send(player.jid(), Performative.INFORM, new Catalog.Kill("g", 1, 1, Catalog.Cause.MURDERED));
        assertThat(reason(rogue.answer())).isEqualTo("only the GameMaster kills");
        rogue.send(player.jid(), Performative.INFORM, new Catalog.NewMessages("g", 1, "Village", List.of(), 3, false));
        assertThat(reason(rogue.answer())).isEqualTo("room news comes from the rooms only");
    }
}
