package maw.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import maw.agents.gamemaster.ConsoleView;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Journal;
import maw.agents.gamemaster.Recovery;
import maw.agents.human.UserInterfaceAgent;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.config.SeatPlan;
import maw.game.GameOptions;
import maw.game.GameState;
import maw.runtime.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw game}: a whole game in this process, every agent with its own connection. */
@Command(header = "Play a whole game with every agent in this process (6 rule bots by default).", name = "game", mixinStandardHelpOptions = true,
        description = {"Play a whole game: the GameMaster, the Village, the Hideout and every seat,",
            "each agent with its own XMPP connection (or all in this JVM with --transport",
            "local). Prints the game as it happens and writes the journal and the room",
            "archives. Without options: 6 rule bots, one round. Model seats (--bots llm,",
            "--seats llm:3,rule:3) use the llm.* settings; the model server is checked",
            "before the game starts. --humans 1 keeps a seat for you at this terminal."})
final class GameCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Mixin
    GameRules rules;

    @Mixin
    LlmOptions llm;

    @Option(names = "--bots", defaultValue = "rule",
            description = "what fills every seat: rule or llm (default: ${DEFAULT-VALUE})")
    String bots;

    @Option(names = "--seats", paramLabel = "PLAN",
            description = {"a mix of seats, e.g. llm:3,rule:3 or llm[model=qwen2.5:7b]:2,llm:2,rule:2",
                "(setting seats; overrides --bots and sets the number of players)"})
    String seats;

    @Option(names = "--humans", defaultValue = "0",
            description = "seats kept for the person at this terminal: 0 or 1 (default: ${DEFAULT-VALUE}); the others "
                    + "are filled by --bots or --seats")
    int humans;

    @Option(names = "--name", description = "your name at the table, with --humans 1 (default: your login name)")
    String name;

    @Option(names = "--open-seats", defaultValue = "0",
            description = "more seats, for players who join from elsewhere (./maw join, ./maw player) (default: "
                    + "${DEFAULT-VALUE})")
    int openSeats;

    @Option(names = "--lobby-seconds", defaultValue = "60",
            description = "how long open seats wait for their players; --bots fills those still empty (default: "
                    + "${DEFAULT-VALUE})")
    double lobbySeconds;

    @Option(names = "--transport", description = "xmpp or local (default: the transport setting, xmpp)")
    String transport;

    @Option(names = "--out", description = "where the journal and room archives go (default: <games.dir>/<time>-<game>, games.dir being var/games)")
    Path out;

    @Option(names = "--full-phases", description = "let every phase run out its timer, even when everyone has voted")
    boolean fullPhases;

    @Option(names = "--quiet", description = "do not print the game as it happens")
    boolean quiet;

    @Option(names = "--web", arity = "0..1", fallbackValue = "7070", paramLabel = "PORT",
            description = "watch the game in the browser at http://127.0.0.1:PORT/ (default port 7070; 0: any free "
                    + "one); the god view's address is printed unless a person plays at this terminal")
    Integer web;

    @Option(names = "--json", description = "print a JSON summary as the last line")
    boolean json;

    @Option(names = "--resume", paramLabel = "DIR",
            description = {"take up a game whose process died from its journal DIR/game.jsonl: the same table, seats",
                "and seed; the current phase goes on to its recorded deadline (the game's own settings win over",
                "the seat and rule options given here)"})
    Path resume;

    /** What a table was made of, kept beside its journal so that {@code --resume} can set it again. */
    record TableFile(String seats, String bots, int humans, String name, int openSeats, double lobbySeconds) {}

    @Override
    public Integer call() throws Exception {
        Recovery<?, ?> recovery = null;
        if (resume != null) {
            Path tableFile = resume.resolve("table.json");
            if (!Files.isRegularFile(tableFile)) {
                throw new ConfigException("invalid value '" + resume + "' for --resume: it has no table.json (only a "
                        + "game started by ./maw game is resumed by ./maw game --resume; ./maw gm --resume takes up a "
                        + "GameMaster's game)");
            }
            recovery = GameRules.recover(resume);
            TableFile t = Json.MAPPER.readValue(tableFile.toFile(), TableFile.class);
            seats = t.seats();
            bots = t.bots();
            humans = t.humans();
            name = t.name();
            openSeats = t.openSeats();
            lobbySeconds = t.lobbySeconds();
            rules.players = recovery.config().players();
            rules.ruleSet = recovery.rules();
            rules.rounds = recovery.config().rounds();
            rules.seed = recovery.config().seed();
            out = resume;
        }
        Map<String, MawConfig.Value> flags = new LinkedHashMap<>(llm.flags());
        if (transport != null) {
            flags.put("transport", new MawConfig.Value(transport, "--transport"));
        }
        if (seats != null) {
            flags.put("seats", new MawConfig.Value(seats, "--seats"));
        }
        MawConfig settings = config.load(flags);
        if (openSeats < 0 || openSeats > 59) {
            throw new ConfigException("invalid value '" + openSeats + "' for --open-seats: expected 0 to 59");
        }
        if (!(lobbySeconds >= 0) || lobbySeconds > 86_400) {
            throw new ConfigException("invalid value '" + lobbySeconds + "' for --lobby-seconds: expected 0 to 86400");
        }
        // --players counts every seat, open ones included (6 by default, unless --seats says how many).
        Integer tableSeats = rules.players != null ? Integer.valueOf(rules.players - openSeats)
                : SeatPlan.parse(settings.value(maw.config.Setting.SEATS)) == null
                        ? Integer.valueOf(rules.defaultPlayers() - openSeats)
                : null;
        SeatPlan plan = Seats.plan(settings, bots, tableSeats, humans);
        rules.players = plan.seats() + openSeats;
        GameMasterAgent.Ruleset<?, ?, ?> ruleset = recovery != null ? GameRules.ruleset(recovery)
                : rules.ruleset(!fullPhases);
        java.time.Duration timeout = GameRules.timeout(ruleset, rules.rounds);
        long seed = rules.seed();
        String gameId = recovery != null ? recovery.gameId() : GameTable.newGameId();
        Path dir = GameRules.gameDir(settings, out, gameId);
        boolean person = plan.has(SeatPlan.Kind.HUMAN);
        List<String> names = seatNames(plan, person ? personName(name) : null);
        HumanTerminal terminal = person ? HumanTerminal.system() : null;
        UserInterfaceAgent[] seat = new UserInterfaceAgent[1];
        GameTable.SeatFiller human = !person ? null : new GameTable.SeatFiller() {
            @Override
            public UserInterfaceAgent create(GameTable.Seat s) {
                seat[0] = new UserInterfaceAgent(s.jid(), s.password(), s.name(), s.player(), terminal);
                terminal.attach(seat[0]);
                return seat[0];
            }

            @Override
            public String kind() {
                return "human";
            }
        };
        ThinkingWatch watch = new ThinkingWatch(System.out, 10_000, 15_000);
        // The seats the table fills, then (with open seats) one more group: what fills the open seats left empty.
        List<SeatPlan.Group> groups = new java.util.ArrayList<>(plan.groups());
        if (openSeats > 0) {
            groups.addAll(Seats.plan(settings.with(Map.of(), "--bots"), bots, 1, 0).groups());
        }
        List<GameTable.SeatFiller> all = watch.watch(Seats.fillers(settings, new SeatPlan(groups),
                dir.resolve("contexts"), human, System.out::println, rules.variant().bots()));
        List<GameTable.SeatFiller> fillers = all.subList(0, plan.seats());
        GameTable.SeatFiller fallback = openSeats == 0 ? null : all.get(plan.seats());
        if (!quiet && !person) {
            watch.start();
        }
        try (watch; AgentNetwork network = AgentNetwork.open(settings, line -> System.out.println(line))
                .stopServerOnClose(System.err::println)) {
            GameTable.Spec spec = new GameTable.Spec("", names, fillers, rules.rounds, seed, ruleset, dir);
            if (openSeats > 0) {
                spec = spec.withOpenSeats(openSeats, Duration.ofMillis(Math.round(lobbySeconds * 1000)), fallback);
            }
            if (recovery != null) {
                spec = spec.resuming(recovery);
            }
            GameTable table = new GameTable(spec, network.transport().domain(), gameId);
            Files.createDirectories(dir);
            if (recovery == null) {
                Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("table.json").toFile(),
                        new TableFile(seats, bots, humans, name, openSeats, lobbySeconds));
            }
            if (recovery != null) {
                network.provision(table.accounts());
            } else {
                network.provisionUnused(table.accounts(), "a game with the same account names");
            }
            // A person at the table sees neither the seed (the deal follows from it) nor where the journal is (it
            // holds every role and the Hideout) until the game is over.
            System.out.printf("MAW game %s: %s, %d round(s), %son %s%n", table.gameId(),
                    Seats.describe(settings, plan), rules.rounds, person ? "" : "seed " + seed + ", ",
                    network.describe());
            if (recovery != null) {
                System.out.printf("resuming it from its journal: %s, %d command(s) replayed%n", recovery.round() == 0
                        ? "in the lobby" : "round " + recovery.round() + ", " + recovery.state().phase(),
                        recovery.commands());
            }
            if (!person) {
                System.out.printf("journal and room archives: %s%n", dir);
            }
            if (openSeats > 0) {
                System.out.printf("%d open seat(s): join within %s s with ./maw join --name NAME --gm %s (from another "
                        + "machine: --server HOST); then %s fill them%n", openSeats,
                        new java.text.DecimalFormat("0.#").format(lobbySeconds), table.gameMaster(),
                        "llm".equals(bots) ? "model seats" : "rule bots");
            }
            if (web != null && (web < 0 || web > 65535)) {
                throw new ConfigException("invalid value '" + web + "' for --web: a port, 0 to 65535");
            }
            // Once the table's agents are up, the monitor watches at its GameMaster (the god view's token is shown
            // only when no person plays here: it would give the roles away); people may take the open seats from its
            // page, as with ./maw join.
            WebCommand.TableWatch watching = web == null ? null : new WebCommand.TableWatch(network, table,
                    person ? null : table.watchToken(), web, "maw game", m -> {
                        if (openSeats > 0) {
                            m.seats(new maw.web.WebSeats(network.transport(), network::provision, table.gameMaster(),
                                    table.gameId().toLowerCase(java.util.Locale.ROOT) + "-"));
                        }
                    });
            GameTable.Result result;
            try (Journal journal = new Journal(dir.resolve("game.jsonl"), table.gameId())) {
                // With a person at the table, this terminal shows their seat only: the moderator's view would give
                // the roles away.
                Listeners listeners = quiet || person ? new Listeners(journal)
                        : new Listeners(new ConsoleView(System.out, ""), journal);
                result = person ? playWithPerson(table, network, listeners, terminal, seat, timeout)
                        : table.play(network.transport(), listeners, listeners, timeout);
            } finally {
                if (terminal != null) {
                    terminal.close();
                }
                if (watching != null) {
                    watching.close();
                }
            }
            if (result == null) {
                System.out.println("You left the table; the game is abandoned. The journal so far: "
                        + dir.resolve("game.jsonl") + " (seed " + seed + ")");
                return 0;
            }
            Map<String, Object> summary = summary(result, seed, network.transport().name(), dir);
            Files.writeString(dir.resolve("summary.json"), Json.MAPPER.writerWithDefaultPrettyPrinter()
                    .writeValueAsString(summary));
            printModelSeats(result);
            System.out.printf("%nplayed in %d ms, %d messages, seed %d; journal, room archives and summary: %s%n",
                    result.wallMillis(), result.messages(), seed, dir);
            if (web != null) {
                System.out.printf("the web monitor closed with the game; step through it again with ./maw web "
                        + "--replay %s%n", dir);
            }
            if (json) {
                System.out.println(Json.write(summary));
            }
            return 0;
        }
    }

    /** Plays while the person at this terminal plays their seat; null when they leave before the end. */
    private GameTable.Result playWithPerson(GameTable table, AgentNetwork network, Listeners listeners,
            HumanTerminal terminal, UserInterfaceAgent[] seat, java.time.Duration timeout) throws Exception {
        CompletableFuture<GameTable.Result> played = new CompletableFuture<>();
        Thread game = Thread.ofVirtual().name("game").start(() -> {
            try {
                played.complete(table.play(network.transport(), listeners, listeners, timeout));
            } catch (Throwable e) {
                played.completeExceptionally(e);
            } finally {
                if (seat[0] != null) {
                    seat[0].over().complete(null); // whatever happened, the person's game is over
                }
            }
        });
        table.allStarted().join();
        boolean quit = terminal.run();
        if (quit && !played.isDone()) {
            table.abort("the person left the table");
        }
        game.join();
        try {
            return played.get();
        } catch (java.util.concurrent.CancellationException e) {
            return null;
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof java.util.concurrent.CancellationException) {
                return null;
            }
            throw e.getCause() instanceof Exception x ? x : e;
        }
    }

    /** The seats' names: the person's first, then the usual names (Alice, Bob...) other than theirs. */
    static List<String> seatNames(SeatPlan plan, String person) {
        List<String> names = new java.util.ArrayList<>();
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

    /** --name, else the login name with a capital, else "You". */
    static String personName(String given) {
        String n = given != null ? given.strip() : System.getenv().getOrDefault("USER", "");
        if (n.isEmpty() || "root".equals(n)) {
            return "You";
        }
        return given != null ? n : Character.toUpperCase(n.charAt(0)) + n.substring(1);
    }

    /** One line per model seat: what it cost and what went wrong. */
    private static void printModelSeats(GameTable.Result r) {
        boolean header = false;
        for (GameTable.SeatSummary s : r.seats()) {
            if (!"llm".equals(s.kind()) || s.report().isEmpty()) {
                continue;
            }
            if (!header) {
                System.out.printf("%nmodel seats:%n");
                header = true;
            }
            Map<String, Object> m = s.report();
            System.out.printf("  %-8s %s: %s calls, %s prompt tokens (largest %s of %s), %s output tokens, "
                    + "%s retries, %s gave up%s%n", s.name(), m.get("model"), m.get("calls"), m.get("promptTokens"),
                    m.get("largestPromptTokens"), m.get("contextBudget"), m.get("outputTokens"), m.get("retries"),
                    m.get("gaveUp"), m.get("problems") instanceof Map<?, ?> p && !p.isEmpty() ? "; problems " + p : "");
        }
    }

    static Map<String, Object> summary(GameTable.Result r, long seed, String transport, Path dir) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("game", r.gameId());
        s.put("seed", seed);
        s.put("transport", transport);
        s.put("rounds", r.rounds().stream().map(GameCommand::round).toList());
        s.put("scores", r.totals());
        s.put("messages", r.messages());
        s.put("wallMillis", r.wallMillis());
        s.put("agents", r.agents());
        List<Map<String, Object>> seats = new java.util.ArrayList<>();
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

    private static Map<String, Object> round(GameMasterAgent.RoundSummary rs) {
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
