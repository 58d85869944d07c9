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
            "(./maw player --name NAME, from this or another machine, against the same server)."})
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

    @Override
    public Integer call() throws Exception {
        MawConfig settings = config.load();
        GameOptions options = rules.options(endEarly);
        long seed = rules.seed();
        String local = Names.account(name, "--name");
        try (AgentNetwork network = AgentNetwork.open(settings, System.out::println)) {
            if (!(network.transport() instanceof XmppTransport)) {
                throw new ConfigException("maw gm waits for players from other processes: it needs transport xmpp");
            }
            String pw = Names.password(password, network);
            String domain = network.transport().domain();
            Jid gm = Jid.of(local, domain);
            Jid village = Jid.of(local + "-village", domain);
            Jid hideout = Jid.of(local + "-hideout", domain);
            Map<String, String> accounts = new LinkedHashMap<>();
            for (Jid j : List.of(gm, village, hideout)) {
                accounts.put(j.local(), pw);
            }
            network.provision(accounts);
            String gameId = GameTable.newGameId();
            Path dir = GameRules.gameDir(settings, out, gameId);
            Files.createDirectories(dir);
            try (Journal journal = new Journal(dir.resolve("game.jsonl"), gameId)) {
                Listeners listeners = new Listeners(new ConsoleView(System.out, ""), journal);
                GameMasterAgent<?, ?, ?> master = GameMasterAgent.of(gm, pw, new GameMasterAgent.Config(gameId,
                        rules.players(), rules.rounds, seed, village, hideout, java.time.Duration.ofSeconds(10),
                        java.time.Duration.ofSeconds(10)), options, listeners);
                List<Agent> agents = List.of(
                        new ChatRoomAgent(village, pw, Room.VILLAGE, gm, dir.resolve("rooms"), listeners),
                        new ChatRoomAgent(hideout, pw, Room.HIDEOUT, gm, dir.resolve("rooms"), listeners), master);
                for (Agent a : agents) {
                    a.start(network.transport());
                }
                System.out.printf("GameMaster %s (game %s, seed %d) waits for %d players on %s.%n", gm, gameId, seed,
                        rules.players(), network.describe());
                System.out.printf("Join with: ./maw player --name NAME --gm %s   (or ./maw join ...)%n", gm);
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
