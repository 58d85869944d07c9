package maw.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Recovery;
import maw.agents.gamemaster.Ruleset;
import maw.agents.table.GameTable;
import maw.app.GamePlay;
import maw.app.Monitors;
import maw.app.Games;
import maw.app.Seats;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.config.SeatPlan;
import maw.config.Setting;
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
            description = "a mix of seats, e.g. llm:3,rule:3 or llm[model=qwen2.5:7b]:2,llm:2,rule:2 "
                + "(setting seats; overrides --bots and sets the number of players)")
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

    @Option(names = "--chat-seats", defaultValue = "0",
            description = "more seats, for people at ordinary XMPP chat clients (Conversations, Gajim, Dino, "
                    + "Profanity): they chat with the GameMaster and type join NAME; needs the xmpp transport "
                    + "(default: ${DEFAULT-VALUE})")
    int chatSeats;

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

    @Option(names = "--web-stays", paramLabel = "SECONDS", description = "once the game is over, how long its page "
            + "goes on serving it as a replay (default: until the command is stopped; 0: the page closes with the game)")
    Double webStays;

    @Option(names = "--json", description = "print a JSON summary as the last line")
    boolean json;

    @Option(names = "--fork", paramLabel = "DIR",
            description = "play on from a point of the game journaled in DIR (with --at): its journal is replayed to "
                + "the start of that phase, word for word, and the game goes on live under a new game id; the same "
                + "table, or other seats with --seats")
    Path fork;

    @Option(names = "--at", paramLabel = "PHASE",
            description = "with --fork: the phase to play on from, as day:2, night:1, or day:1:3 (day 1, step 3)")
    String at;

    @Option(names = "--model-cassette", paramLabel = "FILE",
            description = "answer the model seats from a cassette (a game's cassette.jsonl: every model call it made) "
                + "instead of the model, exactly as recorded (setting llm.cassette; a call it lacks stops the game "
                + "unless llm.cassette-miss is live)")
    Path modelCassette;

    @Option(names = "--resume", paramLabel = "DIR",
            description = "take up a game whose process died from its journal DIR/game.jsonl: the same table, seats "
                + "and seed; the current phase goes on to its recorded deadline (the game's own settings win over "
                + "the seat and rule options given here)")
    Path resume;

    /** Writes the fork that --fork and --at ask for into a new game directory; returns it, to be taken up. */
    private Path forkInto() throws java.io.IOException {
        if (fork == null || at == null) {
            throw new ConfigException(fork == null ? "--at needs --fork (the game to play on from)"
                    : "--fork needs --at (the phase to play on from, such as day:2)");
        }
        if (resume != null) {
            throw new ConfigException("--fork and --resume do not go together: a fork is a new game");
        }
        maw.app.Forks.Point point = maw.app.Forks.point(at, "--at");
        GamePlay.TableFile parent = GamePlay.TableFile.of(fork, "--fork");
        String gameId = maw.agents.table.GameTable.newGameId();
        Path dir = maw.app.Games.gameDir(config.load(Map.of()), out, gameId);
        GamePlay.TableFile table = seats == null ? parent : new GamePlay.TableFile(seats, parent.bots(),
                parent.humans(), parent.name(), parent.openSeats(), parent.lobbySeconds());
        int kept = maw.app.Forks.fork(fork, point, dir, gameId, table);
        System.out.printf("forking %s at %s: %d line(s) of its journal kept, as game %s in %s%n", fork,
                point.text(), kept, gameId, dir);
        out = null;
        return dir;
    }

    @Override
    public Integer call() throws Exception {
        Recovery<?, ?> recovery = null;
        if (fork != null || at != null) {
            resume = forkInto();
        }
        if (resume != null) {
            GamePlay.TableFile t = GamePlay.TableFile.of(resume, "--resume");
            recovery = Games.recover(resume, "--resume");
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
        if (modelCassette != null) {
            flags.put("llm.cassette", new MawConfig.Value(modelCassette.toAbsolutePath().toString(),
                    "--model-cassette"));
        }
        MawConfig settings = config.load(flags);
        if (chatSeats < 0 || chatSeats > 59) {
            throw new ConfigException("invalid value '" + chatSeats + "' for --chat-seats: expected 0 to 59");
        }
        if (chatSeats > 0 && "local".equalsIgnoreCase(settings.string(Setting.TRANSPORT).strip())) {
            throw new ConfigException("--chat-seats needs the xmpp transport: people at chat clients come through "
                    + "ejabberd (the transport is local)");
        }
        // Seats for chat clients are open seats: the GameMaster seats whoever takes them, by ./maw join or by chat.
        openSeats += chatSeats;
        chatSeats = 0;
        if (openSeats < 0 || openSeats > 59) {
            throw new ConfigException("invalid value '" + openSeats + "' for --open-seats: expected 0 to 59");
        }
        if (!(lobbySeconds >= 0) || lobbySeconds > 86_400) {
            throw new ConfigException("invalid value '" + lobbySeconds + "' for --lobby-seconds: expected 0 to 86400");
        }
        if (web != null && (web < 0 || web > 65535)) {
            throw new ConfigException("invalid value '" + web + "' for --web: a port, 0 to 65535");
        }
        java.time.Duration stays = Checks.webStays(webStays);
        // --players counts every seat, open ones included (6 by default, unless --seats says how many).
        Integer tableSeats = rules.players != null ? Integer.valueOf(rules.players - openSeats)
                : SeatPlan.parse(settings.value(Setting.SEATS)) == null
                        ? Integer.valueOf(rules.defaultPlayers() - openSeats)
                : null;
        SeatPlan plan = Seats.plan(settings, bots, tableSeats, humans);
        rules.players = plan.seats() + openSeats;
        rules.pace(settings, plan.has(SeatPlan.Kind.LLM));
        Ruleset<?, ?, ?> ruleset = recovery != null ? Games.ruleset(recovery)
                : rules.ruleset(!fullPhases);
        boolean person = plan.has(SeatPlan.Kind.HUMAN);
        HumanTerminal terminal = person ? HumanTerminal.system() : null;
        GamePlay.Played played = GamePlay.play(new GamePlay.Request(settings, plan,
                GamePlay.seatNames(plan, person ? personName(name) : null),
                openSeats > 0 ? Seats.plan(settings.with(Map.of(), "--bots"), bots, 1, 0) : null, ruleset,
                rules.rounds, rules.seed(), recovery, out, openSeats, lobbySeconds,
                new GamePlay.TableFile(seats, bots, humans, name, openSeats, lobbySeconds),
                terminal, quiet, web), System.out);
        if (played.result() == null) {
            System.out.println("You left the table; the game is abandoned. The journal so far: "
                    + played.dir().resolve("game.jsonl") + " (seed " + played.seed() + ")");
            return 0;
        }
        printModelSeats(played.result());
        System.out.printf("%nplayed in %d ms, %d messages, seed %d; journal, room archives and summary: %s%n",
                played.result().wallMillis(), played.result().messages(), played.seed(), played.dir());
        if (json) {
            System.out.println(Json.write(played.summary()));
        }
        if (played.webPort() != null) {
            Monitors.keepFinished(played.dir(), played.webPort(), played.watchToken(), stays, System.out::println);
        }
        return 0;
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
        // The servers of the seats' model pools: each one's calls, errors and latency, all its seats together.
        Map<String, long[]> servers = new java.util.TreeMap<>();
        for (GameTable.SeatSummary s : r.seats()) {
            if (s.report().get("endpoints") instanceof Map<?, ?> pool) {
                pool.forEach((url, v) -> {
                    Map<?, ?> e = (Map<?, ?>) v;
                    long[] sum = servers.computeIfAbsent(String.valueOf(url), k -> new long[3]);
                    sum[0] += e.get("calls") instanceof Number n ? n.longValue() : 0;
                    sum[1] += e.get("errors") instanceof Number n ? n.longValue() : 0;
                    sum[2] += e.get("callMillis") instanceof Number n ? n.longValue() : 0;
                });
            }
        }
        if (!servers.isEmpty()) {
            System.out.printf("  model servers:%n");
            servers.forEach((url, v) -> System.out.printf("    %s: %d calls, %d errors, %d ms a call%n", url, v[0],
                    v[1], v[0] == 0 ? 0 : v[2] / v[0]));
        }
    }
}
