package maw.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
 * played through {@code maw mcp}'s server over Streamable HTTP on loopback by an MCP host in a process of its own
 * ({@link McpBenchHost}: the official Java SDK's client, and a bare HTTP client). Through one long day the three ways
 * change the votes back and forth, in turns, each act timed from the call to the GameMaster's acceptance; the figure
 * is the difference of the medians (and their ratio). Then calls that reach no table and one HTTP exchange with
 * nothing behind it, the floor of any HTTP transport on the machine.
 */
public final class McpBench {

    /**
     * The figures of one run, in ms: a vote through the seat over XMPP (the baseline), through the Java SDK's client and
     * through a bare HTTP client (both in the host's own process); a call that reaches no table by either client; one
     * HTTP exchange with nothing behind it.
     */
    public record Result(int acts, Figure xmpp, Figure sdk, Figure bare, double statusSdkMillis,
            double statusBareMillis, double exchangeMillis, int refused) {

        /** What the SDK client's tool call adds to the seat's act at the median (the goal's figure). */
        public double addedMedianMillis() {
            return sdk.median() - xmpp.median();
        }

        /** What the protocol alone adds at the median, without a client library's layers. */
        public double bareAddedMedianMillis() {
            return bare.median() - xmpp.median();
        }

        /** The SDK client's vote to the XMPP seat's, at the median. */
        public double ratio() {
            return sdk.median() / Math.max(1e-9, xmpp.median());
        }

        /** The bare client's vote to the XMPP seat's, at the median. */
        public double bareRatio() {
            return bare.median() / Math.max(1e-9, xmpp.median());
        }

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("acts", acts);
            m.put("xmppMedianMillis", Figures.round(xmpp.median()));
            m.put("xmppP90Millis", Figures.round(xmpp.p90()));
            m.put("mcpMedianMillis", Figures.round(sdk.median()));
            m.put("mcpP90Millis", Figures.round(sdk.p90()));
            m.put("bareMcpMedianMillis", Figures.round(bare.median()));
            m.put("bareMcpP90Millis", Figures.round(bare.p90()));
            m.put("statusMedianMillis", Figures.round(statusSdkMillis));
            m.put("bareStatusMedianMillis", Figures.round(statusBareMillis));
            m.put("httpExchangeMedianMillis", Figures.round(exchangeMillis));
            m.put("addedMedianMillis", Figures.round(addedMedianMillis()));
            m.put("bareAddedMedianMillis", Figures.round(bareAddedMedianMillis()));
            m.put("ratioMcpToXmpp", Figures.round(ratio()));
            m.put("ratioBareMcpToXmpp", Figures.round(bareRatio()));
            m.put("refused", refused);
            return m;
        }
    }

    /** A median and a 90th percentile, in ms. */
    public record Figure(double median, double p90) {
        static Figure of(List<Double> times) {
            return new Figure(at(times, 0.5), at(times, 0.9));
        }
    }

    private final AgentNetwork network;
    private final PrintStream out;

    public McpBench(AgentNetwork network, PrintStream out) {
        this.network = network;
        this.out = out;
    }

    /** Times {@code acts} acts of each seat, after {@code warmup} of each, with {@code gap} after each act or call. */
    public Result run(int acts, int warmup, Duration gap) throws Exception {
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
        Host host = null;
        try (McpHttpServer server = McpHttpServer.start(at, new McpHttpServer.Options("127.0.0.1", 0, null, 1));
                PlainExchange plain = PlainExchange.start()) {
            out.printf("the table's GameMaster: %s; MCP server at %s%n", table.gameMaster(), server.endpoint());
            host = Host.start(server.endpoint(), "bench-mcp-seat-token-" + tag, "Mia", plain.endpoint());
            out.println("the MCP host (its own process: the Java SDK's client, and a bare HTTP client in a session of "
                    + "its own with the same token) took its seat");
            direct = McpSeat.join(network, at.accounts("Xan" + tag.substring(0, 2)), "Xan", patience);
            McpSeat seat = direct;
            awaitDay(seat);
            // The seats vote for Ann and Bob in turn, so each vote changes the last; a round times each way once, in
            // an order that turns round by round, so that none always comes first or after another.
            List<String> targets = List.of("Ann", "Bob");
            int[] refused = {0};
            List<List<Double>> times = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
            for (int i = -warmup; i < acts; i++) {
                if (i == 0) {
                    out.printf("%d acts each way, after %d of warm-up ...%n", acts, warmup);
                    refused[0] = 0;
                    times.forEach(List::clear);
                }
                String target = targets.get(Math.floorMod(i, 2));
                for (int k = 0; k < 3; k++) {
                    int way = Math.floorMod(i + k, 3);
                    times.get(way).add(switch (way) {
                        case 0 -> timeXmpp(seat, target, refused);
                        case 1 -> host.vote("vote", target, refused);
                        default -> host.vote("barevote", target, refused);
                    });
                    rest(gap);
                }
                if (i > 0 && i % 100 == 0) {
                    out.printf("  %d of %d%n", i, acts);
                }
            }
            // Calls that reach no table, paced as the acts: what the protocol costs alone, through the SDK's client and
            // the bare one; and one HTTP exchange with nothing behind it, the floor of any HTTP transport here.
            List<Double> status = new ArrayList<>();
            List<Double> bare = new ArrayList<>();
            List<Double> exchange = new ArrayList<>();
            for (int i = 0; i < acts; i++) {
                status.add(host.time("status"));
                rest(gap);
                bare.add(host.time("raw"));
                rest(gap);
                exchange.add(host.time("plain"));
                rest(gap);
            }
            return new Result(acts, Figure.of(times.get(0)), Figure.of(times.get(1)), Figure.of(times.get(2)),
                    at(status, 0.5), at(bare, 0.5), at(exchange, 0.5), refused[0]);
        } finally {
            if (host != null) {
                host.close();
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

    /** The MCP host's process ({@link McpBenchHost}): a line asked, a line answered with the call's time. */
    private static final class Host implements AutoCloseable {
        private final Process process;
        private final BufferedReader answers;
        private final PrintStream asks;

        private Host(Process process) {
            this.process = process;
            this.answers = process.inputReader(StandardCharsets.UTF_8);
            this.asks = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
        }

        static Host start(URI endpoint, String token, String name, URI plain) throws IOException {
            String jvm = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> cmd = new ArrayList<>(List.of(jvm, "--enable-native-access=ALL-UNNAMED"));
            if (System.getProperty("maw.home") != null) {
                cmd.add("-Dmaw.home=" + System.getProperty("maw.home"));
            }
            cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), McpBenchHost.class.getName(),
                    endpoint.toString(), token, name, plain.toString()));
            Host h = new Host(new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start());
            String first = h.answers.readLine();
            if (!"ready".equals(first)) {
                h.close();
                throw new IOException("the MCP host did not take its seat: " + first);
            }
            return h;
        }

        /** The time of one call the host makes ({@code status}, {@code raw}), in ms. */
        double time(String ask) throws IOException {
            return Double.parseDouble(answer(ask)[1]) / 1e6;
        }

        /**
         * The time of the host's vote for {@code target} ({@code how}: {@code vote} through the SDK's client,
         * {@code barevote} through the bare one), in ms; counted in {@code refused} unless accepted.
         */
        double vote(String how, String target, int[] refused) throws IOException {
            String[] a = answer(how + " " + target);
            if (a.length < 3 || !"accepted".equals(a[2])) {
                refused[0]++;
            }
            return Double.parseDouble(a[1]) / 1e6;
        }

        private String[] answer(String ask) throws IOException {
            asks.println(ask);
            String line = answers.readLine();
            if (line == null || !line.startsWith("ok ")) {
                throw new IOException("the MCP host answered " + ask + " with " + line);
            }
            return line.split(" ");
        }

        @Override
        public void close() {
            asks.println("quit");
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
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

    /**
     * The pause after each act and call: long enough for the table to be at rest again (the vote's news has reached
     * every seat), as it is when a seat acts in a game, and the seats far under the GameMaster's rate for one sender.
     */
    private static void rest(Duration gap) throws InterruptedException {
        Thread.sleep(gap);
    }

    private static double at(List<Double> times, double q) {
        List<Double> sorted = new ArrayList<>(times);
        Collections.sort(sorted);
        return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(q * sorted.size())));
    }

    /**
     * One HTTP exchange with nothing behind it: a servlet of the same server (Jetty) that reads a POST and answers one
     * server-sent event, as an MCP server answers a call. What any HTTP transport costs on this machine.
     */
    private static final class PlainExchange implements AutoCloseable {
        private final org.eclipse.jetty.server.Server jetty = new org.eclipse.jetty.server.Server();
        private final org.eclipse.jetty.server.ServerConnector connector =
                new org.eclipse.jetty.server.ServerConnector(jetty);

        static PlainExchange start() throws Exception {
            PlainExchange p = new PlainExchange();
            p.connector.setHost("127.0.0.1");
            p.connector.setPort(0);
            p.jetty.addConnector(p.connector);
            org.eclipse.jetty.ee10.servlet.ServletContextHandler context =
                    new org.eclipse.jetty.ee10.servlet.ServletContextHandler();
            context.setContextPath("/");
            context.addServlet(new org.eclipse.jetty.ee10.servlet.ServletHolder(new jakarta.servlet.http.HttpServlet() {
                @Override
                protected void doPost(jakarta.servlet.http.HttpServletRequest req,
                        jakarta.servlet.http.HttpServletResponse res) throws IOException {
                    req.getInputStream().readAllBytes();
                    res.setContentType("text/event-stream");
                    res.setCharacterEncoding("UTF-8");
                    res.getWriter().write("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n");
                    res.getWriter().flush();
                }
            }), "/plain");
            p.jetty.setHandler(context);
            p.jetty.start();
            return p;
        }

        URI endpoint() {
            return URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/plain");
        }

        @Override
        public void close() throws IOException {
            try {
                jetty.stop();
            } catch (Exception e) {
                throw new IOException("the plain servlet did not stop", e);
            }
        }
    }
}
