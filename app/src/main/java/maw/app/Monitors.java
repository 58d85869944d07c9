package maw.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import maw.agents.WatchCatalog;
import maw.agents.table.GameTable;
import maw.config.ConfigException;
import maw.runtime.Jid;
import maw.runtime.TransportException;
import maw.web.MonitorPage;
import maw.web.Replay;
import maw.web.WebMonitor;
import maw.web.WebSeats;

/** Web monitors started for a command's games, on the command's agent network. */
public final class Monitors {

    private Monitors() {}

    /**
     * Lets people take a seat at {@code master}'s table from the page (a Player and a web interface agent each, on
     * accounts this command creates): only where it can create accounts (the project's own ejabberd).
     */
    public static void offerSeats(AgentNetwork network, WebMonitor monitor, Jid master, Consumer<String> say) {
        if (network.canProvision()) {
            WebSeats seats = new WebSeats(network.transport(), network::provision, master,
                    monitor.jid().local() + "-");
            monitor.seats(seats);
            say.accept(invitation(monitor, seats));
        }
    }

    /**
     * A finished game's page: its replay from the journal {@code journal} (a game directory or its game.jsonl), served
     * at 127.0.0.1:{@code port} with {@code token} opening the god view (the journal holds every role). Refused by name
     * ({@code option}) when there is no journal or it cannot be read.
     */
    public static ReplayPage replay(Path journal, String token, int port, String option) {
        Path file = Files.isDirectory(journal) ? journal.resolve("game.jsonl") : journal;
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("invalid value '" + journal + "' for " + option + ": no journal " + file);
        }
        List<WatchCatalog.Watched> messages;
        try {
            messages = Replay.messages(file);
        } catch (IOException | RuntimeException e) {
            throw new ConfigException("invalid value '" + journal + "' for " + option + ": " + e.getMessage());
        }
        MonitorPage page;
        try {
            page = new MonitorPage(token, "127.0.0.1", port, true);
        } catch (RuntimeException e) {
            throw new ConfigException("the replay's page could not start on 127.0.0.1:" + port + ": "
                    + e.getMessage());
        }
        messages.forEach(page::add);
        return new ReplayPage(page, file, messages.size(), token);
    }

    /** A finished game's replay being served. */
    public record ReplayPage(MonitorPage page, Path journal, int messages, String token) implements AutoCloseable {
        public String address() {
            return "http://127.0.0.1:" + page.port() + "/";
        }

        public String godView() {
            return address() + "?token=" + token;
        }

        /** Serves until the command is stopped, or for {@code stays} when given. */
        public void stay(Duration stays) throws InterruptedException {
            if (stays != null) {
                Thread.sleep(stays);
            } else {
                Thread.currentThread().join();
            }
        }

        @Override
        public void close() {
            page.close();
        }
    }

    /**
     * Once a game watched on the page is over, the page goes on serving it as a replay (on the port the live page had,
     * with the god view's token it had) until the command is stopped, or for {@code stays}; {@code say} is told so.
     * A {@code stays} of zero closes it with the game.
     */
    public static void keepFinished(Path dir, int port, String token, Duration stays, Consumer<String> say)
            throws InterruptedException {
        if (stays != null && stays.isZero()) {
            say.accept("the web monitor closed with the game; step through it again with ./maw web --replay " + dir);
            return;
        }
        ReplayPage replay;
        try {
            replay = replay(dir, token, port, "--web");
        } catch (ConfigException e) {
            // The game is played and journaled: a page that cannot stay costs only the page.
            say.accept("the web monitor closed with the game (" + e.getMessage() + "); step through it again with "
                    + "./maw web --replay " + dir);
            return;
        }
        try (replay) {
            say.accept(String.format("the game is over; its page stays up as a replay at %s   (god view: %s) %s; "
                    + "later: ./maw web --replay %s", replay.address(), replay.godView(), stays == null
                    ? "until this command is stopped (Ctrl-C)"
                    : "for " + seconds(stays) + " s", dir));
            replay.stay(stays);
        }
    }

    private static String seconds(Duration d) {
        return new java.text.DecimalFormat("0.#", java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT))
                .format(d.toMillis() / 1000.0);
    }

    /** The line that gives people the page's seats: its link with the invitation a seat needs. */
    public static String invitation(WebMonitor monitor, WebSeats seats) {
        return String.format("seats from the page (share this link with the people who play): "
                + "http://127.0.0.1:%d/?invite=%s", monitor.port(), seats.invitation());
    }

    /**
     * Starts a monitor of {@code master} on {@code network} (on its own new account) at 127.0.0.1:{@code port};
     * {@code say} is told where to look.
     */
    public static WebMonitor start(AgentNetwork network, Jid master, String token, int port, Consumer<String> say) {
        String local = master.local() + "-web-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(3));
        String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
        network.provision(Map.of(local, password));
        WebMonitor monitor = new WebMonitor(Jid.of(local, network.transport().domain()), password, master, token,
                "127.0.0.1", port);
        try {
            monitor.start(network.transport());
        } catch (TransportException | RuntimeException e) {
            throw new ConfigException("the web monitor could not start on 127.0.0.1:" + port + ": " + e.getMessage());
        }
        say.accept(String.format("web monitor: http://127.0.0.1:%d/%s", monitor.port(), token == null ? ""
                : "   (god view: http://127.0.0.1:" + monitor.port() + "/?token=" + token + ")"));
        return monitor;
    }

    /**
     * A web monitor for a table of this process, started before the table's agents, so that its address (and the god
     * view's) is printed before the game's first phase; its page lists the table's agents once they are up, and it
     * watches at the GameMaster as soon as the GameMaster answers. {@code then} gets it first (to offer seats, say).
     */
    public static final class TableWatch implements AutoCloseable {
        private final WebMonitor monitor;
        private final Integer port;

        public TableWatch(AgentNetwork network, GameTable table, String token, int port, String command,
                Consumer<WebMonitor> then, Consumer<String> say, Consumer<String> complain) {
            WebMonitor m = null;
            try {
                m = start(network, table.gameMaster(), token, port, say).agents(table::agents);
                then.accept(m);
            } catch (RuntimeException e) {
                complain.accept(command + ": " + e.getMessage());
            }
            monitor = m;
            this.port = m == null ? null : Integer.valueOf(m.port());
        }

        /** The page's port, or null when it could not start. */
        public Integer port() {
            return port;
        }

        @Override
        public void close() {
            if (monitor != null) {
                monitor.stop();
            }
        }
    }
}
