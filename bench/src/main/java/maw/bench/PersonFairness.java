package maw.bench;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import maw.agents.bot.RuleBotAgent;
import maw.agents.gamemaster.GameListener;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.agents.table.Network;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.maw.Event;
import maw.game.maw.GameOptions;
import maw.runtime.Agent;
import maw.runtime.local.LocalTransport;

/**
 * {@code maw bench strength}'s fairness table: how MAW's rule bots treat a person at their table. In each game one
 * seat (a different one each game) is a rule bot flagged as a person (the same mind; its seat named a person's, so the
 * bots leave it time to read until it votes), and the table counts how often that seat is executed on day 1 and at all,
 * against every other seat of the same games, with 95% Wilson intervals. Three kinds of tables, in the same run: no
 * seat flagged (the baseline: the seat in that place is a bot like the others), a person who names a suspect in their
 * first line as the bots do, and a person whose first line names nobody ("Good morning.").
 */
public final class PersonFairness {

    /** Who sits in the measured place. */
    public enum Sitter {
        BOT("no person (the seat is a bot)"),
        PERSON("a person who names a suspect"),
        QUIET_PERSON("a person who names nobody first");

        final String label;

        Sitter(String label) {
            this.label = label;
        }
    }

    /** One table's counts: the measured seat's executions, and every other seat's. */
    public static final class Row {
        final String game;
        final Sitter sitter;
        int games;
        int seatDay1;
        int seatEver;
        int others;
        int othersDay1;
        int othersEver;

        Row(String game, Sitter sitter) {
            this.game = game;
            this.sitter = sitter;
        }

        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("game", game);
            m.put("seat", sitter.label);
            m.put("games", games);
            m.put("seatExecutedDay1", rate(seatDay1, games));
            m.put("othersExecutedDay1", rate(othersDay1, others));
            m.put("seatExecuted", rate(seatEver, games));
            m.put("othersExecuted", rate(othersEver, others));
            return m;
        }

        private static Map<String, Object> rate(int k, int n) {
            double[] i = StrengthBench.wilson(k, n);
            return Map.of("rate", Figures.round(n == 0 ? 0 : (double) k / n), "interval95",
                    List.of(Figures.round(i[0]), Figures.round(i[1])));
        }
    }

    private final PrintStream out;

    public PersonFairness(PrintStream out) {
        this.out = out;
    }

    /** Each kind of table at each size, {@code games} games from {@code seed}, under MAW's bench options. */
    public List<Row> run(int[] sizes, int games, long seed, int werewolves) throws Exception {
        List<Row> rows = new ArrayList<>();
        GameOptions options = StrengthBench.mawOptions(false, werewolves);
        for (int players : sizes) {
            String name = "maw " + players + "p " + options.werewolvesAt(players) + "w";
            for (Sitter s : Sitter.values()) {
                rows.add(report(table(name, s, players, games, seed, options)));
            }
        }
        return rows;
    }

    Row table(String name, Sitter sitter, int players, int games, long seed, GameOptions options) throws Exception {
        Row row = new Row(name, sitter);
        StrengthBench.ProgressCount progress = new StrengthBench.ProgressCount(out, name + ", " + sitter.label,
                games);
        List<String> names = GameTable.defaultNames(players);
        GameTable.SeatFiller bots = GameTable.ruleBots();
        GameTable.SeatFiller person = new GameTable.SeatFiller() {
            @Override
            public Agent create(GameTable.Seat s) {
                return new RuleBotAgent(s.jid(), s.password(), s.name(), s.seed(), s.player())
                        .asPerson(sitter == Sitter.QUIET_PERSON);
            }

            @Override
            public String kind() {
                return "rule-as-person";
            }
        };
        for (int g = 0; g < games; g++) {
            String measured = names.get(g % players);
            List<GameTable.SeatFiller> fillers = new ArrayList<>();
            for (String n : names) {
                fillers.add(sitter != Sitter.BOT && n.equals(measured) ? person : bots);
            }
            Map<String, Integer> executed = new LinkedHashMap<>();
            GameListener listener = new GameListener() {
                @Override
                public void event(int round, GameEvent event, GameView after) {
                    if (event instanceof Event.Executed x && x.player() != null) {
                        executed.put(x.player(), x.day());
                    }
                }
            };
            GameTable table = GameTable.on(Network.local(new LocalTransport("localhost")), new GameTable.Spec("", names,
                    fillers, 1, seed + g, MawTables.ruleset(options), null));
            table.play(listener, null, Duration.ofMinutes(5));
            row.games++;
            for (String n : names) {
                Integer day = executed.get(n);
                if (n.equals(measured)) {
                    row.seatEver += day == null ? 0 : 1;
                    row.seatDay1 += day != null && day == 1 ? 1 : 0;
                } else {
                    row.others++;
                    row.othersEver += day == null ? 0 : 1;
                    row.othersDay1 += day != null && day == 1 ? 1 : 0;
                }
            }
            progress.step();
        }
        return row;
    }

    private Row report(Row r) {
        double[] s1 = StrengthBench.wilson(r.seatDay1, r.games);
        double[] o1 = StrengthBench.wilson(r.othersDay1, r.others);
        double[] s = StrengthBench.wilson(r.seatEver, r.games);
        double[] o = StrengthBench.wilson(r.othersEver, r.others);
        out.printf(Locale.ROOT, "  %-12s %-34s executed on day 1: this seat %.3f [%.3f, %.3f], any other %.3f "
                + "[%.3f, %.3f]; at all: this seat %.3f [%.3f, %.3f], any other %.3f [%.3f, %.3f]%n", r.game,
                r.sitter.label + ":", (double) r.seatDay1 / r.games, s1[0], s1[1], (double) r.othersDay1 / r.others,
                o1[0], o1[1], (double) r.seatEver / r.games, s[0], s[1], (double) r.othersEver / r.others, o[0], o[1]);
        return r;
    }

    public static Map<String, Object> toJson(List<Row> rows) {
        return Map.of("fairness", rows.stream().map(Row::toJson).toList());
    }
}
