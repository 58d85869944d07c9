package maw.aiwolf.tcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import maw.agents.Catalog;
import maw.agents.table.GameTable;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.link.AgentLink;
import maw.aiwolf.link.AgentLobby;
import maw.aiwolf.link.Gateway;
import maw.runtime.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code maw aiwolf serve}: listens for AIWolf agents over TCP, as the official server does, and seats them in AIWolf
 * games run by MAW's GameMaster. Each connection is asked its {@code NAME} at once (within the time limit); the agents
 * that came fill the table's seats in the order they connected, and the seats still empty after the lobby time are
 * filled by MAW's own seats. An agent whose connection drops mid-game keeps its seat (it plays the defaults), and gets
 * it back when it connects again under the same name.
 */
public final class AiwolfServer implements Gateway {

    private static final Logger LOG = LoggerFactory.getLogger(AiwolfServer.class);

    private final ServerSocket server;
    private final Duration timeLimit;
    private final AgentLobby lobby = new AgentLobby();
    private volatile boolean closed;

    /** Listens on {@code port} (0: any free port) of {@code bind}; answers are awaited up to {@code timeLimit}. */
    public AiwolfServer(InetAddress bind, int port, Duration timeLimit) throws IOException {
        this.server = new ServerSocket(port, 200, bind);
        this.timeLimit = timeLimit;
        Thread.ofPlatform().daemon().name("aiwolf-tcp-accept").start(this::acceptLoop);
    }

    /** How long an agent may take to answer. */
    public Duration timeLimit() {
        return timeLimit;
    }

    public int port() {
        return server.getLocalPort();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket s = server.accept();
                Thread.ofVirtual().name("aiwolf-tcp-hello").start(() -> hello(s));
            } catch (IOException e) {
                if (!closed) {
                    LOG.warn("AIWolf server: accept failed: {}", e.getMessage());
                }
            }
        }
    }

    /** Asks a new connection its name; an agent of a seat whose connection dropped gets the seat back. */
    private void hello(Socket s) {
        try {
            s.setTcpNoDelay(true);
            s.setSoTimeout((int) Math.max(1, timeLimit.toMillis()));
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            s.getOutputStream().write((Packets.line(Packets.Request.NAME, null, null, null, null) + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            s.getOutputStream().flush();
            String name;
            try {
                name = TcpChannel.readLine(in);
            } catch (SocketTimeoutException e) {
                name = null;
            }
            s.setSoTimeout(0);
            name = lobby.name(name, Catalog.LONGEST_NAME);
            // The TCP protocol carries nothing but the name: a seat goes back to it only once its connection is gone.
            AgentLink back = lobby.claim(name, AgentLobby.Credential.NONE, l -> TcpChannel.replace(l, s, in));
            if (back != null) {
                return;
            }
            String unique = lobby.unique(name, Catalog.LONGEST_NAME);
            LOG.info("AIWolf agent {} connected from {}", unique, s.getRemoteSocketAddress());
            lobby.add(TcpChannel.link(unique, s, in));
        } catch (IOException e) {
            LOG.info("AIWolf server: a connection failed before its name: {}", e.getMessage());
            try {
                s.close();
            } catch (IOException gone) {
                // closed already
            }
        }
    }

    /**
     * Waits up to {@code wait} for {@code players} agents (returns early when they are all there), and returns those
     * that came, in the order they connected (at most {@code players}).
     */
    public List<AgentLink> gather(int players, Duration wait) throws InterruptedException {
        return lobby.gather(players, wait);
    }

    @Override
    public String address() {
        return server.getInetAddress().getHostAddress() + ":" + port() + " (AIWolf TCP)";
    }

    @Override
    public GameTable.SeatFiller seat(AgentLink link, AiwolfOptions options) {
        return new GameTable.SeatFiller() {
            @Override
            public Agent create(GameTable.Seat s) {
                return seat(link, options, s.seed()).create(s);
            }

            @Override
            public String kind() {
                return "aiwolf-tcp";
            }
        };
    }

    /** A seat filler for the agent on {@code link}, in a game under {@code options} dealt from {@code seed}. */
    public GameTable.SeatFiller seat(AgentLink link, AiwolfOptions options, long seed) {
        return new GameTable.SeatFiller() {
            @Override
            public Agent create(GameTable.Seat s) {
                return new TcpSeatAgent(s.jid(), s.password(), link, options, seed, timeLimit, s.player());
            }

            @Override
            public String kind() {
                return "aiwolf-tcp";
            }
        };
    }

    /** Every seated agent's request figures. */
    public Map<String, Map<String, Object>> stats() {
        return lobby.stats();
    }

    /** The mean round trip of the agents' answers, in microseconds (0 before any). */
    public long meanRoundTripMicros() {
        return lobby.meanRoundTripMicros();
    }

    @Override
    public void close() {
        finish();
    }

    /** Closes every agent's connection (the official server's way to say the games are over) and stops listening. */
    public void finish() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closed
        }
        lobby.close();
    }
}
