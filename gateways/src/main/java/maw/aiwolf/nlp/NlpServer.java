package maw.aiwolf.nlp;

import io.javalin.Javalin;
import io.javalin.websocket.WsContext;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
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
 * The AIWolf NLP server's WebSocket endpoint ({@code ws://HOST:PORT/ws}), so that agents written for the NLP contest
 * play at MAW's tables: the server speaks first ({@code {"request":"NAME"}}), the agent answers its name as text, and
 * from then on every frame it sends is an answer to the request under way (one sent when nothing was asked is dropped
 * and logged). With a secret, the agent must show an HS256 token ({@code ?token=} or {@code Authorization: Bearer})
 * for its team, checked after the name. An agent whose connection drops gets its seat back by connecting again under
 * its name with the credential it first came with ({@link AgentLobby#claim}): the seat token it chose ({@code
 * X-Maw-Seat} or {@code ?seat=}), else its team's token, else (no secret, no seat token) its name once the old
 * connection is gone. A slow or broken agent never ends a game: its seat plays on.
 */
public final class NlpServer implements Gateway {

    private static final Logger LOG = LoggerFactory.getLogger(NlpServer.class);

    private final Javalin app;
    private final String bind;
    private final Duration action;
    private final Duration response;
    private final String secret;
    private final AgentLobby lobby = new AgentLobby();
    private final Map<String, Connection> connections = new ConcurrentHashMap<>();

    /** One WebSocket connection: named once it answered NAME (then its link and the link's generation). */
    private static final class Connection {
        final WsContext ctx;
        volatile AgentLink link;
        volatile int generation;

        Connection(WsContext ctx) {
            this.ctx = ctx;
        }
    }

    /**
     * @param action   how long an agent may take to answer a request
     * @param response the server's {@code timeout.response}, told in the setting
     * @param secret   the HS256 secret of the agents' tokens; null: no authentication
     */
    public NlpServer(String bind, int port, Duration action, Duration response, String secret) {
        this.bind = bind;
        this.action = action;
        this.response = response;
        this.secret = secret;
        this.app = Javalin.create(cfg -> {
            cfg.startup.showJavalinBanner = false;
            cfg.routes.ws("/ws", ws -> {
                ws.onConnect(ctx -> {
                    ctx.enableAutomaticPings(15, TimeUnit.SECONDS);
                    connections.put(ctx.sessionId(), new Connection(ctx));
                    ctx.send(NlpPackets.packet(NlpPackets.Request.NAME, null, null, null, null).toString());
                });
                ws.onMessage(ctx -> {
                    Connection c = connections.get(ctx.sessionId());
                    if (c != null) {
                        hear(c, ctx.message());
                    }
                });
                ws.onClose(ctx -> {
                    Connection c = connections.remove(ctx.sessionId());
                    if (c != null && c.link != null) {
                        c.link.received(c.generation, null);
                    }
                });
            });
        }).start(bind, port);
    }

    public int port() {
        return app.port();
    }

    public Duration action() {
        return action;
    }

    private void hear(Connection c, String message) {
        String text = message == null ? "" : message.strip();
        if (c.link != null) {
            c.link.received(c.generation, text);
            return;
        }
        // The name as the agent gave it says its team; the seat's name is one the GameMaster takes.
        String given = lobby.name(text, 40);
        String name = lobby.name(text, Catalog.LONGEST_NAME);
        String team = null;
        if (secret != null) {
            String token = shown(c.ctx, "token", "Authorization");
            String why = NlpToken.check(token, secret, team(given));
            if (why != null) {
                LOG.info("NLP agent {}: refused: {}", given, why);
                c.ctx.closeSession(4001, why);
                return;
            }
            team = team(given);
        }
        AgentLobby.Credential shown = new AgentLobby.Credential(team, seatDigest(shown(c.ctx, "seat", SEAT_HEADER)));
        AgentLink.Channel channel = channel(c.ctx);
        // A name is a team's and its number, one agent each; but only the credential the seat was first taken with
        // takes it back (a live connection's seat never goes to another).
        AgentLink back = lobby.claim(name, shown, l -> {
            c.generation = l.replace(channel);
            c.link = l;
        });
        if (back != null) {
            return;
        }
        String unique = lobby.unique(name, Catalog.LONGEST_NAME);
        if (!unique.equals(name)) {
            LOG.info("NLP agent {}: the name is another agent's (a seat this connection cannot take, or a namesake): "
                    + "a newcomer as {}", name, unique);
        }
        AgentLink link = new AgentLink(unique, shown);
        c.generation = link.attach(channel);
        c.link = link;
        LOG.info("NLP agent {} connected from {}", unique, channel.remote());
        lobby.add(link);
    }

    /** The header a client shows its seat token in (or {@code ?seat=}): a secret it chose for its first connection. */
    public static final String SEAT_HEADER = "X-Maw-Seat";

    /** What a connection shows as the query parameter {@code param}, or in {@code header} ({@code Bearer} taken off). */
    private static String shown(WsContext ctx, String param, String header) {
        String value = ctx.queryParam(param);
        String h = ctx.header(header);
        if (value == null && h != null) {
            value = h.startsWith("Bearer ") ? h.substring(7).strip() : h.strip();
        }
        return value == null || value.isBlank() ? null : value;
    }

    /** A seat token as the server keeps it: its SHA-256 (the token itself is never held), or null for none. */
    static String seatDigest(String token) {
        if (token == null) {
            return null;
        }
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(d);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The team of an agent: its name without the trailing digits (as the NLP server counts teams). */
    public static String team(String name) {
        return name.replaceFirst("\\d+$", "");
    }

    private static AgentLink.Channel channel(WsContext ctx) {
        return new AgentLink.Channel() {
            @Override
            public void send(String packet) throws IOException {
                try {
                    ctx.send(packet);
                } catch (RuntimeException e) {
                    throw new IOException(e.getMessage(), e);
                }
            }

            @Override
            public void close() {
                try {
                    ctx.closeSession();
                } catch (RuntimeException e) {
                    // closed already
                }
            }

            @Override
            public boolean open() {
                return ctx.session.isOpen();
            }

            @Override
            public String remote() {
                return String.valueOf(ctx.session.getRemoteSocketAddress());
            }
        };
    }

    /**
     * Waits up to {@code wait} for {@code players} agents (returns early when they are all there), and returns those
     * that came, in the order they connected (at most {@code players}); agents seated in an earlier game come first.
     */
    public List<AgentLink> gather(int players, Duration wait) throws InterruptedException {
        return lobby.gather(players, wait);
    }

    @Override
    public String address() {
        return "ws://" + bind + ":" + port() + "/ws";
    }

    /** The table's game id is the game_id for every agent at it (and the ULIDs after it for a table's later rounds). */
    @Override
    public GameTable.SeatFiller seat(AgentLink link, AiwolfOptions options) {
        return new GameTable.SeatFiller() {
            @Override
            public Agent create(GameTable.Seat s) {
                return seat(link, options, s.game()).create(s);
            }

            @Override
            public String kind() {
                return "aiwolf-nlp";
            }
        };
    }

    /** A seat filler for the agent on {@code link}, in a game under {@code options} numbered {@code gameId}. */
    public GameTable.SeatFiller seat(AgentLink link, AiwolfOptions options, String gameId) {
        return new GameTable.SeatFiller() {
            @Override
            public Agent create(GameTable.Seat s) {
                return new NlpSeatAgent(s.jid(), s.password(), link, options, gameId, action, response, s.player());
            }

            @Override
            public String kind() {
                return "aiwolf-nlp";
            }
        };
    }

    /** Every seated agent's request figures. */
    public Map<String, Map<String, Object>> stats() {
        return lobby.stats();
    }

    @Override
    public void close() {
        lobby.close();
        app.stop();
    }
}
