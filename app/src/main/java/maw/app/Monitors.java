package maw.app;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Consumer;
import maw.agents.table.GameTable;
import maw.config.ConfigException;
import maw.runtime.Jid;
import maw.runtime.TransportException;
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
        }

        @Override
        public void close() {
            if (monitor != null) {
                monitor.stop();
            }
        }
    }
}
