package maw.aiwolf.game;

import static org.assertj.core.api.Assertions.assertThat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import maw.aiwolf.seat.AiwolfBotAgent;
import maw.agents.gamemaster.GameListener;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.RoundSummary;
import maw.agents.table.GameTable;
import maw.aiwolf.AiwolfHerald;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.game.AiwolfRules;
import maw.runtime.local.LocalTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** AIWolf games under the GameMaster, with AIWolf bots in every seat, on the in-JVM transport. */
class AiwolfTableTest {

    @TempDir
    java.nio.file.Path out;

    static GameTable table(String prefix, int players, long seed, AiwolfBotAgent.Style style) {
        return table(prefix, players, seed, style, null);
    }

    static GameTable table(String prefix, int players, long seed, AiwolfBotAgent.Style style,
            java.nio.file.Path dir) {
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            fillers.add(AiwolfBotAgent.filler(style));
        }
        return new GameTable(new GameTable.Spec(prefix, GameTable.defaultNames(players), fillers, 1, seed,
                new AiwolfVariant().ruleset(AiwolfOptions.of(players, Duration.ofSeconds(3))), dir),
                dir == null ? "localhost" : maw.testing.TestXmpp.get().domain());
    }

    @Test
    void aFiveAndAFifteenPlayerGameEndWithAWinner() throws Exception {
        for (int players : new int[] {5, 15}) {
            GameTable table = table("", players, 42, AiwolfBotAgent.Style.RULES);
            LocalTransport local = new LocalTransport();
            table.accounts().forEach(local::register);
            List<String> timeouts = new java.util.concurrent.CopyOnWriteArrayList<>();
            maw.agents.gamemaster.ConsoleView console = new maw.agents.gamemaster.ConsoleView(System.out, "");
            GameTable.Result r = table.play(local, new maw.agents.table.Listeners(console,
                    new GameListener() {
                        volatile maw.game.GameView last;

                        @Override
                        public void event(int round, maw.game.GameEvent e, maw.game.GameView after) {
                            last = after;
                        }

                        @Override
                        public void command(int round, maw.game.Command c) {
                            if (c instanceof maw.game.Command.Timeout t) {
                                timeouts.add(t.phase() + " awaiting " + last.awaiting().turns().entrySet().stream()
                                        .filter(en -> !en.getValue().acts().isEmpty()).toList());
                            }
                        }
                    }), null, Duration.ofMinutes(2));
            assertThat(timeouts).as("steps that ran out of time").isEmpty();
            assertThat(r.rounds()).hasSize(1);
            assertThat(r.rounds().getFirst().winner()).isIn("villagers", "werewolves");
        }
    }

    /**
     * A 15-player game over the real ejabberd, journaled: the journal replays through the rules into the official
     * AIWolf log, whose lines say what the GameMaster said (the same winner, every talk protocol text, a status line
     * per player per day).
     */
    @Test
    void aGameOverEjabberdIsJournaledAndExportsTheOfficialLog() throws Exception {
        maw.testing.TestXmpp xmpp = maw.testing.TestXmpp.get();
        GameTable table = table("aiwolf15-", 15, 9, AiwolfBotAgent.Style.RULES, out);
        xmpp.server().register(table.accounts());
        GameTable.Result r;
        try (maw.agents.gamemaster.Journal journal = new maw.agents.gamemaster.Journal(out.resolve("game.jsonl"),
                table.gameId())) {
            maw.agents.table.Listeners listeners = new maw.agents.table.Listeners(journal);
            r = table.play(xmpp.transport(), listeners, listeners, Duration.ofMinutes(3));
        }
        RoundSummary summary = r.rounds().getFirst();
        List<maw.aiwolf.AiwolfJournal.Round> rounds = maw.aiwolf.AiwolfJournal
                .read(out.resolve("game.jsonl"));
        assertThat(rounds).singleElement().satisfies(round -> assertThat(round.over()).isTrue());
        List<String> log = rounds.getFirst().officialLog();
        String last = log.getLast();
        assertThat(last).matches("\\d+,result,\\d+,\\d+,(VILLAGER|WEREWOLF)");
        assertThat(last).endsWith(summary.winner().equals("villagers") ? "VILLAGER" : "WEREWOLF");
        assertThat(log.stream().filter(l -> l.startsWith("0,status,"))).hasSize(15);
        assertThat(log.stream().filter(l -> l.contains(",talk,"))).isNotEmpty().allSatisfy(l -> assertThat(
                maw.aiwolf.protocol.Protocol.isValid(l.split(",", 6)[5], maw.aiwolf.protocol.Version.V3_6)).isTrue());
        assertThat(log.stream().filter(l -> l.contains(",execute,")).count()).isEqualTo(summary.executed().size());
        assertThat(summary.roles().values().stream().filter("werewolf"::equals)).hasSize(3);
        assertThat(summary.roles().values()).contains("seer", "medium", "bodyguard", "possessed");
    }
}
