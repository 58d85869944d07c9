package maw.app;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import maw.agents.gamemaster.ConsoleView;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Journal;
import maw.agents.gamemaster.Recovery;
import maw.agents.gamemaster.RoundSummary;
import maw.agents.gamemaster.Ruleset;
import maw.agents.human.UserInterfaceAgent;
import maw.agents.ruleset.Variant;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.config.SeatPlan;
import maw.runtime.Json;
import maw.web.WebSeats;

/**
 * One whole game in this process, every agent with its own connection: the service behind {@code maw game}. It opens
 * the agent network, seats the table, keeps the table's file, the journal and the summary in the game's directory,
 * shows the game as it happens (or only the person's seat, when a person plays here) and hands back how it ended.
 */
public final class GamePlay {

    private GamePlay() {}

    /** What a table was made of, kept beside its journal (table.json) so that a resumed game seats it again. */
    public record TableFile(String seats, String bots, int humans, String name, int openSeats, double lobbySeconds) {

        /** The table.json of the game journaled in {@code dir} (the value of {@code option}). */
        public static TableFile of(Path dir, String option) throws IOException {
            Path file = dir.resolve("table.json");
            if (!Files.isRegularFile(file)) {
                throw new ConfigException("invalid value '" + dir + "' for " + option + ": it has no table.json (only "
                        + "a game started by ./maw game is resumed by ./maw game --resume; ./maw gm --resume takes up "
                        + "a GameMaster's game)");
            }
            return Json.MAPPER.readValue(file.toFile(), TableFile.class);
        }
    }

    /** The person who plays a seat at this process's terminal. */
    public interface Terminal extends AutoCloseable {

        /** The person's interface agent for their seat, joined to the terminal. */
        UserInterfaceAgent seat(GameTable.Seat seat);

        /** Runs the terminal until the game is over (false) or the person leaves the table (true). */
        boolean run() throws InterruptedException;

        @Override
        void close() throws IOException;
    }

    /**
     * A game to play.
     *
     * @param settings     the settings (the transport, the model seats', where games go)
     * @param plan         what fills the table's own seats
     * @param names        the seats' names, the person's first when one plays here
     * @param openBots     what fills the open seats left empty, when there are open seats
     * @param ruleset      the rules with their options
     * @param rounds       rounds to play
     * @param seed         the table's seed
     * @param recovery     the journaled game taken up, or null for a new one
     * @param out          the game's directory, or null for a new one under games.dir
     * @param openSeats    seats for players who join from elsewhere
     * @param lobbySeconds how long the open seats wait for them
     * @param table        the table as it is written to table.json
     * @param person       the person at this terminal, or null
     * @param quiet        print nothing of the game as it happens
     * @param web          the web monitor's port, or null for none
     */
    public record Request(MawConfig settings, SeatPlan plan, List<String> names, SeatPlan openBots,
            Ruleset<?, ?, ?> ruleset, int rounds, long seed, Recovery<?, ?> recovery, Path out,
            int openSeats, double lobbySeconds, TableFile table, Terminal person, boolean quiet, Integer web) {}

    /**
     * How a game ended: {@code result} is null when the person left the table and the game was abandoned;
     * {@code summary} is what summary.json holds; {@code webPort} the port its page had (null: none), whose god view
     * {@code watchToken} opens.
     */
    public record Played(GameTable.Result result, Path dir, long seed, Map<String, Object> summary, Integer webPort,
            String watchToken) {
        public Played(GameTable.Result result, Path dir, long seed, Map<String, Object> summary) {
            this(result, dir, seed, summary, null, null);
        }
    }

    /** Plays the game, telling {@code out} what it does. */
    public static Played play(Request r, PrintStream out) throws Exception {
        MawConfig settings = r.settings();
        Duration timeout = Games.timeout(r.ruleset(), r.rounds());
        String gameId = r.recovery() != null ? r.recovery().gameId() : GameTable.newGameId();
        Path dir = Games.gameDir(settings, r.out(), gameId);
        boolean person = r.person() != null;
        UserInterfaceAgent[] seat = new UserInterfaceAgent[1];
        GameTable.SeatFiller human = !person ? null : new GameTable.SeatFiller() {
            @Override
            public UserInterfaceAgent create(GameTable.Seat s) {
                seat[0] = r.person().seat(s);
                return seat[0];
            }

            @Override
            public String kind() {
                return "human";
            }
        };
        ThinkingWatch watch = new ThinkingWatch(out, 10_000, 15_000);
        // The seats the table fills, then (with open seats) one more group: what fills the open seats left empty.
        List<SeatPlan.Group> groups = new ArrayList<>(r.plan().groups());
        if (r.openSeats() > 0) {
            groups.addAll(r.openBots().groups());
        }
        List<GameTable.SeatFiller> all = watch.watch(Seats.fillers(settings, new SeatPlan(groups),
                dir.resolve("contexts"), human, out::println, Variant.of(r.ruleset()).bots()));
        int seats = r.plan().seats();
        List<GameTable.SeatFiller> fillers = all.subList(0, seats);
        GameTable.SeatFiller fallback = r.openSeats() == 0 ? null : all.get(seats);
        if (!r.quiet() && !person) {
            watch.start();
        }
        try (watch; AgentNetwork network = AgentNetwork.open(settings, out::println)
                .stopServerOnClose(System.err::println)) {
            GameTable.Spec spec = new GameTable.Spec("", r.names(), fillers, r.rounds(), r.seed(), r.ruleset(), dir);
            if (r.openSeats() > 0) {
                spec = spec.withOpenSeats(r.openSeats(), Duration.ofMillis(Math.round(r.lobbySeconds() * 1000)),
                        fallback);
            }
            if (r.recovery() != null) {
                spec = spec.resuming(r.recovery());
            }
            // A new game's accounts must be unused (another ./maw game of the same names may run); a resumed game's
            // are its own.
            GameTable table = GameTable.on(r.recovery() == null ? network.unused("a game with the same account names")
                    : network, spec, gameId);
            Files.createDirectories(dir);
            if (r.recovery() == null) {
                Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("table.json").toFile(), r.table());
            }
            announce(r, table, network, dir, out);
            // Once the table's agents are up, the monitor watches at its GameMaster (the god view's token is shown
            // only when no person plays here: it would give the roles away); people may take the open seats from its
            // page, as with ./maw join.
            Monitors.TableWatch watching = r.web() == null ? null : new Monitors.TableWatch(network, table,
                    person ? null : table.watchToken(), r.web(), "maw game", m -> {
                        if (r.openSeats() > 0) {
                            WebSeats offered = new WebSeats(network.transport(), network::provision,
                                    table.gameMaster(), table.gameId().toLowerCase(Locale.ROOT) + "-");
                            m.seats(offered);
                            out.println(Monitors.invitation(m, offered));
                        }
                    }, out::println, System.err::println);
            GameTable.Result result;
            try (Journal journal = new Journal(dir.resolve("game.jsonl"), table.gameId())) {
                // With a person at the table, the terminal shows their seat only: the moderator's view would give
                // the roles away.
                Listeners listeners = r.quiet() || person ? new Listeners(journal)
                        : new Listeners(new ConsoleView(out, ""), journal);
                String[] missed = new String[1];
                Runnable unwatch = maw.llm.Cassette.whenMissed(why -> {
                    if (missed[0] == null) {
                        missed[0] = why;
                        table.abort(why);
                    }
                });
                try {
                    result = person ? playWithPerson(table, network, listeners, r.person(), seat, timeout)
                            : table.play(listeners, listeners, timeout);
                } catch (java.util.concurrent.CancellationException e) {
                    if (missed[0] == null) {
                        throw e;
                    }
                    throw new maw.llm.ModelServer.Unavailable(missed[0]);
                } finally {
                    unwatch.run();
                }
                if (missed[0] != null) {
                    throw new maw.llm.ModelServer.Unavailable(missed[0]);
                }
            } finally {
                if (person) {
                    r.person().close();
                }
                if (watching != null) {
                    watching.close();
                }
            }
            if (result == null) {
                return new Played(null, dir, r.seed(), null);
            }
            Map<String, Object> summary = summary(result, r.seed(), network.transport().name(), dir);
            Files.writeString(dir.resolve("summary.json"), Json.MAPPER.writerWithDefaultPrettyPrinter()
                    .writeValueAsString(summary));
            return new Played(result, dir, r.seed(), summary, watching == null ? null : watching.port(),
                    table.watchToken());
        }
    }

    /**
     * Says what game is played, and where: a person at the table sees neither the seed (the deal follows from it) nor
     * where the journal is (it holds every role and the Hideout) until the game is over.
     */
    private static void announce(Request r, GameTable table, AgentNetwork network, Path dir, PrintStream out) {
        boolean person = r.person() != null;
        out.printf("MAW game %s: %s, %d round(s), %son %s%n", table.gameId(), Seats.describe(r.settings(), r.plan()),
                r.rounds(), person ? "" : "seed " + r.seed() + ", ", network.describe());
        if (r.recovery() != null) {
            out.printf("resuming it from its journal: %s, %d command(s) replayed%n", r.recovery().round() == 0
                    ? "in the lobby" : "round " + r.recovery().round() + ", " + r.recovery().state().phase(),
                    r.recovery().commands());
        }
        if (!person) {
            out.printf("journal and room archives: %s%n", dir);
        }
        if (r.openSeats() > 0) {
            out.printf("%d open seat(s): join within %s s with ./maw join --name NAME --gm %s (from another "
                    + "machine: --server HOST); then %s fill them%n", r.openSeats(),
                    new DecimalFormat("0.#").format(r.lobbySeconds()), table.gameMaster(),
                    r.openBots().has(SeatPlan.Kind.LLM) ? "model seats" : "rule bots");
            out.printf("  or from an XMPP chat client (Conversations, Gajim, Dino, Profanity), with an account of "
                    + "this server (./maw xmpp register NAME:PASSWORD): chat with %s and type join NAME%n",
                    table.gameMaster().bare());
        }
    }

    /** Plays while the person at this terminal plays their seat; null when they leave before the end. */
    private static GameTable.Result playWithPerson(GameTable table, AgentNetwork network, Listeners listeners,
            Terminal person, UserInterfaceAgent[] seat, Duration timeout) throws Exception {
        CompletableFuture<GameTable.Result> played = new CompletableFuture<>();
        Thread game = Thread.ofVirtual().name("game").start(() -> {
            try {
                played.complete(table.play(listeners, listeners, timeout));
            } catch (Throwable e) {
                played.completeExceptionally(e);
            } finally {
                if (seat[0] != null) {
                    seat[0].over().complete(null); // whatever happened, the person's game is over
                }
            }
        });
        table.allStarted().join();
        boolean quit = person.run();
        if (quit && !played.isDone()) {
            table.abort("the person left the table");
        }
        game.join();
        try {
            return played.get();
        } catch (CancellationException e) {
            return null;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof CancellationException) {
                return null;
            }
            throw e.getCause() instanceof Exception x ? x : e;
        }
    }

    /** The seats' names: the person's first, then the usual names (Alice, Bob...) other than theirs. */
    public static List<String> seatNames(SeatPlan plan, String person) {
        List<String> names = new ArrayList<>();
        if (person != null) {
            names.add(person);
        }
        for (String n : GameTable.defaultNames(plan.seats() + 1)) {
            if (names.size() < plan.seats() && !n.equalsIgnoreCase(person == null ? "" : person)) {
                names.add(n);
            }
        }
        return names;
    }

    /** A game's summary (summary.json, and {@code maw game --json}'s last line). */
    public static Map<String, Object> summary(GameTable.Result r, long seed, String transport, Path dir) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("game", r.gameId());
        s.put("seed", seed);
        s.put("transport", transport);
        s.put("rounds", r.rounds().stream().map(GamePlay::round).toList());
        s.put("scores", r.totals());
        s.put("messages", r.messages());
        s.put("wallMillis", r.wallMillis());
        s.put("agents", r.agents());
        List<Map<String, Object>> seats = new ArrayList<>();
        for (GameTable.SeatSummary seat : r.seats()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", seat.name());
            m.put("kind", seat.kind());
            m.putAll(seat.report());
            seats.add(m);
        }
        s.put("seats", seats);
        s.put("out", dir == null ? null : dir.toString());
        return s;
    }

    private static Map<String, Object> round(RoundSummary rs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("round", rs.round());
        m.put("winner", rs.winner());
        m.put("reason", rs.reason());
        m.put("days", rs.days());
        m.put("executed", rs.executed());
        m.put("murdered", rs.murdered());
        m.put("roles", rs.roles());
        m.put("scores", rs.scores());
        return m;
    }
}
