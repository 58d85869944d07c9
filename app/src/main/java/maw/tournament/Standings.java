package maw.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a tournament's games say of each entrant: seat-games played and won, the win rate overall, per side and per
 * role with 95% Wilson intervals, its TrueSkill rating with its deviation, the quality of its play (its key roles'
 * survival, its villagers' votes that hit a werewolf, its werewolves the village found and executed) and what its
 * model seats cost (calls, tokens, seconds per game). Computed afresh from the results file, so that a resumed
 * tournament counts each game once.
 */
public final class Standings {

    /** Wins of a number of tries, with the rate's 95% Wilson interval. */
    public record Rate(int wins, int tries) {
        public double rate() {
            return tries == 0 ? 0 : (double) wins / tries;
        }

        /** The 95% Wilson score interval's bounds. */
        public double[] interval() {
            if (tries == 0) {
                return new double[] {0, 1};
            }
            double z = 1.959963984540054;
            double p = rate();
            double n = tries;
            double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
            double half = z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
            return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
        }

        Rate plus(boolean won) {
            return new Rate(wins + (won ? 1 : 0), tries + 1);
        }

        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            double[] i = interval();
            m.put("wins", wins);
            m.put("tries", tries);
            m.put("rate", round(rate()));
            m.put("low", round(i[0]));
            m.put("high", round(i[1]));
            return m;
        }
    }

    /** One entrant's figures. */
    public record Entry(String entrant, int games, Rate overall, Map<String, Rate> sides, Map<String, Rate> roles,
            Ratings.Skill skill, Rate keyRoleSurvival, Rate voteHits, Rate wolvesFound, long modelCalls, long tokens,
            double modelSecondsPerGame, int refusals) {

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("entrant", entrant);
            m.put("games", games);
            m.put("winRate", overall.toJson());
            Map<String, Object> s = new LinkedHashMap<>();
            sides.forEach((k, v) -> s.put(k, v.toJson()));
            m.put("sides", s);
            Map<String, Object> r = new LinkedHashMap<>();
            roles.forEach((k, v) -> r.put(k, v.toJson()));
            m.put("roles", r);
            m.put("rating", Map.of("mean", round(skill.mean()), "deviation", round(skill.deviation()),
                    "conservative", round(skill.conservative())));
            m.put("keyRoleSurvival", keyRoleSurvival.toJson());
            m.put("voteHits", voteHits.toJson());
            m.put("wolvesFound", wolvesFound.toJson());
            m.put("modelCalls", modelCalls);
            m.put("tokens", tokens);
            m.put("modelSecondsPerGame", round(modelSecondsPerGame));
            m.put("refusals", refusals);
            return m;
        }
    }

    private static final Set<String> KEY_ROLES = Set.of("seer", "medium", "bodyguard");

    private final List<Entry> entries;
    private final Ratings ratings;
    private final int games;

    private Standings(List<Entry> entries, Ratings ratings, int games) {
        this.entries = entries;
        this.ratings = ratings;
        this.games = games;
    }

    /** The standings after {@code records} (in game order) of a tournament of {@code entrants}. */
    public static Standings of(List<String> entrants, List<GameRecord> records) {
        Ratings ratings = new Ratings(entrants);
        Map<String, int[]> gamesOf = new LinkedHashMap<>();
        Map<String, Rate> overall = new LinkedHashMap<>();
        Map<String, Map<String, Rate>> sides = new LinkedHashMap<>();
        Map<String, Map<String, Rate>> roles = new LinkedHashMap<>();
        Map<String, Rate> survival = new LinkedHashMap<>();
        Map<String, Rate> hits = new LinkedHashMap<>();
        Map<String, Rate> found = new LinkedHashMap<>();
        Map<String, long[]> cost = new LinkedHashMap<>(); // calls, tokens, millis
        Map<String, Integer> refusals = new LinkedHashMap<>();
        for (String e : entrants) {
            gamesOf.put(e, new int[1]);
            overall.put(e, new Rate(0, 0));
            sides.put(e, new TreeMap<>());
            roles.put(e, new TreeMap<>());
            survival.put(e, new Rate(0, 0));
            hits.put(e, new Rate(0, 0));
            found.put(e, new Rate(0, 0));
            cost.put(e, new long[3]);
            refusals.put(e, 0);
        }
        for (GameRecord g : records) {
            String side = g.winningSide();
            Map<String, String> winners = new LinkedHashMap<>();
            Map<String, String> losers = new LinkedHashMap<>();
            Set<String> inGame = new HashSet<>();
            for (var seat : g.seats().entrySet()) {
                String e = seat.getValue();
                if (!overall.containsKey(e)) {
                    continue;
                }
                inGame.add(e);
                String role = g.roles().getOrDefault(seat.getKey(), "none");
                String mySide = GameRecord.wolfSide(role) ? "werewolves" : "villagers";
                if (side != null) {
                    boolean won = side.equals(mySide);
                    overall.merge(e, new Rate(0, 0), (a, b) -> a.plus(won));
                    sides.get(e).merge(mySide, new Rate(0, 0).plus(won), (a, b) -> a.plus(won));
                    roles.get(e).merge(role, new Rate(0, 0).plus(won), (a, b) -> a.plus(won));
                    (won ? winners : losers).put(seat.getKey(), e);
                }
                boolean dead = g.executed().contains(seat.getKey()) || g.murdered().contains(seat.getKey());
                if (KEY_ROLES.contains(role)) {
                    survival.merge(e, new Rate(0, 0), (a, b) -> a.plus(!dead));
                }
                if (role.equals("werewolf")) {
                    found.merge(e, new Rate(0, 0), (a, b) -> a.plus(g.executed().contains(seat.getKey())));
                }
                Map<String, Integer> acts = g.acts().getOrDefault(seat.getKey(), Map.of());
                if (!GameRecord.wolfSide(role)) {
                    int votes = acts.getOrDefault("vote", 0);
                    int hit = acts.getOrDefault("vote_hit", 0);
                    hits.put(e, new Rate(hits.get(e).wins() + hit, hits.get(e).tries() + votes));
                }
                Map<String, Object> m = g.model().get(seat.getKey());
                if (m != null) {
                    long[] c = cost.get(e);
                    c[0] += number(m.get("calls"));
                    c[1] += number(m.get("promptTokens")) + number(m.get("outputTokens"));
                    c[2] += number(m.get("callMillis"));
                }
                refusals.merge(e, g.refusals().getOrDefault(seat.getKey(), 0), Integer::sum);
            }
            inGame.forEach(e -> gamesOf.get(e)[0]++);
            ratings.played(winners, losers, side == null ? "villagers" : side);
        }
        List<Entry> entries = new ArrayList<>();
        for (String e : entrants) {
            int n = gamesOf.get(e)[0];
            long[] c = cost.get(e);
            entries.add(new Entry(e, n, overall.get(e), sides.get(e), roles.get(e), ratings.of(e), survival.get(e),
                    hits.get(e), found.get(e), c[0], c[1], n == 0 ? 0 : c[2] / 1000.0 / n, refusals.get(e)));
        }
        entries.sort(Comparator.comparingDouble((Entry x) -> -x.skill().conservative()));
        return new Standings(entries, ratings, records.size());
    }

    private static long number(Object o) {
        return o instanceof Number n ? n.longValue() : 0;
    }

    /** Best first (by the conservative rating). */
    public List<Entry> entries() {
        return List.copyOf(entries);
    }

    public Ratings ratings() {
        return ratings;
    }

    public int games() {
        return games;
    }

    /** The standing table, for a terminal. */
    public List<String> table() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "  %-4s %-26s %6s %15s %17s %17s %15s", "rank", "entrant", "games",
                "win rate", "as villagers", "as werewolves", "TrueSkill"));
        int rank = 1;
        for (Entry e : entries) {
            lines.add(String.format(Locale.ROOT, "  %-4d %-26s %6d %15s %17s %17s %15s", rank++, cut(e.entrant(), 26),
                    e.games(), rate(e.overall()), rate(e.sides().getOrDefault("villagers", new Rate(0, 0))),
                    rate(e.sides().getOrDefault("werewolves", new Rate(0, 0))), String.format(Locale.ROOT,
                            "%.1f ± %.1f", e.skill().mean(), e.skill().deviation())));
        }
        return lines;
    }

    private static String cut(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "…";
    }

    /** {@code 54% [41-66]}. */
    static String rate(Rate r) {
        if (r.tries() == 0) {
            return "-";
        }
        double[] i = r.interval();
        return String.format(Locale.ROOT, "%.0f%% [%.0f-%.0f]", 100 * r.rate(), 100 * i[0], 100 * i[1]);
    }

    static double round(double d) {
        return Math.round(d * 1000) / 1000.0;
    }

    /** The summary as JSON: games, and each entrant's figures, best first. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("games", games);
        m.put("entrants", entries.stream().map(Entry::toJson).toList());
        return m;
    }
}
