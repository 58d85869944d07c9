package maw.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Ruleset;
import maw.agents.maw.MawVariant;
import maw.agents.table.GameTable;
import maw.game.maw.GameOptions;
import maw.runtime.local.LocalTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tournament's tables, in this process: started together, every table's agents are up before any game begins. */
class TournamentTest {

    @TempDir
    Path dir;

    private static final Ruleset<?, ?, ?> RULESET = Tournament.trusted(new MawVariant().ruleset(GameOptions.defaults()
            .withEndWhenAllVoted(true)));

    /** Four games of three rule bots against three of a second kind, dealt from {@code seed}. */
    private static Schedule schedule(long seed) {
        Map<String, String> entrants = new LinkedHashMap<>();
        for (int i = 1; i <= 3; i++) {
            entrants.put("A" + i, "rule");
            entrants.put("B" + i, "rule#2");
        }
        return Schedule.balanced(RULESET, entrants, 4, seed);
    }

    /** The schedule's seats, each filled by a rule bot. */
    private static List<Tournament.Seat> seats(Schedule schedule) {
        List<Tournament.Seat> seats = new ArrayList<>();
        schedule.seats().forEach((name, e) -> seats.add(new Tournament.Seat(name, e, GameTable.ruleBots())));
        return seats;
    }

    @Test
    void tablesStartedTogetherAreAllUpBeforeAnyGameBeginsAndThenAllFinish() throws Exception {
        Schedule schedule = schedule(3);
        List<Tournament.Seat> seats = seats(schedule);
        LocalTransport local = new LocalTransport();
        AtomicInteger calls = new AtomicInteger();
        List<Integer> playedWhenAllUp = new ArrayList<>();
        List<Integer> agentsWhenAllUp = new ArrayList<>();
        Tournament t = new Tournament(dir, schedule, seats, RULESET, "maw", Duration.ofMinutes(1), 4, local,
                accounts -> { }, new PrintStream(java.io.OutputStream.nullOutputStream()))
                .roundsPerTable(1).startTogether(() -> {
                    calls.incrementAndGet();
                    try {
                        playedWhenAllUp.add(Tournament.results(dir).size());
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    agentsWhenAllUp.add(local.onlineAgents().size());
                });
        Standings s = t.run();
        assertThat(calls).hasValue(1);
        // When the gate opened no game had ended, and the four tables' agents (15 each) were all there.
        assertThat(playedWhenAllUp).containsExactly(0);
        assertThat(agentsWhenAllUp.getFirst()).isGreaterThanOrEqualTo(4 * 15);
        assertThat(s.games()).isEqualTo(4);
        assertThat(Tournament.results(dir)).extracting(GameRecord::winningSide).allSatisfy(w ->
                assertThat(w).isIn("villagers", "werewolves"));
    }

    /**
     * A worker's result is counted only if its game's journal, replayed through the rules, ends as the record says:
     * tables that play two games each (the second game's journal is the table's opening lines and its round).
     */
    @Test
    void aResultIsCheckedAgainstItsGamesJournal() throws Exception {
        Schedule schedule = schedule(5);
        List<Tournament.Seat> seats = seats(schedule);
        Tournament t = new Tournament(dir, schedule, seats, RULESET, "maw", Duration.ofMinutes(1), 2,
                new LocalTransport(), accounts -> { }, new PrintStream(java.io.OutputStream.nullOutputStream()))
                .roundsPerTable(2);
        t.run();
        List<GameRecord> records = Tournament.results(dir);
        assertThat(records).hasSize(4).anyMatch(r -> r.round() == 2);
        for (GameRecord r : records) {
            String journal = t.journalOf(r);
            assertThat(t.misfit(r, journal)).as("game %d", r.game()).isNull();
            GameRecord otherWinner = new GameRecord(r.game(), r.seed(), r.round(), r.rules(), r.seats(), r.roles(),
                    r.winner().startsWith("villager") ? "werewolves" : "villagers", r.days(), r.executed(),
                    r.murdered(), r.acts(), r.model(), r.refusals(), r.timeouts(), r.wallMillis(), r.journal());
            assertThat(t.misfit(otherWinner, journal)).contains("the winner");
            GameRecord nobodyDied = new GameRecord(r.game(), r.seed(), r.round(), r.rules(), r.seats(), r.roles(),
                    r.winner(), r.days(), List.of(), List.of(), r.acts(), r.model(), r.refusals(), r.timeouts(),
                    r.wallMillis(), r.journal());
            assertThat(t.misfit(nobodyDied, journal)).contains("the executed");
            assertThat(t.misfit(r, null)).contains("without its game's journal");
            assertThat(t.misfit(r, "bm90IGEgam91cm5hbA==")).contains("cannot be read back");
        }
        // A game's journal given for another game is not that game's.
        GameRecord first = records.getFirst();
        GameRecord other = records.stream().filter(r -> r.round() != first.round()).findFirst().orElseThrow();
        assertThat(t.misfit(first, t.journalOf(other))).isNotNull();
    }
}
