package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import maw.agents.gamemaster.Journal;
import maw.agents.gamemaster.RoundSummary;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.game.maw.GameOptions;
import maw.game.maw.MawRules;
import maw.runtime.Json;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole games of rule bots over a real ejabberd: they end, the outcome fits the rules, the journal replays them. */
class FullGameTest {

    private static final GameOptions FAST = GameOptions.defaults()
            .withTimers(Duration.ofSeconds(20), Duration.ofSeconds(20)).withEndWhenAllVoted(true);

    @TempDir
    Path out;

    private GameTable.Result play(int players, int rounds, long seed) throws Exception {
        TestXmpp xmpp = TestXmpp.get();
        GameTable table = new GameTable(MawTables.bots("full" + players + "r" + rounds + "-", players, rounds, seed,
                FAST, out), xmpp.domain());
        xmpp.server().register(table.accounts());
        try (Journal journal = new Journal(out.resolve("game.jsonl"), table.gameId())) {
            Listeners listeners = new Listeners(journal);
            return table.play(xmpp.transport(), listeners, listeners, Duration.ofMinutes(3));
        }
    }

    @Test
    void sixRuleBotsPlayAWholeGameOverEjabberd() throws Exception {
        GameTable.Result r = play(6, 1, 11);
        checkRound(r.rounds().get(0), 6);
        checkJournalReplays();
        assertThat(Files.list(out.resolve("rooms")).map(p -> p.getFileName().toString()))
                .anyMatch(f -> f.startsWith("village-round1-day-1")).anyMatch(f -> f.startsWith("hideout-round1-night-1"));
        assertThat(r.messages()).isPositive();
    }

    @Test
    void twelveRuleBotsPlayAWholeGameOverEjabberd() throws Exception {
        GameTable.Result r = play(12, 1, 12);
        checkRound(r.rounds().get(0), 12);
        assertThat(r.rounds().get(0).roles().values().stream().filter("werewolf"::equals)).hasSize(4);
        checkJournalReplays();
    }

    @Test
    void roundsAccumulateScoresOnTheLeaderboard() throws Exception {
        GameTable.Result r = play(6, 2, 13);
        assertThat(r.rounds()).hasSize(2);
        Map<String, Integer> sum = new HashMap<>();
        for (RoundSummary rs : r.rounds()) {
            checkRound(rs, 6);
            rs.scores().forEach((n, p) -> sum.merge(n, p, Integer::sum));
        }
        assertThat(r.totals()).isEqualTo(sum);
        checkJournalReplays();
    }

    private static void checkRound(RoundSummary rs, int players) {
        maw.testing.Rounds.followTheRules(rs, players);
    }

    /** The journal's commands, replayed through the rules, give exactly the events the journal recorded. */
    private void checkJournalReplays() throws IOException {
        List<Journal.Replay> replays = Journal.replay(out.resolve("game.jsonl"));
        assertThat(replays).isNotEmpty();
        for (Journal.Replay replay : replays) {
            List<JsonNode> again = replay.events().stream().map(Journal::asJournaled).toList();
            assertThat(Json.write(again)).isEqualTo(Json.write(replay.journaledEvents()));
            assertThat(replay.state().isOver()).isTrue();
        }
    }
}
