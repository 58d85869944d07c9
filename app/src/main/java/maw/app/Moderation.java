package maw.app;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.ConsoleView;
import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Journal;
import maw.agents.gamemaster.Recovery;
import maw.agents.gamemaster.RoundSummary;
import maw.agents.gamemaster.Ruleset;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.game.Room;
import maw.runtime.Agent;
import maw.runtime.Jid;
import maw.runtime.Json;
import maw.web.WebMonitor;

/**
 * The GameMaster and the two rooms alone, for players who join from other processes or hosts: the service behind
 * {@code maw gm}. It journals the game as it goes, so that a GameMaster that died takes it up again from there.
 */
public final class Moderation {

    private Moderation() {}

    /**
     * A game to moderate.
     *
     * @param settings the settings (the transport must cross processes: XMPP)
     * @param ruleset  the rules with their options
     * @param seed     the game's seed
     * @param recovery the journaled game taken up, or null for a new one
     * @param resume   the directory of that game (the value of --resume), or null
     * @param name     the GameMaster's account name; the rooms are NAME-village and NAME-hideout
     * @param password the accounts' password, or null for a fresh one where the network creates accounts
     * @param players  seats at the table
     * @param rounds   rounds to play
     * @param out      the game's directory, or null for a new one under games.dir
     * @param web      the web monitor's port, or null for none
     */
    public record Request(MawConfig settings, Ruleset<?, ?, ?> ruleset, long seed,
            Recovery<?, ?> recovery, Path resume, String name, String password, int players, int rounds, Path out,
            Integer web) {}

    /**
     * What a moderated game left: its summary (what summary.json holds), its directory, and the port its page had
     * (null: none), whose god view {@code watchToken} opens.
     */
    public record Moderated(Map<String, Object> summary, Path dir, Integer webPort, String watchToken) {}

    /** Moderates the game until its last round, telling {@code out} what it does. */
    public static Moderated run(Request r, PrintStream out) throws Exception {
        MawConfig settings = r.settings();
        long seed = r.seed();
        Moderated result = null;
        try (AgentNetwork network = AgentNetwork.open(settings, out::println)) {
            if (!network.crossesProcesses()) {
                throw new ConfigException("maw gm waits for players from other processes: it needs transport xmpp");
            }
            String pw = Accounts.password(r.password(), network);
            String domain = network.transport().domain();
            Jid gm;
            GameConfig gmConfig;
            if (r.recovery() != null) {
                gm = r.recovery().gameMaster();
                gmConfig = r.recovery().config();
                if (!domain.equalsIgnoreCase(gm.domain())) {
                    throw new ConfigException("invalid value '" + r.resume() + "' for --resume: its game was played on "
                            + gm.domain() + ", and this server serves " + domain);
                }
            } else {
                String local = Accounts.account(r.name(), "--name");
                gm = Jid.of(local, domain);
                Map<Room, Jid> rooms = new LinkedHashMap<>();
                for (Room room : r.ruleset().rooms()) {
                    rooms.put(room, Jid.of(local + "-" + room.name(), domain));
                }
                gmConfig = new GameConfig(GameTable.newGameId(), r.players(), r.rounds(), seed, rooms,
                        Duration.ofSeconds(10), Duration.ofSeconds(10));
            }
            Map<String, String> accounts = new LinkedHashMap<>();
            accounts.put(gm.local(), pw);
            gmConfig.rooms().values().forEach(j -> accounts.put(j.local(), pw));
            if (r.recovery() != null) {
                network.provision(accounts); // the GameMaster that died may still look logged in: it is replaced
            } else {
                network.provisionUnused(accounts, "a GameMaster named " + gm.local());
            }
            String gameId = gmConfig.gameId();
            Path dir = r.recovery() != null ? r.resume() : Games.gameDir(settings, r.out(), gameId);
            Files.createDirectories(dir);
            try (Journal journal = new Journal(dir.resolve("game.jsonl"), gameId)) {
                Listeners listeners = new Listeners(new ConsoleView(System.out, ""), journal);
                GameMasterAgent<?, ?, ?> master = Games.gameMaster(r.ruleset(), gm, pw, gmConfig, listeners, r.recovery());
                List<Agent> agents = new ArrayList<>();
                gmConfig.rooms().forEach((room, jid) -> agents.add(new ChatRoomAgent(jid, pw, room, gm,
                        dir.resolve("rooms"), listeners)));
                agents.add(master);
                for (Agent a : agents) {
                    a.start(network.transport());
                }
                if (r.recovery() != null) {
                    out.printf("GameMaster %s resumes game %s from %s: %s, %d seat(s) (%s), on %s.%n", gm,
                            gameId, dir, r.recovery().round() == 0 ? "in the lobby" : "round " + r.recovery().round() + ", "
                                    + r.recovery().state().phase() + ", " + r.recovery().commands() + " command(s) replayed",
                            r.recovery().seats().size(), String.join(", ", r.recovery().names()), network.describe());
                } else {
                    out.printf("GameMaster %s (game %s, seed %d) waits for %d players on %s.%n", gm, gameId,
                            seed, gmConfig.players(), network.describe());
                    out.printf("Join with: ./maw player --name NAME --gm %s   (or ./maw join ...)%n", gm);
                    out.printf("  or from an XMPP chat client: chat with %s and type join NAME%n", gm.bare());
                    out.printf("Watch token (the god view of a watcher: roles, the pack, whispers): %s%n",
                            master.watchToken());
                }
                out.printf("journal and room archives: %s%n", dir);
                WatchToken.write(dir, master.watchToken()); // for --token-file, read by its owner alone
                out.printf("the watch token for ./maw web and ./maw control --token-file: %s%n",
                        dir.resolve(WatchToken.FILE));
                WebMonitor monitor = null;
                if (r.web() != null) {
                    if (r.web() < 0 || r.web() > 65535) {
                        throw new ConfigException("invalid value '" + r.web() + "' for --web: a port, 0 to 65535");
                    }
                    monitor = Monitors.start(network, gm, master.watchToken(), r.web(), out::println).agents(() -> agents);
                    Monitors.offerSeats(network, monitor, gm, out::println);
                }
                HostConsole.start(network, gm, master.watchToken(), out);
                long t0 = System.nanoTime();
                try {
                    List<RoundSummary> rounds = master.finished().get();
                    Map<String, Object> summary = new LinkedHashMap<>();
                    summary.put("game", gameId);
                    summary.put("seed", seed);
                    summary.put("rounds", rounds);
                    summary.put("scores", master.totals());
                    summary.put("messages", agents.stream().mapToLong(Agent::sentCount).sum());
                    summary.put("wallMillis", (System.nanoTime() - t0) / 1_000_000);
                    Files.writeString(dir.resolve("summary.json"), Json.write(summary));
                    result = new Moderated(summary, dir, monitor == null ? null : monitor.port(),
                            master.watchToken());
                } finally {
                    agents.forEach(Agent::stop);
                    if (monitor != null) {
                        monitor.stop();
                    }
                }
            }
            return result;
        }
    }
}
