package maw.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import maw.agents.gamemaster.Ruleset;
import maw.agents.ruleset.Variant;
import maw.app.TournamentDirector;
import maw.app.Tournaments;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.config.SeatPlan;
import maw.config.Setting;
import maw.runtime.Json;
import maw.tournament.Report;
import maw.tournament.Tournament;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw tournament}: many games between seat groups, a balanced schedule, results and ratings, resumable. */
@Command(name = "tournament", mixinStandardHelpOptions = true,
        header = "Play many games between groups of seats: a balanced schedule, results, ratings; resumable.",
        description = {"Each group of --seats is an entrant (llm[model=a]:3 is three seats of one entrant, named",
            "llm[model=a]). The schedule, printed first, chooses each game's deal so that every entrant plays every",
            "role and side about as often as its seats entitle it to. --parallel games run at once over one transport",
            "(the private ejabberd, or --transport local). Results go to --out: tournament.json (what was asked),",
            "results.jsonl (a line per game), games/NNNN (each game's journal), summary.json (the standings: win rates",
            "with 95%% intervals overall, per side and per role, TrueSkill ratings, quality of play, model cost).",
            "Stopped in any way, ./maw tournament --resume DIR plays the games results.jsonl does not hold yet.",
            "Under --rules aiwolf or aiwolf-nlp, outside[team=NAME]:N seats are agents written for the AIWolf servers:",
            "they connect to the gateway (--gateway-port: the AIWolf TCP protocol, or the NLP contest's WebSocket at",
            "/ws) and play every game of the tournament in their seats.",
            "./maw tournament report DIR writes its report (HTML, with PNG and SVG charts)."},
        subcommands = {TournamentCommand.ReportCommand.class})
final class TournamentCommand implements Callable<Integer> {

    /** {@code maw tournament report DIR}. */
    @Command(name = "report", mixinStandardHelpOptions = true,
            header = "Write a tournament's report: one HTML page with its charts, and the charts as PNG and SVG.",
            description = {"DIR/report/index.html: the standings (TrueSkill, win rates with 95%% intervals overall, per",
                "side and per role), the quality of play, the model seats' cost, each game with the command that",
                "replays it; beside it ratings, win-rates, roles and model-cost as .png and .svg."})
    static final class ReportCommand implements Callable<Integer> {

        @picocli.CommandLine.Parameters(paramLabel = "DIR", description = "the tournament's directory")
        Path dir;

        @Override
        public Integer call() throws Exception {
            if (!Files.isRegularFile(dir.resolve(Tournament.RESULTS))
                    && Files.isRegularFile(dir.resolve(maw.tournament.ForkReport.FORKS))) {
                System.out.println("report: " + maw.tournament.ForkReport.write(dir, null, null)
                        + " (each fork's outcome beside its game's)");
                return 0;
            }
            if (!Files.isRegularFile(dir.resolve(Tournament.RESULTS))) {
                throw new ConfigException("invalid value '" + dir + "' for DIR: no " + Tournament.RESULTS + " there "
                        + "(a tournament's directory, as --out named it)");
            }
            Path page;
            Report report = new Report(dir);
            try {
                page = report.write();
            } catch (IllegalArgumentException e) {
                throw new ConfigException("invalid value '" + dir + "' for DIR: " + e.getMessage());
            }
            System.out.println("report: " + page + " (charts beside it: " + String.join(", ", report.charts())
                    + ", each .png and .svg)");
            return 0;
        }
    }

    @Mixin
    ConfigOptions config;

    @Mixin
    GameRules rules;

    @Mixin
    LlmOptions llm;

    @Option(names = "--model-cassette", paramLabel = "DIR",
            description = "answer the model seats from a finished tournament's cassette (DIR: its directory, whose "
                + "cassette.jsonl holds every model call its games made) instead of the model: the same tournament "
                + "replays offline (setting llm.cassette; a call the cassette lacks stops that game unless "
                + "llm.cassette-miss is live)")
    Path modelCassette;

    @Option(names = "--games", description = "games to play (default: 10)")
    Integer games;

    @Option(names = "--seats", paramLabel = "PLAN", description = "the entrants, each a seat group: "
                + "\"llm[model=a]:3,llm[model=b]:3\" or rule:3,llm:3 (setting seats)")
    String seats;

    @Option(names = "--parallel", defaultValue = "1", description = "games played at once (default: ${DEFAULT-VALUE})")
    int parallel;

    @Option(names = "--out", paramLabel = "DIR", description = "the tournament's directory (default: "
        + "var/tournaments/DATE-SEED)")
    Path out;

    @Option(names = "--transport", description = "local (in this process) or xmpp (the private ejabberd; the "
        + "default, as the transport setting says)")
    String transport;

    @Option(names = "--gateway-port", description = "with outside seats: the port their agents connect to (default: "
        + "10000 under --rules aiwolf, 8080 under aiwolf-nlp; 0: any free port, printed)")
    Integer gatewayPort;

    @Option(names = "--gateway-bind", defaultValue = "127.0.0.1", description = "with outside seats: the address to "
        + "listen on (default: ${DEFAULT-VALUE}; 0.0.0.0 for agents on other machines)")
    String gatewayBind;

    @Option(names = "--lobby-seconds", defaultValue = "300", description = "with outside seats: how long to wait for "
        + "their agents (default: ${DEFAULT-VALUE})")
    double lobbySeconds;

    @Option(names = "--file", paramLabel = "YAML", description = "the tournament from a YAML file: its keys are the "
        + "options' names (games, seats, rules, players, parallel, out, seed, transport); options given too win")
    Path file;

    @Option(names = "--resume", paramLabel = "DIR", description = "go on with the tournament in DIR: the games it has "
        + "not played yet")
    Path resume;

    @Option(names = "--fork-from", paramLabel = "DIR", description = "fork every game of the finished tournament in DIR "
        + "at --at and play each on with --seats; each outcome beside its game's (forks.jsonl in --out)")
    Path forkFrom;

    @Option(names = "--at", paramLabel = "PHASE", description = "with --fork-from: the phase to play on from (day:2, "
        + "night:1, day:1:talk:3...)")
    String at;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private boolean resuming;

    @Option(names = "--workers", description = "hand the games to workers (./maw worker on any host) over XMPP "
        + "instead of playing them here; --parallel is then the workers' business")
    boolean workers;

    @Option(names = "--director", defaultValue = "director", description = "with --workers: the account the "
        + "tournament's director logs in as, the one workers announce themselves to (default: ${DEFAULT-VALUE})")
    String director;

    @Option(names = "--worker-key-file", paramLabel = "FILE", description = "with --workers: the key workers show "
        + "(./maw worker --key-file FILE), made there when the file is not (default: worker.key in the tournament's "
        + "directory)")
    Path workerKeyFile;

    @Option(names = "--award-seconds", description = "with --workers: how long a worker may go without a result for "
        + "the games it was awarded before they go to others (default: 1800)")
    Integer awardSeconds;

    @Override
    public Integer call() throws Exception {
        if (forkFrom != null || at != null) {
            return forkAll();
        }
        if (resume != null) {
            return resume(resume);
        }
        if (file != null) {
            return fromFile();
        }
        Tournaments.Request r = request();
        if (workers) {
            if (r.gatewayBind() != null) {
                throw new ConfigException("--workers: a tournament with outside seats plays where its gateway is");
            }
            if (awardSeconds != null) {
                Checks.range(awardSeconds, 10, 7 * 24 * 3600, "--award-seconds");
            }
            TournamentDirector.run(r, director, workerKeyFile != null ? workerKeyFile
                    : r.dir().resolve(TournamentDirector.KEY_FILE), awardSeconds != null
                    ? java.time.Duration.ofSeconds(awardSeconds) : TournamentDirector.DEFAULT_AWARD_DEADLINE,
                    System.out);
        } else {
            Tournaments.run(r, System.out);
        }
        return 0;
    }

    /** The settings with what the options set: the model seats', the seats, the transport. */
    private MawConfig settings() {
        Map<String, MawConfig.Value> flags = new LinkedHashMap<>(llm.flags());
        if (modelCassette != null) {
            flags.put("llm.cassette", new MawConfig.Value(modelCassette.toAbsolutePath().toString(),
                    "--model-cassette"));
        }
        if (seats != null) {
            flags.put("seats", new MawConfig.Value(seats, "--seats"));
        }
        if (transport != null) {
            Checks.transport(transport);
            flags.put("transport", new MawConfig.Value(transport, "--transport"));
        }
        return config.load(flags);
    }

    /** --fork-from: every game of a finished tournament forked at --at and played on with --seats. */
    private int forkAll() throws Exception {
        if (forkFrom == null || at == null) {
            throw new ConfigException(forkFrom == null ? "--at needs --fork-from (the tournament to fork)"
                    : "--fork-from needs --at (the phase to play on from, such as day:2)");
        }
        if (seats == null) {
            throw new ConfigException("--fork-from needs --seats: who plays the games on from " + at);
        }
        maw.app.Forks.Point point = maw.app.Forks.point(at, "--at");
        MawConfig settings = settings();
        maw.config.SeatPlan plan = maw.app.Seats.plan(settings, "rule", null, 0);
        Path dir = out != null ? out : forkFrom.resolveSibling(forkFrom.getFileName() + "-fork-"
                + at.replace(':', '-'));
        maw.app.TournamentForks.run(settings, forkFrom, point, plan, dir, System.out);
        return 0;
    }

    /**
     * The tournament a worker plays games of: built from the arguments it was started with and its seed, as a resume
     * builds it, its games' journals under {@code dir}.
     */
    static Tournaments.Request forWorker(List<String> args, long seed, Path dir) throws Exception {
        return again(args, seed, dir).request();
    }

    /** The tournament {@code args} started, with its seed, going on in {@code dir}: as a resume builds it again. */
    private static TournamentCommand again(List<String> args, long seed, Path dir) {
        TournamentCommand again = new TournamentCommand();
        CommandLine line = new CommandLine(again);
        line.parseArgs(args.toArray(String[]::new));
        again.out = dir;
        again.rules.seed = seed;
        again.resuming = true;
        again.file = null;
        again.resume = null;
        again.spec = line.getCommandSpec();
        return again;
    }

    /** What the options ask for, checked. */
    private Tournaments.Request request() throws Exception {
        int count = games == null ? 10 : games;
        Checks.games(count);
        Checks.range(parallel, 1, 200, "--parallel");
        if (rules.rounds != 1) {
            throw new ConfigException("invalid value '" + rules.rounds + "' for --rounds: a tournament's game is one "
                    + "round (ask for more games)");
        }
        MawConfig settings = settings();
        SeatPlan plan = SeatPlan.parse(settings.value(Setting.SEATS));
        if (plan == null) {
            throw new ConfigException("a tournament needs its entrants: --seats \"llm[model=a]:3,rule:3\" (or the "
                    + "seats setting)");
        }
        if (plan.has(SeatPlan.Kind.HUMAN)) {
            throw new ConfigException("invalid value '" + settings.value(Setting.SEATS).text() + "' for "
                    + "--seats: a tournament's entrants are rule, model and outside seats (people play with ./maw "
                    + "game)");
        }
        boolean outside = plan.has(SeatPlan.Kind.OUTSIDE);
        if (outside && rules.variant().gatewayPort() == 0) {
            throw new ConfigException("invalid value '" + settings.value(Setting.SEATS).text() + "' for "
                    + "--seats: outside seats play under --rules " + Variant.names(
                            Variant.all().stream().filter(v -> v.gatewayPort() > 0).toList())
                    + " (a rule set with a gateway for outside agents)");
        }
        if (outside && parallel != 1) {
            throw new ConfigException("invalid value '" + parallel + "' for --parallel: a tournament with outside seats "
                    + "plays one game at a time (each outside agent has one seat)");
        }
        Checks.lobbySeconds(lobbySeconds);
        if (gatewayPort != null) {
            Checks.port(gatewayPort, "--gateway-port");
        }
        if (rules.players != null && rules.players != plan.seats()) {
            throw new ConfigException("--players " + rules.players + " does not match seats " + settings.value(
                    Setting.SEATS).text() + " (" + plan.seats() + " seats)");
        }
        rules.players = plan.seats();
        rules.pace(settings, plan.has(SeatPlan.Kind.LLM));
        // Every seat is the tournament's own: the GameMaster takes their acts as fast as they come, game after game.
        Ruleset<?, ?, ?> ruleset = Tournament.trusted(rules.ruleset(true));
        long seed = rules.seed();
        // Entrants: one per group, named as the group is written without its count; seats A1, A2, B1...
        Map<String, String> seatEntrant = new LinkedHashMap<>();
        List<String> entrantNames = new ArrayList<>();
        for (int g = 0; g < plan.groups().size(); g++) {
            SeatPlan.Group group = plan.groups().get(g);
            String name = group.label().replaceFirst(":\\d+$", "");
            String unique = name;
            for (int n = 2; entrantNames.contains(unique); n++) {
                unique = name + "#" + n;
            }
            entrantNames.add(unique);
            String letter = g < 26 ? String.valueOf((char) ('A' + g)) : "E" + (g + 1) + "-";
            for (int i = 1; i <= group.count(); i++) {
                seatEntrant.put(letter + i, unique);
            }
        }
        Path dir = resuming ? out : out != null ? out : settings.path(Setting.GAMES_DIR).getParent()
                .resolve("tournaments").resolve(LocalDateTime.now().format(
                        DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + seed);
        return new Tournaments.Request(settings, plan, seatEntrant, ruleset, rules.variant(), count, seed,
                parallel, dir, resuming, ownArgs(), outside ? gatewayBind : null, gatewayPort != null ? gatewayPort
                        : rules.variant().gatewayPort(), Duration.ofMillis(Math.round(lobbySeconds * 1000)));
    }

    /** The arguments this command was given (after its name, when it came as {@code maw tournament ...}). */
    private List<String> ownArgs() {
        if (spec.commandLine().getParseResult() == null) {
            return List.of();
        }
        List<String> all = spec.commandLine().getParseResult().originalArgs();
        int at = spec.commandLine().getParent() == null ? -1 : all.indexOf(spec.name());
        return List.copyOf(all.subList(at + 1, all.size()));
    }

    /** Builds the tournament in {@code dir} again from the arguments it was started with, and goes on with it. */
    private int resume(Path dir) throws Exception {
        if (!Files.isRegularFile(dir.resolve("tournament.json"))) {
            throw new ConfigException("invalid value '" + dir + "' for --resume: no tournament.json there");
        }
        JsonNode t = Tournament.read(dir);
        List<String> args = new ArrayList<>();
        t.path("args").forEach(a -> args.add(a.asText()));
        return again(args, t.path("seed").asLong(), dir).call();
    }

    /** The options a YAML file gives, as arguments, then those of the command line (which win). */
    private int fromFile() throws Exception {
        Object yaml;
        try {
            yaml = new ObjectMapper(
                    new YAMLFactory()).readValue(file.toFile(), Object.class);
        } catch (IOException | RuntimeException e) {
            throw new ConfigException("invalid value '" + file + "' for --file: " + e.getMessage());
        }
        if (!(yaml instanceof Map<?, ?> map)) {
            throw new ConfigException("invalid value '" + file + "' for --file: a YAML map of options (games: 20, "
                    + "seats: ...)");
        }
        List<String> args = new ArrayList<>();
        Set<String> known = Set.of("games", "seats", "rules", "players", "parallel", "out",
                "seed", "transport", "turn-seconds", "day-seconds", "night-seconds", "gateway-port", "gateway-bind",
                "lobby-seconds");
        Set<String> onCommandLine = new HashSet<>();
        for (String a : ownArgs()) {
            if (a.startsWith("--")) {
                onCommandLine.add(a.contains("=") ? a.substring(2, a.indexOf('=')) : a.substring(2));
            }
        }
        for (var e : map.entrySet()) {
            String key = String.valueOf(e.getKey());
            if (!known.contains(key)) {
                throw new ConfigException("invalid key '" + key + "' in " + file + ": expected one of "
                        + String.join(", ", new TreeSet<>(known)));
            }
            if (onCommandLine.contains(key)) {
                continue; // the command line's value wins
            }
            Object v = e.getValue();
            args.add("--" + key);
            args.add(v instanceof List<?> || v instanceof Map<?, ?> ? Json.MAPPER.writeValueAsString(v)
                    : String.valueOf(v));
        }
        List<String> given = new ArrayList<>(ownArgs());
        for (int k = 0; k < given.size(); k++) {
            if (given.get(k).equals("--file")) {
                given.remove(k);
                given.remove(k);
                k--;
            }
        }
        args.addAll(given);
        TournamentCommand again = new TournamentCommand();
        CommandLine line = new CommandLine(again);
        try {
            line.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new ConfigException(file + ": " + e.getMessage());
        }
        again.spec = line.getCommandSpec();
        return again.call();
    }
}
