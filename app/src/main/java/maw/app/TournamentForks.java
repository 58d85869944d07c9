package maw.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import maw.agents.Text;
import maw.agents.gamemaster.Journal;
import maw.agents.gamemaster.Recovery;
import maw.agents.gamemaster.RoundSummary;
import maw.agents.gamemaster.Ruleset;
import maw.agents.ruleset.Variant;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.config.SeatPlan;
import maw.runtime.Json;
import maw.tournament.ForkReport.Pair;
import maw.tournament.ForkReport;

/**
 * Every game of a finished tournament forked at one point and played on with other seats ({@code ./maw tournament
 * --fork-from DIR --at PHASE --seats PLAN}): each fork's journal is its game's up to the point; what each fork ended in
 * is set beside what its game ended in ({@code forks.jsonl}, and a table on the terminal).
 */
public final class TournamentForks {

    private TournamentForks() {}

    /** Forks every game in {@code from}'s results at {@code at}, seats {@code plan}, plays them; writes into {@code out}. */
    public static List<Pair> run(MawConfig settings, Path from, Forks.Point at, SeatPlan plan, Path out,
            PrintStream print) throws Exception {
        Path results = from.resolve("results.jsonl");
        if (!Files.isRegularFile(results)) {
            throw new ConfigException("invalid value '" + from + "' for --fork-from: it has no results.jsonl (a "
                    + "tournament's directory)");
        }
        List<JsonNode> games = new ArrayList<>();
        for (String line : Files.readAllLines(results, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                games.add(Json.parse(line));
            }
        }
        Files.createDirectories(out);
        Text.ownerOnly(out);
        List<Pair> pairs = new ArrayList<>();
        print.printf("forking the %d game(s) of %s at %s, seats %s, into %s%n", games.size(), from, at.text(),
                Seats.describe(settings, plan), out);
        try (AgentNetwork network = AgentNetwork.open(settings, print::println)
                .stopServerOnClose(System.err::println)) {
            for (JsonNode g : games) {
                pairs.add(play(settings, from, at, plan, out, g, network, print));
            }
        }
        List<String> lines = new ArrayList<>();
        for (Pair p : pairs) {
            lines.add(Json.write(p));
        }
        Files.write(out.resolve(ForkReport.FORKS), lines, StandardCharsets.UTF_8);
        ObjectNode about = Json.MAPPER.createObjectNode();
        about.put("from", from.toAbsolutePath().normalize().toString());
        about.put("at", at.text());
        about.put("seats", Seats.describe(settings, plan));
        Files.writeString(out.resolve("fork.json"), Json.write(about));
        Path page = ForkReport.write(out, at.text(), Seats.describe(settings, plan));
        print.printf("%n  game  original (days)           fork (days)%n");
        for (Pair p : pairs) {
            print.printf("  %4d  %-14s (%d)   -> %-14s (%d)%s%n", p.game(), p.original(), p.originalDays(), p.fork(),
                    p.forkDays(), p.changed() ? "   changed" : "");
        }
        long changed = pairs.stream().filter(Pair::changed).count();
        print.printf("%d of %d outcome(s) changed from %s on; each pair in %s; the report: %s%n", changed,
                pairs.size(), at.text(), out.resolve(ForkReport.FORKS), page);
        return pairs;
    }

    private static Pair play(MawConfig settings, Path from, Forks.Point at, SeatPlan plan, Path out, JsonNode g,
            AgentNetwork network, PrintStream print) throws Exception {
        int number = g.path("game").asInt();
        int round = g.path("round").asInt(1);
        Path journal = from.resolve(g.path("journal").asText());
        Path dir = out.resolve("games").resolve(String.format(Locale.ROOT, "%04d", number));
        String gameId = GameTable.newGameId();
        Forks.fork(journal, at, round, dir, gameId, null);
        Recovery<?, ?> recovery = Games.recover(dir, "--fork-from");
        Ruleset<?, ?, ?> ruleset = Games.ruleset(recovery);
        List<String> names = List.copyOf(recovery.seats().keySet());
        if (names.size() != plan.seats()) {
            throw new ConfigException("--seats " + Seats.describe(settings, plan) + " has " + plan.seats() + " seats; the games of "
                    + from + " have " + names.size());
        }
        List<GameTable.SeatFiller> fillers = Seats.fillers(settings, plan, dir.resolve("contexts"), null,
                print::println, Variant.of(ruleset).bots());
        // The table's accounts are its journal's (a tournament's tables put a prefix before every name).
        String gm = recovery.gameMaster().local();
        String prefix = gm.endsWith("gamemaster") ? gm.substring(0, gm.length() - "gamemaster".length()) : "";
        GameTable.Spec spec = new GameTable.Spec(prefix, names, fillers, recovery.config().rounds(),
                recovery.config().seed(), ruleset, dir).resuming(recovery);
        GameTable table = GameTable.on(network, spec, gameId);
        GameTable.Result r;
        try (Journal j = new Journal(dir.resolve("game.jsonl"), gameId)) {
            Listeners listeners = new Listeners(j);
            r = table.play(listeners, listeners, Games.timeout(ruleset, 1));
        }
        RoundSummary fork = r.rounds().getLast();
        ObjectNode summary = Json.MAPPER.createObjectNode();
        summary.put("game", number);
        summary.put("forkOf", journal.toString());
        summary.put("at", at.text());
        summary.set("round", Json.MAPPER.valueToTree(fork));
        Files.writeString(dir.resolve("summary.json"), Json.write(summary));
        print.printf("  game %d: %s (%d days) -> %s (%d days)%n", number, g.path("winner").asText(),
                g.path("days").asInt(), fork.winner(), fork.days());
        return new Pair(number, g.path("winner").asText(), g.path("days").asInt(), fork.winner(), fork.days(),
                out.relativize(dir.resolve("game.jsonl")).toString(), journal.toAbsolutePath().normalize().toString());
    }
}
