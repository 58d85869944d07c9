package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import maw.agents.gamemaster.GameListener;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.RoundSummary;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.base.Phase;
import maw.game.maw.Event;
import maw.game.maw.GameOptions;
import maw.game.maw.GameState;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.local.LocalTransport;
import maw.testing.RecordingTransport;
import org.junit.jupiter.api.Test;

/** Games on the in-JVM transport: fast enough to play by the hundred. */
class LocalGamesTest {

    private static final GameOptions FAST = GameOptions.defaults()
            .withTimers(Duration.ofSeconds(10), Duration.ofSeconds(10)).withEndWhenAllVoted(true);

    private static GameTable.Result play(GameTable table, RecordingTransport transport,
            GameListener listener) throws Exception {
        return table.play(transport, listener, null, Duration.ofMinutes(1));
    }

    private static RecordingTransport localFor(GameTable table) {
        LocalTransport local = new LocalTransport();
        table.accounts().forEach(local::register);
        return new RecordingTransport(local);
    }

    @Test
    void theSameSeedPlaysTheSameGameTwice() throws Exception {
        for (long seed : new long[] {3, 1234567}) {
            List<List<RoundSummary>> runs = new ArrayList<>();
            for (int run = 0; run < 2; run++) {
                GameTable table = new GameTable(MawTables.bots("", 9, 2, seed, FAST, null), "localhost");
                runs.add(play(table, localFor(table), null).rounds());
            }
            assertThat(runs.get(1)).as("seed %d", seed).isEqualTo(runs.get(0));
        }
    }

    /**
     * Across 200 games, nothing a villager's seat receives before the end (its Player agent and the agent behind it)
     * comes from the Hideout or tells who a werewolf is.
     */
    @Test
    void aVillagersSeatNeverLearnsTheHideoutOrAWerewolfBeforeTheEnd() throws Exception {
        int checkedMessages = 0;
        for (int game = 0; game < 200; game++) {
            int players = 6 + game % 4;
            GameTable table = new GameTable(MawTables.bots("", players, 1, 1000 + game, FAST, null), "localhost");
            RecordingTransport transport = localFor(table);
            List<String> hideoutLines = new java.util.concurrent.CopyOnWriteArrayList<>();
            GameTable.Result r = table.play(transport, null,
                    (room, g, round, phase, line) -> {
                        if (room.equals(maw.game.Room.HIDEOUT)) {
                            hideoutLines.add(line.text());
                        }
                    }, Duration.ofMinutes(1));
            Map<String, String> roles = r.rounds().get(0).roles();
            List<String> names = GameTable.defaultNames(players);
            for (int seat = 0; seat < players; seat++) {
                if (roles.get(names.get(seat)).equals("werewolf")) {
                    continue;
                }
                for (Jid jid : List.of(table.player(seat), table.seatInterface(seat))) {
                    for (Message m : transport.receivedBy(jid)) {
                        if ("end_game".equals(m.bodyType()) || "scores".equals(m.bodyType())
                                || "news".equals(m.bodyType()) && m.json().path("told").findValuesAsText("type")
                                        .contains("end_game")
                                || "observe".equals(m.bodyType()) && List.of("end", "scores", "over")
                                        .contains(m.json().path("kind").asText())) {
                            break;
                        }
                        checkedMessages++;
                        String what = "game " + game + ": " + jid + " received " + m;
                        assertThat(m.sender().bare()).as(what).isNotEqualTo(table.room(maw.game.Room.HIDEOUT));
                        assertThat(m.body()).as(what).doesNotContainIgnoringCase("werewolf");
                        assertThat(m.bodyType()).as(what).isNotIn("role_revealed", "night_result");
                        for (String secret : hideoutLines) {
                            assertThat(m.body()).as(what).doesNotContain(secret);
                        }
                        if ("assign_role".equals(m.bodyType())) {
                            assertThat(m.json().get("partners")).as(what).isEmpty();
                        }
                        for (com.fasterxml.jackson.databind.JsonNode told : m.json().path("told")) {
                            assertThat(told.path("type").asText()).as(what).isNotIn("role_revealed", "night_result");
                            if ("assign_role".equals(told.path("type").asText())) {
                                assertThat(told.get("partners")).as(what).isEmpty();
                            }
                        }
                        assertThat(m.json().path("view").path("partners")).as(what).isEmpty();
                    }
                }
            }
            assertThat(hideoutLines).as("game %d had a Hideout conversation", game).isNotEmpty();
        }
        assertThat(checkedMessages).isGreaterThan(10_000);
    }

    /**
     * A werewolf bot votes for a pack-mate only when the village's votes doom that mate, and says why to its pack
     * before it does: whoever sees the whispers (the pack, the god view, the console) sees the reason.
     */
    @Test
    void aWerewolfThatGivesUpAPackMateWhispersWhyFirst() throws Exception {
        int givenUp = 0;
        for (long seed = 1; seed <= 80 && givenUp < 3; seed++) {
            GameTable table = new GameTable(MawTables.bots("", 9, 1, seed, FAST, null), "localhost");
            List<maw.game.Command.Perform> acts = new java.util.concurrent.CopyOnWriteArrayList<>();
            GameListener performed = new GameListener() {
                @Override
                public void command(int round, maw.game.Command command) {
                    if (command instanceof maw.game.Command.Perform p) {
                        acts.add(p);
                    }
                }
            };
            Map<String, String> roles = play(table, localFor(table), performed).rounds().get(0).roles();
            java.util.function.Predicate<String> wolf = n -> "werewolf".equals(roles.get(n));
            for (int i = 0; i < acts.size(); i++) {
                maw.game.Command.Perform p = acts.get(i);
                if (p.phase().phase() == Phase.DAY && wolf.test(p.actor())
                        && p.act() instanceof maw.base.Act.Vote v && wolf.test(v.target())) {
                    givenUp++;
                    assertThat(acts.subList(0, i)).as("seed %d: %s votes for its pack-mate %s", seed, p.actor(),
                            v.target()).anySatisfy(w -> {
                                assertThat(w.actor()).isEqualTo(p.actor());
                                assertThat(w.phase()).isEqualTo(p.phase());
                                assertThat(w.act()).isInstanceOfSatisfying(maw.base.Act.Whisper.class,
                                        t -> assertThat(t.text()).contains("The village's votes doom"));
                            });
                }
            }
        }
        assertThat(givenUp).as("werewolves that gave up a pack-mate in 80 games").isPositive();
    }

    @Test
    void aSeatThatDisconnectsMidGameDoesNotStallIt() throws Exception {
        GameOptions timed = GameOptions.defaults().withTimers(Duration.ofMillis(600), Duration.ofMillis(600))
                .withEndWhenAllVoted(true).withDayCap(6);
        GameTable table = new GameTable(MawTables.bots("", 6, 1, 77, timed, null), "localhost");
        RecordingTransport transport = localFor(table);
        List<Phase> phases = new java.util.concurrent.CopyOnWriteArrayList<>();
        CompletableFuture<Void> dropped = new CompletableFuture<>();
        GameListener dropOnDayOne = new GameListener() {
            @Override
            public void event(int round, maw.game.GameEvent event, maw.game.GameView after) {
                if (event instanceof Event.PhaseBegan p) {
                    phases.add(p.phase().phase());
                    if (p.phase().phase() == Phase.DAY && p.phase().number() == 1) {
                        // Seat 1 leaves for good: its Player and its bot vanish from the network.
                        Thread.ofVirtual().start(() -> {
                            table.stop(table.player(0));
                            table.stop(table.seatInterface(0));
                            dropped.complete(null);
                        });
                    }
                }
            }
        };
        GameTable.Result r = play(table, transport, dropOnDayOne);
        assertThat(dropped).isDone();
        assertThat(r.rounds()).hasSize(1);
        maw.testing.Rounds.followTheRules(r.rounds().get(0), 6);
        assertThat(phases).contains(Phase.NIGHT);
    }

    @Test
    void everyNamedAgentKindIsPresentAtATable() {
        GameTable table = new GameTable(MawTables.bots("t1-", 3, 1, 1, FAST, null), "example.org");
        assertThat(table.accounts().keySet()).containsExactlyInAnyOrder("t1-gamemaster", "t1-village", "t1-hideout",
                "t1-player-1", "t1-ui-1", "t1-player-2", "t1-ui-2", "t1-player-3", "t1-ui-3");
        assertThat(Set.copyOf(table.accounts().values())).hasSize(1);
    }

    /** A census counts every message a game's agents send, by kind; none once it is stopped. */
    @Test
    void aCensusCountsAGamesMessagesByKind() throws Exception {
        GameTable table = new GameTable(MawTables.bots("", 6, 1, 3, FAST, null), "localhost");
        maw.runtime.MessageCensus census = maw.runtime.MessageCensus.start();
        GameTable.Result r = play(table, localFor(table), null);
        Map<String, Long> kinds = census.stop();
        // The game's messages, and any a table of an earlier test still sends as it stops (the census is the process's).
        assertThat(kinds.values().stream().mapToLong(Long::longValue).sum()).isBetween(r.messages(),
                r.messages() + 50);
        assertThat(kinds).containsKeys("PlayerAgent request get_input", "GameMasterAgent inform news",
                "ChatRoomAgent inform new_messages");
        assertThat(new ArrayList<>(kinds.values())).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        GameTable again = new GameTable(MawTables.bots("", 6, 1, 3, FAST, null), "localhost");
        play(again, localFor(again), null);
        assertThat(census.stop()).isEqualTo(kinds);
    }
}
