package maw.agents.gamemaster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
}
