package maw.cli;

import java.util.Map;
import java.util.concurrent.Callable;
import maw.config.ConfigException;
import maw.runtime.Jid;
import maw.web.WebMonitor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw web}: the web monitor of a game whose GameMaster runs in another process. */
@Command(name = "web", mixinStandardHelpOptions = true,
        header = "Watch a game in the browser: the table live, from a GameMaster running anywhere on the server.",
        description = {"Starts the web monitor: an agent that watches the game at its GameMaster over XMPP, and a page",
            "on 127.0.0.1:PORT that shows the table as it happens. The public view shows what every player is told;",
            "with --token (the watch token ./maw gm printed) the page's god view (?token=...) shows roles, the pack's",
            "news and whispers, and the inside of every agent of the game (asked over XMPP wherever it runs). On the",
            "project's own ejabberd, people may take a seat from the page while the lobby is open. Runs until",
            "interrupted."})
final class WebCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Option(names = {"--gm", "--game"}, paramLabel = "GM", description = "the GameMaster's address (name@domain) of "
            + "a game to watch live")
    String gm;

    @Option(names = "--replay", paramLabel = "GAME_DIR", description = "step through a finished game from its journal "
            + "(GAME_DIR/game.jsonl) instead")
    java.nio.file.Path replay;

    @Option(names = "--token", description = "the GameMaster's watch token, for the god view")
    String token;

    @Option(names = "--port", defaultValue = "7070", description = "the page's port on 127.0.0.1 (default: "
            + "${DEFAULT-VALUE}; 0: any free one)")
    int port;

    @Option(names = "--seconds", description = "stop after this long (default: run until interrupted)")
    Double seconds;

    @Override
    public Integer call() throws Exception {
        if ((gm == null) == (replay == null)) {
            throw new ConfigException("give --gm (a game to watch live) or --replay (a finished game), one of them");
        }
        Checks.port(port);
        if (replay != null) {
            return replay();
        }
        Jid master;
        try {
            master = Jid.parse(gm);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("invalid value '" + gm + "' for --gm: " + e.getMessage());
        }
        try (AgentNetwork network = AgentNetwork.open(config.load(), System.out::println)) {
            WebMonitor monitor = start(network, master, token, port);
            offerSeats(network, monitor, master);
            try {
                if (seconds != null) {
                    Thread.sleep(Math.round(seconds * 1000));
                } else {
                    Thread.currentThread().join();
                }
            } finally {
                monitor.stop();
            }
        }
        return 0;
    }

    private int replay() throws Exception {
        java.nio.file.Path file = java.nio.file.Files.isDirectory(replay) ? replay.resolve("game.jsonl") : replay;
        if (!java.nio.file.Files.isRegularFile(file)) {
            throw new ConfigException("invalid value '" + replay + "' for --replay: no journal " + file);
        }
        java.util.List<maw.agents.Catalog.Watched> messages;
        try {
            messages = maw.web.Replay.messages(file);
        } catch (java.io.IOException | RuntimeException e) {
            throw new ConfigException("invalid value '" + replay + "' for --replay: " + e.getMessage());
        }
        // The journal holds every role: the one who has it may see the god view; the token keeps the address apart.
        String godToken = java.util.HexFormat.of().formatHex(new java.security.SecureRandom().generateSeed(12));
        try (maw.web.MonitorPage page = new maw.web.MonitorPage(godToken, "127.0.0.1", port, true)) {
            messages.forEach(page::add);
            System.out.printf("replay of %s (%d messages): http://127.0.0.1:%d/   (god view: "
                    + "http://127.0.0.1:%d/?token=%s)%n", file, messages.size(), page.port(), page.port(), godToken);
            if (seconds != null) {
                Thread.sleep(Math.round(seconds * 1000));
            } else {
                Thread.currentThread().join();
            }
        }
        return 0;
    }

    /**
     * Lets people take a seat at {@code master}'s table from the page (a Player and a web interface agent each, on
     * accounts this command creates): only where it can create accounts (the project's own ejabberd).
     */
    static void offerSeats(AgentNetwork network, WebMonitor monitor, Jid master) {
        if (network.canProvision()) {
            monitor.seats(new maw.web.WebSeats(network.transport(), network::provision, master,
                    monitor.jid().local() + "-"));
        }
    }

    /**
     * A web monitor for a table of this process, started once the table's agents are up (its page then lists them);
     * {@code then} gets it first (to offer seats, say). Closing waits for the start and stops the monitor.
     */
    static final class TableWatch implements AutoCloseable {
        private final Thread starter;
        private volatile WebMonitor monitor;

        TableWatch(AgentNetwork network, maw.agents.table.GameTable table, String token, int port, String command,
                java.util.function.Consumer<WebMonitor> then) {
            starter = Thread.ofVirtual().name("web-monitor").start(() -> {
                table.allStarted().join();
                try {
                    WebMonitor m = start(network, table.gameMaster(), token, port).agents(table::agents);
                    then.accept(m);
                    monitor = m;
                } catch (RuntimeException e) {
                    System.err.println(command + ": " + e.getMessage());
                }
            });
        }

        @Override
        public void close() {
            try {
                starter.join(java.time.Duration.ofSeconds(30));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (monitor != null) {
                monitor.stop();
            }
        }
    }

    /** Starts a monitor of {@code master} on {@code network} and prints where to look. */
    static WebMonitor start(AgentNetwork network, Jid master, String token, int port) {
        String local = master.local() + "-web-" + java.util.HexFormat.of().formatHex(
                new java.security.SecureRandom().generateSeed(3));
        String password = java.util.HexFormat.of().formatHex(new java.security.SecureRandom().generateSeed(12));
        network.provision(Map.of(local, password));
        WebMonitor monitor = new WebMonitor(Jid.of(local, network.transport().domain()), password, master, token,
                "127.0.0.1", port);
        try {
            monitor.start(network.transport());
        } catch (maw.runtime.TransportException | RuntimeException e) {
            throw new ConfigException("the web monitor could not start on 127.0.0.1:" + port + ": " + e.getMessage());
        }
        System.out.printf("web monitor: http://127.0.0.1:%d/%s%n", monitor.port(), token == null ? ""
                : "   (god view: http://127.0.0.1:" + monitor.port() + "/?token=" + token + ")");
        return monitor;
    }
}
