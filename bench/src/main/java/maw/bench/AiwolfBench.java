package maw.bench;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import maw.agents.table.GameTable;
import maw.agents.table.Network;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.seat.AiwolfBotAgent;
import maw.runtime.Transport;
import maw.runtime.local.LocalTransport;

/**
 * {@code maw bench aiwolf}: AIWolf games by the GAT2017 regulation on the rule engine in this process (no GameMaster,
 * no transport yet): games per second, and the villager side's win rate with a 95% interval, for four tables: every
 * seat random (the baseline), every seat a rule bot, rule-bot villagers against random werewolves, and random
 * villagers against rule-bot werewolves.
 */
public final class AiwolfBench {

    /** One table's figures. */
    public record Row(int players, String table, int games, int villagerWins, double gamesPerSecond) {

        public double rate() {
            return (double) villagerWins / games;
        }

        /** The 95% Wilson interval of the villagers' win rate. */
        public double[] interval() {
            return StrengthBench.wilson(villagerWins, games);
        }

        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("players", players);
            m.put("table", table);
            m.put("games", games);
            m.put("villagerWinRate", Figures.round(rate()));
            m.put("interval95", List.of(Figures.round(interval()[0]), Figures.round(interval()[1])));
            m.put("gamesPerSecond", Math.round(gamesPerSecond));
            return m;
        }
    }

    private final PrintStream out;

    public AiwolfBench(PrintStream out) {
        this.out = out;
    }

    public List<Row> run(int games, long seed) {
        List<Row> rows = new ArrayList<>();
        for (int players : new int[] {5, 15}) {
            // Warm the engine up, then measure.
            table(players, Math.min(games, 200), seed + 1_000_000, true, true);
            rows.add(report(table(players, games, seed, false, false), players, "random"));
            rows.add(report(table(players, games, seed, true, true), players, "rule bots"));
            rows.add(report(table(players, games, seed, true, false), players, "rule villagers vs random werewolves"));
            rows.add(report(table(players, games, seed, false, true), players, "random villagers vs rule werewolves"));
        }
        return rows;
    }

    private record Played(int games, int villagerWins, double seconds) {}

    private Row report(Played p, int players, String table) {
        Row r = new Row(players, table, p.games(), p.villagerWins(), p.games() / p.seconds());
        double[] ci = r.interval();
        out.printf(Locale.ROOT, "  %2d players, %-38s villagers win %.3f [%.3f, %.3f], %,.0f games/s%n", players,
                table + ":", r.rate(), ci[0], ci[1], r.gamesPerSecond());
        return r;
    }

    private static Played table(int players, int games, long seed, boolean ruleVillagers, boolean ruleWolves) {
        StrengthBench.Table t = ruleVillagers ? (ruleWolves ? StrengthBench.Table.RULE : StrengthBench.Table.RULE_VILLAGE)
                : ruleWolves ? StrengthBench.Table.RULE_PACK : StrengthBench.Table.RANDOM;
        StrengthBench.Tally tally = StrengthBench.aiwolfTable(players + "p", t, AiwolfOptions.of(players,
                Duration.ofSeconds(1)), false, games, seed);
        return new Played(games, tally.villageWins(), tally.seconds());
    }

    /**
     * Rule-bot games under the GameMaster, every agent with its own connection: on the in-JVM transport and over
     * ejabberd, one after another.
     */
    public record Hosted(int players, int localGames, double localGamesPerSecond, int xmppGames,
            double xmppGamesPerSecond, long messagesPerGame, int villagerWins, double engineGamesPerSecond) {

        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("players", players);
            m.put("localGames", localGames);
            m.put("localGamesPerSecond", Figures.round(localGamesPerSecond));
            m.put("xmppGames", xmppGames);
            m.put("xmppGamesPerSecond", Figures.round(xmppGamesPerSecond));
            m.put("messagesPerGame", messagesPerGame);
            m.put("villagerWinsUnderTheGameMaster", villagerWins + "/" + (localGames + xmppGames));
            m.put("localToEngineRatio", Figures.round(engineGamesPerSecond / localGamesPerSecond));
            m.put("xmppToLocalRatio", xmppGames == 0 ? null : Figures.round(localGamesPerSecond / xmppGamesPerSecond));
            return m;
        }
    }

    /** {@code rows}' engine figure for the rule-bot table of this size (the baseline of the hosted games). */
    private static double engineRate(List<Row> rows, int players) {
        return rows.stream().filter(r -> r.players() == players && r.table().equals("rule bots"))
                .mapToDouble(Row::gamesPerSecond).findFirst().orElse(Double.NaN);
    }

    /** Games of rule bots under the GameMaster: {@code localGames} in this JVM, {@code xmppGames} over {@code xmpp}. */
    public List<Hosted> hosted(List<Row> engine, Transport xmpp,
            Consumer<Map<String, String>> provision, int localGames, int xmppGames, long seed)
            throws Exception {
        List<Hosted> out2 = new ArrayList<>();
        for (int players : new int[] {5, 15}) {
            String domain = xmpp == null ? "localhost" : xmpp.domain();
            hostedGame(players, seed - 1, null, domain, null, ""); // warm up
            int wins = 0;
            long messages = 0;
            long t0 = System.nanoTime();
            for (int g = 0; g < localGames; g++) {
                GameTable.Result r = hostedGame(players, seed + g, null, domain, null, "");
                wins += r.rounds().getFirst().winner().equals("villagers") ? 1 : 0;
                messages += r.messages();
            }
            double localRate = localGames / ((System.nanoTime() - t0) / 1e9);
            double xmppRate = 0;
            if (xmpp != null && xmppGames > 0) {
                long t1 = System.nanoTime();
                for (int g = 0; g < xmppGames; g++) {
                    GameTable.Result r = hostedGame(players, seed + localGames + g, xmpp, domain,
                            provision, "bench-aiwolf" + players + "-" + g + "-");
                    wins += r.rounds().getFirst().winner().equals("villagers") ? 1 : 0;
                }
                xmppRate = xmppGames / ((System.nanoTime() - t1) / 1e9);
            }
            Hosted h = new Hosted(players, localGames, localRate, xmpp == null ? 0 : xmppGames, xmppRate,
                    messages / Math.max(1, localGames), wins, engineRate(engine, players));
            out.printf(Locale.ROOT, "  %2d players under the GameMaster: %.1f games/s in this JVM (engine alone %.0f, "
                    + "ratio %.0f), %s%d messages a game%n", players, localRate, h.engineGamesPerSecond(),
                    h.engineGamesPerSecond() / localRate, xmppRate > 0 ? String.format(Locale.ROOT,
                            "%.2f games/s over ejabberd (ratio %.1f), ", xmppRate, localRate / xmppRate) : "",
                    h.messagesPerGame());
            out2.add(h);
        }
        return out2;
    }

    private static GameTable.Result hostedGame(int players, long seed,
            Transport xmpp, String domain,
            Consumer<Map<String, String>> provision, String prefix) throws Exception {
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            fillers.add(AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES));
        }
        Network network = xmpp == null ? Network.local(new LocalTransport(domain)) : Network.of(xmpp, provision);
        GameTable table = GameTable.on(network, new GameTable.Spec(prefix, GameTable.defaultNames(players), fillers, 1,
                seed, new AiwolfVariant().ruleset(AiwolfOptions.of(players, Duration.ofSeconds(20))), null));
        return table.play(null, null, Duration.ofMinutes(3));
    }

    public static List<Map<String, Object>> hostedJson(List<Hosted> rows) {
        return rows.stream().map(Hosted::toJson).toList();
    }

    public static List<Map<String, Object>> toJson(List<Row> rows) {
        return rows.stream().map(Row::toJson).toList();
    }
}
