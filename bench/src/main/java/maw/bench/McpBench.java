package maw.bench;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import maw.agents.human.UserInterfaceAgent;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.app.AgentNetwork;
import maw.app.mcp.McpHttpServer;
import maw.app.mcp.McpSeat;
import maw.app.mcp.McpSeatServer;
import maw.base.Act;
import maw.base.Phase;
import maw.base.SeatView;
import maw.game.maw.GameOptions;

/**
 * {@code maw bench mcp}: what a tool call adds to a seat's act. One table on the server, in one run: two seats that
 * listen, a seat played directly over XMPP (a Player and its interface, as every seat has: the baseline) and a seat
 * played by an MCP client (the official Java SDK's, over Streamable HTTP on loopback) through {@code maw mcp}'s
 * server. Through one long day both change their vote back and forth, in turns, each act timed from the call to the
 * GameMaster's acceptance; the figure is the difference of the medians (and their ratio).
 */
public final class McpBench {

    /** The figures of one run. */
    public record Result(int acts, double xmppMedianMillis, double xmppP90Millis, double mcpMedianMillis,
            double mcpP90Millis, double statusMedianMillis, int refused) {

        /** What the MCP call adds at the median. */
        public double addedMedianMillis() {
            return mcpMedianMillis - xmppMedianMillis;
        }

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("acts", acts);
            m.put("xmppMedianMillis", Figures.round(xmppMedianMillis));
            m.put("xmppP90Millis", Figures.round(xmppP90Millis));
            m.put("mcpMedianMillis", Figures.round(mcpMedianMillis));
            m.put("mcpP90Millis", Figures.round(mcpP90Millis));
            m.put("statusMedianMillis", Figures.round(statusMedianMillis));
            m.put("addedMedianMillis", Figures.round(addedMedianMillis()));
            m.put("ratioMcpToXmpp", Figures.round(mcpMedianMillis / Math.max(1e-9, xmppMedianMillis)));
            m.put("refused", refused);
            return m;
        }
    }

    private final AgentNetwork network;
    private final PrintStream out;

    public McpBench(AgentNetwork network, PrintStream out) {
        this.network = network;
        this.out = out;
    }

    /** Times {@code acts} acts of each seat, after {@code warmup} of each. */
    public Result run(int acts, int warmup) throws Exception {
        String tag = Long.toString(System.currentTimeMillis() % 1_000_000L, 36);
        // A day long enough for every act: two votes of four never make a majority, so nothing ends it early.
        GameOptions options = GameOptions.defaults().withTimers(Duration.ofMinutes(20), Duration.ofSeconds(30))
                .withEndWhenAllVoted(false);
        GameTable.SeatFiller listens = new GameTable.SeatFiller() {
            @Override
            public maw.runtime.Agent create(GameTable.Seat s) {
                return new UserInterfaceAgent(s.jid(), s.password(), s.name(), s.player(), (kind, text) -> { });
            }

            @Override
            public String kind() {
                return "listener";
            }
        };
        GameTable table = GameTable.on(network, new GameTable.Spec("bench-mcp" + tag + "-", List.of("Ann", "Bob"),
                Collections.nCopies(2, listens), 1, 1, MawTables.ruleset(options), null)
                .withOpenSeats(2, Duration.ofSeconds(60), listens));
        CompletableFuture<GameTable.Result> game = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                game.complete(table.play(null, null, Duration.ofMinutes(30)));
            } catch (Throwable e) {
                game.completeExceptionally(e);
            }
        });
        table.allStarted().get(2, TimeUnit.MINUTES);
        Duration[] patience = {Duration.ofSeconds(20), Duration.ofSeconds(600)};
        McpSeatServer.Table at = new McpSeatServer.Table(network, table.gameMaster().toString(), null, patience,
                null);
        McpSeat direct = null;
        McpSyncClient client = null;
        try (McpHttpServer server = McpHttpServer.start(at, new McpHttpServer.Options("127.0.0.1", 0, null, 2))) {
            out.printf("the table's GameMaster: %s; MCP server at %s%n", table.gameMaster(), server.endpoint());
            client = client(server.endpoint(), "bench-mcp-seat-token-" + tag);
            call(client, "join_table", Map.of("name", "Mia"));
            direct = McpSeat.join(network, at.accounts("Xan" + tag.substring(0, 2)), "Xan", patience);
            McpSeat seat = direct;
            awaitDay(seat);
            McpSyncClient c = client;
            // Both seats vote for Ann and Bob in turn, so each vote changes the last.
            List<String> targets = List.of("Ann", "Bob");
            int[] refused = {0};
            for (int i = 0; i < warmup; i++) {
                timeXmpp(seat, targets.get(i % 2), refused);
                timeMcp(c, targets.get(i % 2), refused);
            }
            out.printf("%d acts of each seat, after %d of warm-up ...%n", acts, warmup);
            List<Double> xmpp = new ArrayList<>();
            List<Double> mcp = new ArrayList<>();
            refused[0] = 0;
            for (int i = 0; i < acts; i++) {
                String target = targets.get(i % 2);
                // In turns, one first then the other, so that neither always meets the server fresher.
                if (i % 2 == 0) {
                    xmpp.add(timeXmpp(seat, target, refused));
                    mcp.add(timeMcp(c, target, refused));
                } else {
                    mcp.add(timeMcp(c, target, refused));
                    xmpp.add(timeXmpp(seat, target, refused));
                }
                // Under the GameMaster's rate for one sender (100 a second).
                Thread.sleep(15);
                if ((i + 1) % 100 == 0) {
                    out.printf("  %d of %d%n", i + 1, acts);
                }
            }
            // A call that reaches no table: what the protocol costs alone.
            List<Double> status = new ArrayList<>();
            for (int i = 0; i < acts; i++) {
                long t0 = System.nanoTime();
                call(c, "status", Map.of());
                status.add((System.nanoTime() - t0) / 1e6);
            }
            Collections.sort(xmpp);
            Collections.sort(mcp);
            Collections.sort(status);
            return new Result(acts, at(xmpp, 0.5), at(xmpp, 0.9), at(mcp, 0.5), at(mcp, 0.9), at(status, 0.5),
                    refused[0]);
        } finally {
            if (client != null) {
                client.closeGracefully();
            }
            if (direct != null) {
                direct.close();
            }
            table.abort("the benchmark is over");
            try {
                game.get(1, TimeUnit.MINUTES);
            } catch (Exception e) {
                // an aborted table's end is no figure of the benchmark
            }
        }
    }

    private static double timeXmpp(McpSeat seat, String target, int[] refused) throws InterruptedException {
        long t0 = System.nanoTime();
        McpSeat.Outcome o = seat.act(new Act.Vote(target), Duration.ofSeconds(10));
        long t = System.nanoTime() - t0;
        if (!o.accepted()) {
            refused[0]++;
        }
        return t / 1e6;
    }

    private static double timeMcp(McpSyncClient client, String target, int[] refused) {
        long t0 = System.nanoTime();
        McpSchema.CallToolResult r = call(client, "vote", Map.of("target", target));
        long t = System.nanoTime() - t0;
        if (Boolean.TRUE.equals(r.isError()) || !(r.structuredContent() instanceof Map<?, ?> m)
                || !"accepted".equals(m.get("outcome"))) {
            refused[0]++;
        }
        return t / 1e6;
    }

    /** Until the day has begun and the seat may vote. */
    private static void awaitDay(McpSeat seat) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() < until) {
            SeatView v = seat.view();
            if (v != null && v.phase() == Phase.DAY && v.allowed_actions().contains(Act.Kind.VOTE)) {
                return;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("the day did not begin within 3 minutes");
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> args) {
        return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build());
    }

    private static McpSyncClient client(URI endpoint, String token) {
        HttpClientStreamableHttpTransport t = HttpClientStreamableHttpTransport.builder(endpoint.getScheme() + "://"
                + endpoint.getAuthority()).endpoint(endpoint.getPath())
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + token))
                .jsonMapper(new JacksonMcpJsonMapper(maw.runtime.Json.MAPPER)).build();
        McpSyncClient c = McpClient.sync(t).requestTimeout(Duration.ofSeconds(30)).build();
        c.initialize();
        return c;
    }

    private static double at(List<Double> sorted, double q) {
        return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(q * sorted.size())));
    }
}
