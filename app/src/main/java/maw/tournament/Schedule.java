package maw.tournament;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Ruleset;
import maw.base.Role;
import maw.game.Command;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.Outcome;

/**
 * A tournament's games, decided before the first is played: each game's seed, and so its deal (the rule sets deal
 * from the seed and the seats' names alone, so the deal is known without playing). The seeds are chosen game by game
 * among {@link #CANDIDATES} candidates drawn from the tournament's seed, each time the one that brings every entrant's
 * count of each role (and so of each side) closest to its share of the seats: every entrant plays every role about
 * as often as its seats entitle it to.
 *
 * @param seed    the tournament's seed
 * @param seats   seat name to entrant, in seat order
 * @param games   the games, in order
 */
public record Schedule(long seed, Map<String, String> seats, List<Game> games) {

    /** How many seeds each game's deal is chosen from. */
    public static final int CANDIDATES = 48;

    /** One game: its number (from 1), seed and deal (seat name to role, as the wire writes roles). */
    public record Game(int number, long seed, Map<String, String> roles) {}

    public Schedule {
        seats = Collections.unmodifiableMap(new LinkedHashMap<>(seats));
        games = List.copyOf(games);
    }

    /** The entrants, in seat order. */
    public List<String> entrants() {
        return seats.values().stream().distinct().toList();
    }

    /** A balanced schedule of {@code count} games under {@code ruleset}. */
    public static <S extends GameView, O, E extends GameEvent> Schedule balanced(
            Ruleset<S, O, E> ruleset, Map<String, String> seats, int count, long seed) {
        List<String> names = List.copyOf(seats.keySet());
        Map<String, Map<String, Integer>> counts = new LinkedHashMap<>();
        Map<String, Integer> share = new LinkedHashMap<>();
        seats.values().forEach(e -> share.merge(e, 1, Integer::sum));
        share.keySet().forEach(e -> counts.put(e, new TreeMap<>()));
        Map<String, Integer> totals = new TreeMap<>();
        SplittableRandom random = new SplittableRandom(seed);
        List<Game> games = new ArrayList<>();
        for (int g = 1; g <= count; g++) {
            Game best = null;
            double bestScore = Double.MAX_VALUE;
            for (int c = 0; c < CANDIDATES; c++) {
                long s = random.nextLong() & 0xFFFFFFFFFFFFL;
                Map<String, String> roles = deal(ruleset, names, s);
                double score = imbalance(counts, totals, share, names.size(), seats, roles);
                if (score < bestScore) {
                    bestScore = score;
                    best = new Game(g, s, roles);
                }
            }
            games.add(best);
            best.roles().forEach((seat, role) -> {
                counts.get(seats.get(seat)).merge(role, 1, Integer::sum);
                totals.merge(role, 1, Integer::sum);
            });
        }
        return new Schedule(seed, seats, games);
    }

    /** The roles a game of {@code names} dealt from {@code seed} gives, seat name to role. */
    public static <S extends GameView, O, E extends GameEvent> Map<String, String> deal(
            Ruleset<S, O, E> ruleset, List<String> names, long seed) {
        S lobby = ruleset.rules().newGame(ruleset.options(), seed);
        Outcome<S, E> o = ruleset.rules().apply(lobby, new Command.Start(names));
        if (!(o instanceof Outcome.Accepted<S, E> a)) {
            throw new IllegalArgumentException("the rules refuse this table: " + ((Outcome.Refused<S, E>) o).reason());
        }
        Map<String, String> roles = new LinkedHashMap<>();
        for (String n : names) {
            roles.put(n, a.state().role(n).map(Schedule::wire).orElse("none"));
        }
        return roles;
    }

    static String wire(Role r) {
        return r.name().toLowerCase(Locale.ROOT);
    }

    /** How far the counts with {@code roles} added are from every entrant's share, squared. */
    private static double imbalance(Map<String, Map<String, Integer>> counts, Map<String, Integer> totals,
            Map<String, Integer> share, int players, Map<String, String> seats, Map<String, String> roles) {
        Map<String, Map<String, Integer>> after = new LinkedHashMap<>();
        counts.forEach((e, m) -> after.put(e, new TreeMap<>(m)));
        Map<String, Integer> allAfter = new TreeMap<>(totals);
        roles.forEach((seat, role) -> {
            after.get(seats.get(seat)).merge(role, 1, Integer::sum);
            allAfter.merge(role, 1, Integer::sum);
        });
        double score = 0;
        for (var e : after.entrySet()) {
            double part = (double) share.get(e.getKey()) / players;
            for (var r : allAfter.entrySet()) {
                double d = e.getValue().getOrDefault(r.getKey(), 0) - part * r.getValue();
                score += d * d;
            }
        }
        return score;
    }

    /** Each entrant's count of each role over the schedule. */
    public Map<String, Map<String, Integer>> roleCounts() {
        Map<String, Map<String, Integer>> out = new LinkedHashMap<>();
        entrants().forEach(e -> out.put(e, new TreeMap<>()));
        for (Game g : games) {
            g.roles().forEach((seat, role) -> out.get(seats.get(seat)).merge(role, 1, Integer::sum));
        }
        return out;
    }

    /** The schedule for people: the seats, then each entrant's roles over all games (a balanced schedule's check). */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        Map<String, List<String>> seatsOf = new LinkedHashMap<>();
        seats.forEach((seat, e) -> seatsOf.computeIfAbsent(e, k -> new ArrayList<>()).add(seat));
        seatsOf.forEach((e, s) -> lines.add("  " + e + ": seats " + String.join(", ", s)));
        TreeSet<String> roles = new TreeSet<>();
        games.forEach(g -> roles.addAll(g.roles().values()));
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "  %-28s", "roles over " + games.size()
                + " games"));
        roles.forEach(r -> head.append(String.format(Locale.ROOT, " %9s", r)));
        lines.add(head.toString());
        roleCounts().forEach((e, m) -> {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "  %-28s", e));
            roles.forEach(r -> b.append(String.format(Locale.ROOT, " %9d", m.getOrDefault(r, 0))));
            lines.add(b.toString());
        });
        return lines;
    }
}
