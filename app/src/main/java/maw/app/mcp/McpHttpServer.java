package maw.app.mcp;

import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * MAW as an MCP server over Streamable HTTP, for hosts that reach it over a network ({@code ./maw mcp --transport
 * http}). Every request shows a seat token as {@code Authorization: Bearer TOKEN}: each token is one seat, with a
 * server of its own (its tools' choices are that seat's), and every MCP session that shows it plays that seat, so a
 * host whose session vanished opens another and takes its seat back; a session is never reached with another token.
 * Bound to loopback, the server answers requests for a loopback name only (a name rebound to this address is turned
 * away) and from no other site's page ({@code Origin}); bound elsewhere it takes only the tokens of its token file.
 */
public final class McpHttpServer implements AutoCloseable {

    /** The endpoint's path. */
    public static final String PATH = "/mcp";
    /** The shortest and longest token a host may choose where no token file names them. */
    static final int SHORTEST_TOKEN = 16;
    static final int LONGEST_TOKEN = 256;

    /**
     * How the server listens and whom it seats.
     *
     * @param bind   the address to listen on
     * @param port   the port (0: any free one)
     * @param tokens the tokens it takes (null: any a host chooses, of 16 to 256 visible characters)
     * @param seats  how many seats (tokens) it holds at most
     */
    public record Options(String bind, int port, List<String> tokens, int seats) {}

    /** One token's seat: its session, its server and the transport its requests go to. */
    private record Door(McpSession session, McpSyncServer server, HttpServletStreamableServerTransportProvider http) {}

    private final McpSeatServer.Table table;
    private final Options options;
    private final boolean loopback;
    private final Map<String, Door> doors = new ConcurrentHashMap<>();
    private final Server jetty;
    private volatile Set<String> ownHosts;

    private McpHttpServer(McpSeatServer.Table table, Options options) throws UnknownHostException {
        this.table = table;
        this.options = options;
        this.loopback = InetAddress.getByName(options.bind()).isLoopbackAddress();
        if (!loopback && options.tokens() == null) {
            throw new IllegalArgumentException("a server bound to " + options.bind() + " (not loopback) seats only "
                    + "the tokens of a token file");
        }
        // Every request is served on a virtual thread of its own: a call blocks its thread until it is answered (the
        // SDK's servlet waits for its handler), and next_turn's wait is long.
        org.eclipse.jetty.util.thread.QueuedThreadPool threads = new org.eclipse.jetty.util.thread.QueuedThreadPool();
        threads.setName("maw-mcp-http");
        threads.setVirtualThreadsExecutor(java.util.concurrent.Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("maw-mcp-call-", 0).factory()));
        this.jetty = new Server(threads);
    }

    /** Starts the server; {@link #endpoint()} says where it listens. */
    public static McpHttpServer start(McpSeatServer.Table table, Options options) throws Exception {
        McpHttpServer s = new McpHttpServer(table, options);
        ServerConnector connector = new ServerConnector(s.jetty);
        connector.setHost(options.bind());
        connector.setPort(options.port());
        s.jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        ServletHolder front = new ServletHolder(s.new Front());
        front.setAsyncSupported(true);
        context.addServlet(front, PATH);
        s.jetty.setHandler(context);
        s.jetty.start();
        return s;
    }

    /** The port the server listens on. */
    public int port() {
        return ((ServerConnector) jetty.getConnectors()[0]).getLocalPort();
    }

    /** Where hosts reach the server. */
    public URI endpoint() {
        String host = options.bind().contains(":") ? "[" + options.bind() + "]" : options.bind();
        return URI.create("http://" + host + ":" + port() + PATH);
    }

    /** How many seats the server holds now. */
    public int seats() {
        return doors.size();
    }

    /** Blocks until the server stops. */
    public void join() throws InterruptedException {
        jetty.join();
    }

    /** Every seat leaves its table, then the server stops. */
    @Override
    public void close() {
        for (Door d : doors.values()) {
            d.session().leave();
            d.server().closeGracefully();
        }
        try {
            jetty.stop();
        } catch (Exception e) {
            throw new IllegalStateException("the MCP server did not stop: " + e.getMessage(), e);
        }
    }

    /** The one servlet at {@link #PATH}: checks who asks, then hands the request to the token's seat. */
    private final class Front extends HttpServlet {
        @Override
        protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            String why = foreign(req.getHeader("Host"), req.getHeader("Origin"));
            if (why != null) {
                refuse(resp, 403, null, why);
                return;
            }
            String auth = req.getHeader("Authorization");
            String token = auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7) ? auth.substring(7).strip()
                    : null;
            if (token == null || token.isEmpty()) {
                refuse(resp, 401, "invalid_request", "a seat token is needed: Authorization: Bearer TOKEN");
                return;
            }
            String bad = problem(token);
            if (bad != null) {
                refuse(resp, 401, "invalid_token", bad);
                return;
            }
            Door door;
            synchronized (doors) {
                String key = digest(token);
                door = doors.get(key);
                if (door == null) {
                    if (doors.size() >= options.seats()) {
                        refuse(resp, 403, "insufficient_scope", "this server holds " + options.seats()
                                + " seats, all taken");
                        return;
                    }
                    door = open();
                    doors.put(key, door);
                }
            }
            try {
                door.http().service(req, resp);
            } catch (jakarta.servlet.ServletException e) {
                throw new IOException(e);
            }
        }
    }

    /** A seat's server and transport, for a token seen for the first time. */
    private Door open() {
        HttpServletStreamableServerTransportProvider http = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(new JacksonMcpJsonMapper(maw.runtime.Json.MAPPER)).mcpEndpoint(PATH)
                .maxRequestSize(256 * 1024).build();
        McpSession session = new McpSession(table);
        // A call is handled on its request's own thread, a virtual one (see the constructor): a seat's next_turn may
        // wait minutes, and seats that wait hold no pool's threads from the others' calls.
        McpSyncServer server = McpSeatServer.build(McpServer.sync(http).immediateExecution(true), session);
        return new Door(session, server, http);
    }

    /** Why {@code token} seats nobody here, or null. */
    private String problem(String token) {
        if (options.tokens() != null) {
            for (String t : options.tokens()) {
                if (maw.runtime.Secrets.same(t, token)) {
                    return null;
                }
            }
            return "this token is not one of the server's";
        }
        return shape(token);
    }

    /** Why {@code token} is not the shape of a seat token (16 to 256 visible ASCII characters), or null. */
    public static String shape(String token) {
        if (token.length() < SHORTEST_TOKEN || token.length() > LONGEST_TOKEN
                || !token.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            return "a seat token is " + SHORTEST_TOKEN + " to " + LONGEST_TOKEN + " visible ASCII characters";
        }
        return null;
    }

    /**
     * Why a request with these {@code Host} and {@code Origin} headers is not for this server, or null: bound to
     * loopback, the host must name loopback at the server's port; a browser's page ({@code Origin}) must be of the
     * same host.
     */
    String foreign(String host, String origin) {
        String h = host == null ? null : host.toLowerCase(Locale.ROOT);
        if (loopback) {
            Set<String> own = ownHosts;
            if (own == null) {
                own = new LinkedHashSet<>();
                for (String name : List.of("127.0.0.1", "localhost", "[::1]", options.bind())) {
                    own.add(name + ":" + port());
                }
                ownHosts = own;
            }
            if (h == null || !own.contains(h)) {
                return "this server answers requests for " + own.iterator().next() + " only";
            }
        }
        if (origin != null && !origin.equals("null") && (h == null
                || !origin.toLowerCase(Locale.ROOT).replaceFirst("^https?://", "").equals(h))) {
            return "a request from another site's page (" + origin + ") is not taken";
        }
        return null;
    }

    private static void refuse(HttpServletResponse resp, int status, String error, String why) throws IOException {
        resp.setStatus(status);
        if (status == 401) {
            resp.setHeader("WWW-Authenticate", "Bearer realm=\"maw\", error=\"" + error + "\", error_description=\""
                    + why.replace("\"", "'") + "\"");
        }
        resp.setContentType("application/json");
        resp.setCharacterEncoding("UTF-8");
        com.fasterxml.jackson.databind.node.ObjectNode body = maw.runtime.Json.MAPPER.createObjectNode();
        body.put("jsonrpc", "2.0");
        body.putNull("id");
        body.putObject("error").put("code", -32001).put("message", why);
        resp.getOutputStream().write(body.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String digest(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
