package maw.bench;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import maw.agents.bot.RuleBotAgent;
import maw.agents.gamemaster.RoundSummary;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.agents.table.Network;
import maw.aiwolf.bots.AiwolfBots;
import maw.aiwolf.bots.AiwolfPlayer;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.game.AiwolfState;
import maw.base.Role;
import maw.base.Team;
import maw.game.maw.GameOptions;
import maw.runtime.local.LocalTransport;

/**
 * {@code maw bench strength}: how well the rule seats play, measured against random-but-legal seats in the same run.
 * For each game (MAW's at 6 and 12 players, with and without the seer; AIWolf's protocol game at 5 and 15 players; the
 * NLP contest's game at 5), four tables: rule seats on both sides, rule villagers against random werewolves, random
 * villagers against rule werewolves, random on both sides (the baseline). For each, the village's win rate and each
 * role's, with 95% Wilson intervals. MAW's games run under the GameMaster with every agent on the in-JVM transport
 * (the rooms' talk is part of the game); AIWolf's on the rule engine alone.
 */
public final class StrengthBench {

    /** The four tables: how each side plays. */
    public enum Table {
        RULE(true, true, "rule vs rule"),
        RULE_VILLAGE(true, false, "rule villagers vs random wolves"),
        RULE_PACK(false, true, "random villagers vs rule wolves"),
        RANDOM(false, false, "random vs random");

        final boolean ruleVillage;
        final boolean rulePack;
        final String label;

        Table(boolean ruleVillage, boolean rulePack, String label) {
            this.ruleVillage = ruleVillage;
            this.rulePack = rulePack;
            this.label = label;
        }
    }

    /** The 95% Wilson interval of {@code wins} in {@code n}. */
    public static double[] wilson(int wins, int n) {
        if (n == 0) {
            return new double[] {0, 1};
        }
        double z = 1.96;
        double p = (double) wins / n;
        double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
        double half = z * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z * z / n);
        return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
    }

    /** One table's games: the village's wins, the draws, and each role's wins out of its seats. */
    public static final class Tally {
        final String game;
        final Table table;
        int games;
        int villageWins;
        int draws;
        final Map<Role, int[]> roles = new EnumMap<>(Role.class);
        long nanos;

        Tally(String game, Table table) {
            this.game = game;
            this.table = table;
        }

        void add(Team winner, Map<String, Role> dealt) {
            games++;
            if (winner == Team.VILLAGERS) {
                villageWins++;
            } else if (winner == null) {
                draws++;
            }
            for (Role r : dealt.values()) {
                int[] c = roles.computeIfAbsent(r, k -> new int[2]);
                c[1]++;
                if (winner == r.team()) {
                    c[0]++;
                }
            }
        }

        public int villageWins() {
            return villageWins;
        }

        public int games() {
            return games;
        }

        public double seconds() {
            return nanos / 1e9;
        }

        public double villageRate() {
            return games == 0 ? 0 : (double) villageWins / games;
        }

        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("game", game);
            m.put("table", table.label);
            m.put("games", games);
            m.put("villageWinRate", Figures.round(villageRate()));
            double[] ci = wilson(villageWins, games);
            m.put("interval95", List.of(Figures.round(ci[0]), Figures.round(ci[1])));
            m.put("draws", draws);
            Map<String, Object> byRole = new LinkedHashMap<>();
            roles.forEach((r, c) -> {
                double[] i = wilson(c[0], c[1]);
                byRole.put(r.wire(), Map.of("seats", c[1], "winRate", Figures.round((double) c[0] / c[1]),
                        "interval95", List.of(Figures.round(i[0]), Figures.round(i[1]))));
            });
            m.put("roles", byRole);
            m.put("gamesPerSecond", Figures.round(games / (nanos / 1e9)));
            return m;
        }
    }

    private final PrintStream out;

    public StrengthBench(PrintStream out) {
        this.out = out;
    }

    /** MAW's game at these sizes, with and without the seer, each table {@code games} games from {@code seed}. */
    public List<Tally> maw(int[] sizes, int games, long seed, int werewolves) throws Exception {
        List<Tally> rows = new ArrayList<>();
        for (int players : sizes) {
            for (boolean seer : new boolean[] {false, true}) {
                GameOptions options = mawOptions(seer, werewolves);
                int wolves = options.werewolvesAt(players);
                String name = "maw " + players + "p " + wolves + "w" + (seer ? " seer" : "");
                for (Table t : Table.values()) {
                    rows.add(report(mawTable(name, t, players, games, seed, options)));
                }
            }
        }
        return rows;
    }

    /** The bench's options for MAW's tables: phases end once everyone has voted; a night of no agreement, in 1 s. */
    public static GameOptions mawOptions(boolean seer, int werewolves) {
        return GameOptions.defaults().withTimers(Duration.ofSeconds(20), Duration.ofSeconds(1))
                .withEndWhenAllVoted(true).withSeer(seer).withWerewolves(werewolves);
    }

    /** One MAW table of {@code games} games under the GameMaster, every agent on the in-JVM transport. */
    public Tally mawTable(String name, Table t, int players, int games, long seed, GameOptions options)
            throws Exception {
        Tally tally = new Tally(name, t);
        GameTable.SeatFiller bots = GameTable.ruleBots(t.ruleVillage ? RuleBotAgent.Style.RULE
                : RuleBotAgent.Style.RANDOM, t.rulePack ? RuleBotAgent.Style.RULE : RuleBotAgent.Style.RANDOM);
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            fillers.add(bots);
        }
        ProgressCount progress = new ProgressCount(out, name + ", " + t.label, games);
        long t0 = System.nanoTime();
        for (int g = 0; g < games; g++) {
            GameTable table = GameTable.on(Network.local(new LocalTransport("localhost")), new GameTable.Spec("",
                    GameTable.defaultNames(players), fillers, 1, seed + g, MawTables.ruleset(options), null));
            RoundSummary r = table.play(null, null, Duration.ofMinutes(2)).rounds().getFirst();
            Map<String, Role> dealt = new LinkedHashMap<>();
            r.roles().forEach((p, role) -> dealt.put(p, Role.fromWire(role)));
            tally.add(switch (r.winner()) {
                case "villagers" -> Team.VILLAGERS;
                case "werewolves" -> Team.WEREWOLVES;
                default -> null;
            }, dealt);
            progress.step();
        }
        tally.nanos = System.nanoTime() - t0;
        return tally;
    }

    /** AIWolf's protocol game at 5 and 15 players and the NLP contest's at 5, on the rule engine. */
    public List<Tally> aiwolf(int games, long seed) {
        List<Tally> rows = new ArrayList<>();
        for (int players : new int[] {5, 15}) {
            for (Table t : Table.values()) {
                rows.add(report(aiwolfTable("aiwolf " + players + "p", t, AiwolfOptions.of(players,
                        Duration.ofSeconds(1)), false, games, seed)));
            }
        }
        for (Table t : Table.values()) {
            rows.add(report(aiwolfTable("aiwolf-nlp 5p, plain English", t, AiwolfOptions.natural(5,
                    Duration.ofSeconds(1)), true, games, seed)));
        }
        return rows;
    }

    /** One AIWolf table of {@code games} games on the rule engine; {@code plain}: the seats talk plain English. */
    public static Tally aiwolfTable(String name, Table t, AiwolfOptions options, boolean plain, int games,
            long seed) {
        Tally tally = new Tally(name, t);
        List<String> names = AiwolfBots.names(options.settings().players());
        long t0 = System.nanoTime();
        for (int g = 0; g < games; g++) {
            long s = seed + g;
            Map<String, Role> dealt = new LinkedHashMap<>();
            AiwolfState end = AiwolfBots.play(options, s, names, (p, role) -> {
                dealt.put(p, role);
                boolean rules = role.team() == Team.VILLAGERS ? t.ruleVillage : t.rulePack;
                long seatSeed = s * 1000 + names.indexOf(p);
                AiwolfPlayer mind = rules ? AiwolfBots.rules(p, names, seatSeed)
                        : AiwolfBots.random(p, names, seatSeed);
                return plain ? AiwolfBots.natural(p, names, mind) : mind;
            }, e -> { });
            tally.add(AiwolfBots.winner(end), dealt);
        }
        tally.nanos = System.nanoTime() - t0;
        return tally;
    }

    private Tally report(Tally t) {
        double[] ci = wilson(t.villageWins, t.games);
        StringBuilder roles = new StringBuilder();
        t.roles.forEach((r, c) -> roles.append(String.format(Locale.ROOT, " %s %.2f", r.wire(),
                (double) c[0] / c[1])));
        out.printf(Locale.ROOT, "  %-30s %-33s village %.3f [%.3f, %.3f]%s%s%n", t.game, t.table.label + ":",
                t.villageRate(), ci[0], ci[1], t.draws > 0 ? " draws " + t.draws : "", roles);
        return t;
    }

    /** A count that shows how far a long table has come, on one line. */
    static final class ProgressCount {
        private final PrintStream out;
        private final String what;
        private final int total;
        private int done;
        private long shown;

        ProgressCount(PrintStream out, String what, int total) {
            this.out = out;
            this.what = what;
            this.total = total;
        }

        void step() {
            done++;
            long now = System.nanoTime();
            if (now - shown > 5_000_000_000L) {
                shown = now;
                if (done < total) {
                    out.printf(Locale.ROOT, "    %s: %d of %d games%n", what, done, total);
                }
            }
        }
    }

    public static Map<String, Object> toJson(List<Tally> rows) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tables", rows.stream().map(Tally::toJson).toList());
        return m;
    }
}
