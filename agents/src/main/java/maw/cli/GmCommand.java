package maw.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.ConsoleView;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Journal;
import maw.agents.gamemaster.Recovery;
import maw.game.Event;
import maw.game.GameState;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.game.GameOptions;
import maw.game.Room;
import maw.runtime.Agent;
import maw.runtime.Jid;
import maw.runtime.Json;
import maw.runtime.xmpp.XmppTransport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw gm}: the GameMaster and the two rooms alone, for players that join from other processes or hosts. */
@Command(header = "Run the GameMaster and the rooms; players join from other processes.", name = "gm", mixinStandardHelpOptions = true,
        description = {"Run the GameMaster, the Village and the Hideout, and wait for players to join over XMPP",
            "(./maw player --name NAME, from this or another machine, against the same server).",
            "The journal (game.jsonl) is appended and flushed as the game goes; if the GameMaster",
            "dies, --resume DIR takes the game up again with the same seats."})
final class GmCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Mixin
    GameRules rules;

    @Option(names = "--name", defaultValue = "gamemaster",
            description = "the GameMaster's account; the rooms are NAME-village and NAME-hideout (default: ${DEFAULT-VALUE})")
    String name;

    @Option(names = "--password", description = "password of the accounts on an external server (the private "
            + "server's are created with a fresh one)")
    String password;

    @Option(names = "--end-early", description = "end a phase as soon as everyone who may vote has voted")
    boolean endEarly;

    @Option(names = "--out", description = "where the journal and room archives go (default: <games.dir>/<time>-<game>, games.dir being var/games)")
    Path out;

    @Option(names = "--json", description = "print a JSON summary as the last line")
    boolean json;

    @Option(names = "--web", arity = "0..1", fallbackValue = "7070", paramLabel = "PORT",
            description = "watch the game in the browser at http://127.0.0.1:PORT/ (default port 7070; 0: any free one)")
    Integer web;

    @Option(names = "--resume", paramLabel = "DIR",
            description = {"take up a game whose GameMaster died (kill -9, a crash, a reboot) from its journal",
                "DIR/game.jsonl: the same table and seats; the current phase goes on to its recorded",
                "deadline (the journal's settings win over the rule options given here)"})
    Path resume;

    @SuppressWarnings("unchecked")
    static <S extends maw.game.GameView, O, E extends maw.game.GameEvent> GameMasterAgent<S, O, E> gameMaster(
            GameMasterAgent.Ruleset<S, O, E> ruleset, Jid jid, String pw, GameMasterAgent.Config config,
            GameMasterAgent.Listener listener, Recovery<?, ?> recovery) {
        GameMasterAgent<S, O, E> master = new GameMasterAgent<>(jid, pw, config, ruleset, listener);
        if (recovery != null) {
            master.resume((Recovery<S, O>) recovery);
        }
        return master;
    }

    @Override
    public Integer call() throws Exception {
        MawConfig settings = config.load();
        Recovery<?, ?> recovery = null;
        if (resume != null) {
            recovery = GameRules.recover(resume);
        }
        GameMasterAgent.Ruleset<?, ?, ?> ruleset = recovery != null ? GameRules.ruleset(recovery)
                : rules.ruleset(endEarly);
        long seed = recovery != null ? recovery.config().seed() : rules.seed();
        try (AgentNetwork network = AgentNetwork.open(settings, System.out::println)) {
            if (!(network.transport() instanceof XmppTransport)) {
                throw new ConfigException("maw gm waits for players from other processes: it needs transport xmpp");
            }
            String pw = Names.password(password, network);
            String domain = network.transport().domain();
            Jid gm;
            GameMasterAgent.Config gmConfig;
            if (recovery != null) {
                gm = recovery.gameMaster();
                gmConfig = recovery.config();
                if (!domain.equalsIgnoreCase(gm.domain())) {
                    throw new ConfigException("invalid value '" + resume + "' for --resume: its game was played on "
                            + gm.domain() + ", and this server serves " + domain);
                }
            } else {
                String local = Names.account(name, "--name");
                gm = Jid.of(local, domain);
                gmConfig = new GameMasterAgent.Config(GameTable.newGameId(), rules.players(), rules.rounds, seed,
                        Jid.of(local + "-village", domain), Jid.of(local + "-hideout", domain),
                        java.time.Duration.ofSeconds(10), java.time.Duration.ofSeconds(10));
            }
            Map<String, String> accounts = new LinkedHashMap<>();
            for (Jid j : List.of(gm, gmConfig.village(), gmConfig.hideout())) {
                accounts.put(j.local(), pw);
            }
            if (recovery != null) {
                network.provision(accounts); // the GameMaster that died may still look logged in: it is replaced
            } else {
                network.provisionUnused(accounts, "a GameMaster named " + gm.local());
            }
            String gameId = gmConfig.gameId();
            Path dir = recovery != null ? resume : GameRules.gameDir(settings, out, gameId);
            Files.createDirectories(dir);
            try (Journal journal = new Journal(dir.resolve("game.jsonl"), gameId)) {
                Listeners listeners = new Listeners(new ConsoleView(System.out, ""), journal);
                GameMasterAgent<?, ?, ?> master = gameMaster(ruleset, gm, pw, gmConfig, listeners, recovery);
                List<Agent> agents = List.of(
                        new ChatRoomAgent(gmConfig.village(), pw, Room.VILLAGE, gm, dir.resolve("rooms"), listeners),
                        new ChatRoomAgent(gmConfig.hideout(), pw, Room.HIDEOUT, gm, dir.resolve("rooms"), listeners),
                        master);
                for (Agent a : agents) {
                    a.start(network.transport());
                }
                if (recovery != null) {
                    System.out.printf("GameMaster %s resumes game %s from %s: %s, %d seat(s) (%s), on %s.%n", gm,
                            gameId, dir, recovery.round() == 0 ? "in the lobby" : "round " + recovery.round() + ", "
                                    + recovery.state().phase() + ", " + recovery.commands() + " command(s) replayed",
                            recovery.seats().size(), String.join(", ", recovery.names()), network.describe());
                } else {
                    System.out.printf("GameMaster %s (game %s, seed %d) waits for %d players on %s.%n", gm, gameId,
                            seed, gmConfig.players(), network.describe());
                    System.out.printf("Join with: ./maw player --name NAME --gm %s   (or ./maw join ...)%n", gm);
                    System.out.printf("Watch token (the god view of a watcher: roles, the pack, whispers): %s%n",
                            master.watchToken());
                }
                System.out.printf("journal and room archives: %s%n", dir);
                maw.web.WebMonitor monitor = null;
                if (web != null) {
                    if (web < 0 || web > 65535) {
                        throw new ConfigException("invalid value '" + web + "' for --web: a port, 0 to 65535");
                    }
                    monitor = WebCommand.start(network, gm, master.watchToken(), web).agents(() -> agents);
                    WebCommand.offerSeats(network, monitor, gm);
                }
                long t0 = System.nanoTime();
                try {
                    List<GameMasterAgent.RoundSummary> rounds = master.finished().get();
                    Map<String, Object> summary = new LinkedHashMap<>();
                    summary.put("game", gameId);
                    summary.put("seed", seed);
                    summary.put("rounds", rounds);
                    summary.put("scores", master.totals());
                    summary.put("messages", agents.stream().mapToLong(Agent::sentCount).sum());
                    summary.put("wallMillis", (System.nanoTime() - t0) / 1_000_000);
                    Files.writeString(dir.resolve("summary.json"), Json.write(summary));
                    if (json) {
                        System.out.println(Json.write(summary));
                    }
                } finally {
                    agents.forEach(Agent::stop);
                    if (monitor != null) {
                        monitor.stop();
                    }
                }
            }
            return 0;
        }
    }

    /** Account names and passwords for the commands that run part of a table. */
    static final class Names {
        private Names() {}

        static String account(String name, String option) {
            String slug = name.strip().toLowerCase().replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
            if (slug.isEmpty()) {
                throw new ConfigException("invalid value '" + name + "' for " + option
                        + ": expected letters or digits");
            }
            return slug;
        }

        static String password(String given, AgentNetwork network) {
            if (given != null) {
                return given;
            }
            if (!network.canProvision()) {
                throw new ConfigException("--password is needed for accounts on an external server");
            }
            return HexFormat.of().formatHex(new SecureRandom().generateSeed(9));
        }
    }
}
