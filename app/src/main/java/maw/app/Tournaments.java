package maw.app;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import maw.agents.gamemaster.Ruleset;
import maw.agents.ruleset.Variant;
import maw.agents.table.GameTable;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.config.SeatPlan;
import maw.runtime.Json;
import maw.tournament.Schedule;
import maw.tournament.Standings;
import maw.tournament.Tournament;

/**
 * A tournament played in this process: the service behind {@code maw tournament}. It keeps what was asked
 * (tournament.json: the seed, the schedule, the arguments, so that {@code --resume} builds it again), seats MAW's own
 * entrants and, through a gateway, outside agents, plays the schedule's games and reports the standings.
 */
public final class Tournaments {

    private Tournaments() {}

    /**
     * A tournament to play.
     *
     * @param settings    the settings (the transport, the model seats')
     * @param plan        the entrants' seats, group by group
     * @param seatEntrant each seat (A1, A2, B1, ...) and the entrant it plays for
     * @param ruleset     the rules with their options
     * @param variant     the rule set (its bots, its gateway)
     * @param games       games to play
     * @param seed        the schedule's seed
     * @param parallel    games at a time
     * @param dir         where the results go
     * @param resuming    whether the tournament in {@code dir} goes on (its tournament.json is kept)
     * @param args        the arguments it was started with, kept for a resume
     * @param gatewayBind with outside seats, the address their agents connect to (null: no outside seats)
     * @param gatewayPort and its port
     * @param lobby       how long to wait for the outside agents
     */
    public record Request(MawConfig settings, SeatPlan plan, Map<String, String> seatEntrant,
            Ruleset<?, ?, ?> ruleset, Variant<?, ?, ?> variant, int games, long seed, int parallel, Path dir,
            boolean resuming, List<String> args, String gatewayBind, int gatewayPort, Duration lobby) {}

    /** The fillers of the tournament's own seats (all but outside agents'), in seat order. */
    private static List<GameTable.SeatFiller> ourFillers(Request r, PrintStream out) throws Exception {
        List<SeatPlan.Group> ourGroups = r.plan().groups().stream().filter(g -> g.kind() != SeatPlan.Kind.OUTSIDE)
                .toList();
        // Every model call of the tournament is kept in its directory's cassette.jsonl, in the order made.
        return ourGroups.isEmpty() ? List.of() : Seats.fillers(r.settings(), new SeatPlan(ourGroups), null,
                r.dir().resolve("cassette.jsonl"), null, out::println, r.variant().bots());
    }

    /**
     * The tournament of {@code r} (its own seats only) over {@code network}, to play some of its games for a director
     * elsewhere: the schedule from its seed, as the director has it; journals under {@code r.dir()}.
     */
    public static Tournament forWorker(Request r, AgentNetwork network, String tag, PrintStream out)
            throws Exception {
        if (r.gatewayBind() != null) {
            throw new ConfigException("a worker plays tournaments of MAW's own seats, not of outside agents");
        }
        Files.createDirectories(r.dir());
        Schedule schedule = Schedule.balanced(r.ruleset(), r.seatEntrant(), r.games(), r.seed());
        List<GameTable.SeatFiller> ours = ourFillers(r, out);
        List<Tournament.Seat> seats = new ArrayList<>();
        var next = ours.iterator();
        r.seatEntrant().forEach((seat, entrant) -> seats.add(new Tournament.Seat(seat, entrant, next.next())));
        return new Tournament(r.dir(), schedule, seats, r.ruleset(), r.ruleset().label(), Games.timeout(r.ruleset(), 1),
                1, network.transport(), network::provision, out).tablesTagged(tag);
    }

    /**
     * A tournament handed to workers: tournament.json kept as for one played here, the schedule printed, and the
     * tournament to {@link Tournament#open} and {@link Tournament#accept} the workers' results into.
     */
    public static Tournament forDirector(Request r, PrintStream out) throws IOException {
        Path dir = r.dir();
        Schedule schedule = begin(r);
        out.printf("MAW tournament: %d games of %d seats under %s rules, seed %d, played by workers; results in %s%n",
                r.games(), r.plan().seats(), r.ruleset().label(), r.seed(), dir);
        out.println("entrants and the schedule's roles:");
        schedule.describe().forEach(out::println);
        return new Tournament(dir, schedule, List.of(), r.ruleset(), r.ruleset().label(), Games.timeout(r.ruleset(), 1),
                1, null, null, out);
    }

    /**
     * The tournament's directory made ready: refused if a new tournament would overwrite one, tournament.json written
     * for a new one (what a resume and the workers build it again from); its schedule.
     */
    private static Schedule begin(Request r) throws IOException {
        Path dir = r.dir();
        if (!r.resuming() && Files.isRegularFile(dir.resolve("tournament.json"))) {
            throw new ConfigException("invalid value '" + dir + "' for --out: it holds a tournament already (go on "
                    + "with it: ./maw tournament --resume " + dir + ")");
        }
        Files.createDirectories(dir);
        Schedule schedule = Schedule.balanced(r.ruleset(), r.seatEntrant(), r.games(), r.seed());
        if (!r.resuming()) {
            keep(r, schedule);
        }
        return schedule;
    }

    private static void keep(Request r, Schedule schedule) throws IOException {
        ObjectNode t = Json.MAPPER.createObjectNode();
        t.put("seed", r.seed());
        t.put("games", r.games());
        t.put("rules", r.ruleset().label());
        t.set("args", Json.MAPPER.valueToTree(r.args()));
        t.set("seats", Json.MAPPER.valueToTree(r.seatEntrant()));
        t.set("schedule", Json.MAPPER.valueToTree(schedule.games()));
        Files.writeString(r.dir().resolve("tournament.json"), Json.MAPPER.writerWithDefaultPrettyPrinter()
                .writeValueAsString(t));
    }

    /** Plays {@code r}'s games, telling {@code out} what happens; the final standings. */
    public static Standings run(Request r, PrintStream out) throws Exception {
        Path dir = r.dir();
        Ruleset<?, ?, ?> ruleset = r.ruleset();
        String label = ruleset.label();
        Schedule schedule = begin(r);
        SeatPlan plan = r.plan();
        boolean outside = r.gatewayBind() != null;
        List<GameTable.SeatFiller> ours = ourFillers(r, out);
        out.printf("MAW tournament: %d games of %d seats under %s rules, %d at a time, seed %d; results in %s%n",
                r.games(), plan.seats(), label, r.parallel(), r.seed(), dir);
        out.println("entrants and the schedule's roles:");
        schedule.describe().forEach(out::println);
        try (TournamentGateway gateway = outside ? TournamentGateway.open(ruleset, r.gatewayBind(), r.gatewayPort())
                : null;
                AgentNetwork network = AgentNetwork.open(r.settings(), out::println)) {
            List<GameTable.SeatFiller> theirs = outside ? gateway.seat(plan.groups().stream()
                    .filter(g -> g.kind() == SeatPlan.Kind.OUTSIDE).toList(), r.lobby(), out) : List.of();
            List<Tournament.Seat> tableSeats = new ArrayList<>();
            var ourNext = ours.iterator();
            var theirNext = theirs.iterator();
            var entrants = r.seatEntrant().entrySet().iterator();
            for (SeatPlan.Group g : plan.perSeat()) {
                var e = entrants.next();
                tableSeats.add(new Tournament.Seat(e.getKey(), e.getValue(), g.kind() == SeatPlan.Kind.OUTSIDE
                        ? theirNext.next() : ourNext.next()));
            }
            Tournament t = new Tournament(dir, schedule, tableSeats, ruleset, label, Games.timeout(ruleset, 1),
                    r.parallel(), network.transport(), network::provision, out);
            Standings s = t.run();
            if (outside) {
                out.println("outside agents: " + gateway.stats());
            }
            out.println("final standings (" + s.games() + " games):");
            s.table().forEach(out::println);
            out.println("results: " + dir.resolve(Tournament.RESULTS) + ", summary: " + dir.resolve("summary.json"));
            return s;
        }
    }
}
