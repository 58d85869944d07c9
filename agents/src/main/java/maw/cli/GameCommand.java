package maw.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.agents.GameTable;
import maw.agents.Listeners;
import maw.agents.gamemaster.ConsoleView;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Journal;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.game.GameOptions;
import maw.runtime.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw game}: a whole game in this process, every agent with its own connection. */
@Command(header = "Play a whole game with every agent in this process (6 rule bots by default).", name = "game", mixinStandardHelpOptions = true,
        description = {"Play a whole game: the GameMaster, the Village, the Hideout and every seat, each agent with its",
            "own XMPP connection (or all in this JVM with --transport local). Prints the game as it happens and",
            "writes the journal and the room archives. Without options: 6 rule bots, one round."})
final class GameCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Mixin
    GameRules rules;

    @Option(names = "--bots", defaultValue = "rule", description = "what fills the seats: rule (default: ${DEFAULT-VALUE})")
    String bots;

    @Option(names = "--transport", description = "xmpp or local (default: the transport setting, xmpp)")
    String transport;

    @Option(names = "--out", description = "where the journal and room archives go (default: var/games/<time>-<game>)")
    Path out;

    @Option(names = "--full-phases", description = "let every phase run out its timer, even when everyone has voted")
    boolean fullPhases;

    @Option(names = "--quiet", description = "do not print the game as it happens")
    boolean quiet;

    @Option(names = "--json", description = "print a JSON summary as the last line")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (!"rule".equals(bots)) {
            throw new ConfigException("invalid value '" + bots + "' for --bots: expected rule");
        }
        Map<String, MawConfig.Value> flags = new LinkedHashMap<>();
        if (transport != null) {
            flags.put("transport", new MawConfig.Value(transport, "--transport"));
        }
        MawConfig settings = config.load(flags);
        GameOptions options = rules.options(!fullPhases);
        long seed = rules.seed();
        try (AgentNetwork network = AgentNetwork.open(settings, line -> System.out.println(line))) {
            String gameId = GameTable.newGameId();
            Path dir = out != null ? out : settings.home().resolve("var/games").resolve(
                    LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + gameId);
            GameTable table = new GameTable(GameTable.Spec.bots("", rules.players, rules.rounds, seed, options, dir),
                    network.transport().domain(), gameId);
            Files.createDirectories(dir);
            network.provision(table.accounts());
            System.out.printf("MAW game %s: %d rule bots, %d round(s), seed %d, on %s%n", table.gameId(),
                    rules.players, rules.rounds, seed, network.describe());
            System.out.printf("journal and room archives: %s%n", dir);
            GameTable.Result result;
            try (Journal journal = new Journal(dir.resolve("game.jsonl"), table.gameId())) {
                Listeners listeners = quiet ? new Listeners(journal)
                        : new Listeners(new ConsoleView(System.out, ""), journal);
                result = table.play(network.transport(), listeners, listeners, rules.timeout(options));
            }
            Map<String, Object> summary = summary(result, seed, network.transport().name(), dir);
            Files.writeString(dir.resolve("summary.json"), Json.MAPPER.writerWithDefaultPrettyPrinter()
                    .writeValueAsString(summary));
            System.out.printf("%nplayed in %d ms, %d messages; summary: %s%n", result.wallMillis(), result.messages(),
                    dir.resolve("summary.json"));
            if (json) {
                System.out.println(Json.write(summary));
            }
            return 0;
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
