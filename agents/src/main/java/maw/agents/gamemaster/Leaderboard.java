package maw.agents.gamemaster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import maw.agents.Catalog;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.Result;

/** A game's scores over its rounds, and what each round came to. Safe to read from any thread. */
final class Leaderboard {

    private final Map<String, Integer> totals = new TreeMap<>();
    private final List<RoundSummary> rounds = new ArrayList<>();

    /** Adds a round's points to the totals. */
    synchronized void add(Map<String, Integer> points) {
        points.forEach((name, p) -> totals.merge(name, p, Integer::sum));
    }

    /** The totals so far. */
    synchronized Map<String, Integer> totals() {
        return Map.copyOf(totals);
    }

    /** A round is over: what it came to. */
    synchronized void ended(RoundSummary round) {
        rounds.add(round);
    }

    /** Every round's summary so far, in order. */
    synchronized List<RoundSummary> rounds() {
        return List.copyOf(rounds);
    }

    /** How many rounds ended. */
    synchronized int played() {
        return rounds.size();
    }

    /** What round {@code r}, over in {@code over}, came to: the winner, why, the days, the dead, roles and points. */
    static <S extends GameView, E extends GameEvent> RoundSummary summary(int r, S over,
            Herald<S, E> herald) {
        Result result = over.result();
        Map<String, String> roles = new TreeMap<>();
        result.roles().forEach((n, role) -> roles.put(n, role.wire()));
        return new RoundSummary(r, Catalog.Winner.of(result.winner()).wire(), result.reason(),
                result.days(), herald.executed(over), herald.murdered(over), roles, result.scores());
    }
}
