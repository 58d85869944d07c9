package maw.cli;

import static maw.cli.McpHost.call;
import static maw.cli.McpHost.content;
import static maw.cli.McpHost.outcome;
import static org.assertj.core.api.Assertions.assertThat;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import maw.llm.standin.CostProfile;
import maw.llm.standin.OllamaStandIn;
import maw.testing.Await;
import maw.testing.MawProcess;
import maw.testing.NpmPackage;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MAW's MCP server over Streamable HTTP ({@code maw mcp --transport http}), over the test ejabberd: two MCP seats (the
 * Java SDK's client and the official TypeScript SDK's), a rule bot and a model seat (on a model server that takes a
 * GPU's time a call) play one game; every request shows its seat's token, a session that vanished is taken back with
 * it, and nothing without it (no token, another seat's, a foreign Host or page) reaches a seat.
 */
class McpHttpSeatTest {

    @TempDir
    Path dir;

    private static final String ZED = "zed-seat-token-0123456789";
    private static final String TIA = "tia-seat-token-9876543210";
    private static final String EVE = "eve-seat-token-5555555555";

    @Test
    void twoMcpSeatsARuleBotAndAModelSeatPlayOneGameOverStreamableHttp() throws Exception {
        OllamaStandIn model = new OllamaStandIn().cost(CostProfile.GPU_8B);
        List<String> gameArgs = new ArrayList<>(List.of("game", "--seats", "rule:1,llm:1", "--open-seats", "2",
                "--lobby-seconds", "120", "--seed", "7", "--day-seconds", "25", "--night-seconds", "15",
                "--day-cap", "3", "--out", dir.resolve("game").toString(), "--set", "llm.base-url=" + model.baseUrl()));
        gameArgs.addAll(TestXmpp.get().cliSettings());
        MawProcess.Started game = MawProcess.start(dir, gameArgs);
        MawProcess.Started mcp = null;
        McpSyncClient zed = null;
        Process tia = null;
        try {
            String gm = found(game, Pattern.compile("--gm (\\S+)"), "maw game offers its open seats");
            List<String> mcpArgs = new ArrayList<>(List.of("mcp", "--transport", "http", "--http-port", "0", "--gm",
                    gm, "--seats", "3"));
            mcpArgs.addAll(TestXmpp.get().cliSettings());
            mcp = MawProcess.start(dir, mcpArgs);
            URI endpoint = URI.create(found(mcp, Pattern.compile("at (http://\\S+/mcp)"), "maw mcp listens"));

            // Nothing reaches a seat without a seat token, or from a foreign name or page.
            HttpClient http = HttpClient.newHttpClient();
            assertThat(post(http, endpoint, null, null, initialize()).statusCode()).isEqualTo(401);
            HttpResponse<String> shortToken = post(http, endpoint, "short", null, initialize());
            assertThat(shortToken.statusCode()).isEqualTo(401);
            assertThat(shortToken.headers().firstValue("WWW-Authenticate").orElse("")).contains("invalid_token");
            assertThat(rawStatus(endpoint, "rebound.example:" + endpoint.getPort())).isEqualTo(403);
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(endpoint).header("Authorization", "Bearer "
                    + EVE).header("Origin", "http://evil.example").header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream").POST(HttpRequest.BodyPublishers
                    .ofString(initialize())).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).isEqualTo(403);

            // Zed takes a seat, then its session vanishes.
            java.util.Set<Object> waitingCalls = java.util.concurrent.ConcurrentHashMap.newKeySet();
            zed = client(endpoint, ZED, p -> {
                if (p.message() != null && p.message().startsWith("waiting")) {
                    waitingCalls.add(p.progressToken());
                }
            });
            assertThat(content(call(zed, "join_table", Map.of("name", "Zed")))).containsEntry("joined", true);
            // Many calls waiting hold up no other: while 30 of Zed's next_turn wait for the game (a seat is still
            // open), another seat's call and Zed's own are answered.
            McpSyncClient waiting = zed;
            List<CompletableFuture<McpSchema.CallToolResult>> waits = new ArrayList<>();
            java.util.concurrent.Executor callers = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor();
            for (int i = 0; i < 30; i++) {
                waits.add(CompletableFuture.supplyAsync(() -> call(waiting, "next_turn", Map.of("wait_seconds", 10)),
                        callers));
            }
            // Each says so at once (its progress), so all 30 wait at the server now.
            Await.until("30 next_turn calls waiting", Duration.ofSeconds(30), () -> waitingCalls.size() >= 30);
            McpSyncClient other = client(endpoint, EVE);
            assertThat(outcome(call(other, "status", Map.of()))).isEqualTo("not_seated");
            assertThat(content(call(zed, "status", Map.of()))).containsEntry("you", "Zed");
            assertThat(waits).as("the next_turn calls still wait").noneMatch(CompletableFuture::isDone);
            other.closeGracefully();
            for (CompletableFuture<McpSchema.CallToolResult> w : waits) {
                assertThat(content(w.get(60, TimeUnit.SECONDS))).containsEntry("turn", false);
            }
            HttpResponse<String> own = post(http, endpoint, ZED, null, initialize());
            String session = own.headers().firstValue("Mcp-Session-Id").orElseThrow();
            // Zed's own session, shown with another token, is none of that token's.
            HttpResponse<String> hijack = post(http, endpoint, EVE, session, "{\"jsonrpc\":\"2.0\",\"id\":2,"
                    + "\"method\":\"tools/call\",\"params\":{\"name\":\"leave\",\"arguments\":{}}}");
            assertThat(hijack.statusCode()).isIn(400, 404);
            McpSyncClient eve = client(endpoint, EVE);
            assertThat(outcome(call(eve, "status", Map.of()))).isEqualTo("not_seated");
            eve.closeGracefully();
            zed.closeGracefully();

            // Tia plays from the TypeScript SDK (or, where npm is absent, the Java SDK's client too).
            NpmPackage sdk = NpmPackage.of("@modelcontextprotocol/sdk", "1.32.2");
            Path tiaOut = dir.resolve("tia.out");
            CompletableFuture<McpHost.Played> tiaJava = null;
            if (sdk.dir != null) {
                Path script = sdk.dir.resolve("ts-seat.mjs");
                try (InputStream in = McpHttpSeatTest.class.getResourceAsStream("/mcp/ts-seat.mjs")) {
                    Files.copy(in, script, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
                ProcessBuilder pb = new ProcessBuilder("node", script.toString()).directory(sdk.dir.toFile());
                pb.environment().put("MAW_MCP_URL", endpoint.toString());
                pb.environment().put("MAW_MCP_TOKEN", TIA);
                pb.environment().put("MAW_MCP_NAME", "Tia");
                tia = pb.redirectErrorStream(true).redirectOutput(tiaOut.toFile()).start();
            } else {
                System.err.println("McpHttpSeatTest: Tia plays on the Java SDK's client: " + sdk.why);
                McpSyncClient tiaClient = client(endpoint, TIA);
                assertThat(content(call(tiaClient, "join_table", Map.of("name", "Tia")))).containsEntry("joined",
                        true);
                tiaJava = CompletableFuture.supplyAsync(() -> McpHost.play(tiaClient, 240, (t, spoke) -> spoke ? null
                        : "Tia here, on the Java SDK."));
            }

            // A new session with Zed's token takes Zed's seat back, and plays it to the end.
            zed = client(endpoint, ZED);
            Map<String, Object> back = content(call(zed, "join_table", Map.of("name", "Zed")));
            assertThat(back).containsEntry("joined", true).containsEntry("taken_back", true)
                    .containsEntry("name", "Zed");
            McpSyncClient z = zed;
            McpHost.Played zedPlayed = McpHost.play(zed, 240, (turn, spoke) -> spoke ? null
                    : "Zed speaks through HTTP.");
            // Its resources and prompt: the rules as its role sees them, its news, the guide of its role.
            String rules = text(z.readResource(McpSchema.ReadResourceRequest.builder("maw://table/rules").build()));
            assertThat(rules).contains("Rule set: maw", "Players: ", "Zed", "As your role sees them");
            String news = text(z.readResource(McpSchema.ReadResourceRequest.builder("maw://seat/news").build()));
            assertThat(news).contains("never instructions", "Zed says: \"Zed speaks through HTTP.\"");
            McpSchema.GetPromptResult guide = z.getPrompt(McpSchema.GetPromptRequest.builder("seat_guide").build());
            assertThat(((McpSchema.TextContent) guide.messages().getFirst().content()).text())
                    .contains("You are Zed", "next_turn");
            // A flood of calls is cut to the seat's rate, and answered so.
            List<String> flood = java.util.Collections.synchronizedList(new ArrayList<>());
            try (var pool = java.util.concurrent.Executors.newFixedThreadPool(16)) {
                for (int i = 0; i < 800; i++) {
                    pool.submit(() -> {
                        McpSchema.CallToolResult r = z.callTool(McpSchema.CallToolRequest.builder("status")
                                .arguments(Map.of()).build());
                        flood.add(Boolean.TRUE.equals(r.isError()) ? outcome(r) : "ok");
                    });
                }
            }
            assertThat(flood).hasSize(800).contains("ok", "rate_limited");

            assertThat(zedPlayed.over()).as("Zed saw the end:%n%s", game.output()).isTrue();
            assertThat(zedPlayed.accepted()).contains("speak:accepted", "vote:accepted");
            if (tia != null) {
                if (!tia.waitFor(240, TimeUnit.SECONDS)) {
                    tia.destroyForcibly().waitFor();
                    throw new AssertionError("the TypeScript host did not end:\n" + Files.readString(tiaOut));
                }
                String printed = Files.readString(tiaOut);
                assertThat(tia.exitValue()).as(printed).isZero();
                com.fasterxml.jackson.databind.JsonNode summary = maw.runtime.Json.MAPPER.readTree(printed.lines()
                        .filter(l -> l.startsWith("{")).reduce((a, b) -> b).orElseThrow());
                assertThat(summary.path("over").asBoolean()).as(printed).isTrue();
                assertThat(summary.path("accepted").toString()).as(printed).contains("vote:accepted");
                assertThat(summary.path("guide").asInt()).as("the guide's length").isGreaterThan(200);
                assertThat(summary.path("rules").asText()).startsWith("- Rule set: maw");
            } else {
                McpHost.Played t = tiaJava.get(240, TimeUnit.SECONDS);
                assertThat(t.over()).isTrue();
                assertThat(t.accepted()).contains("vote:accepted");
            }
            // The server holds three seats (Zed's, Tia's, Eve's): a fourth token finds them taken.
            assertThat(post(http, endpoint, "fourth-seat-token-00000000", null, initialize()).statusCode())
                    .isEqualTo(403);
            assertThat(game.waitFor(90)).as(game.output()).isZero();
            assertThat(game.output()).contains("Zed", "Tia");
            assertThat(model.calls()).as("the model seat played").isNotEmpty();
        } finally {
            if (zed != null) {
                zed.closeGracefully();
            }
            if (tia != null) {
                tia.destroyForcibly();
            }
            if (mcp != null) {
                mcp.process().destroy();
            }
            game.process().destroy();
            model.close();
        }
    }

    /** The Java SDK's client over Streamable HTTP, showing {@code token}. */
    static McpSyncClient client(URI endpoint, String token) {
        return client(endpoint, token, p -> { });
    }

    /** The same, with the calls' progress notifications to {@code progress}. */
    static McpSyncClient client(URI endpoint, String token,
            java.util.function.Consumer<McpSchema.ProgressNotification> progress) {
        HttpClientStreamableHttpTransport t = HttpClientStreamableHttpTransport.builder(endpoint.getScheme() + "://"
                + endpoint.getAuthority()).endpoint(endpoint.getPath())
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + token))
                .jsonMapper(new JacksonMcpJsonMapper(new com.fasterxml.jackson.databind.ObjectMapper())).build();
        McpSyncClient c = McpClient.sync(t).requestTimeout(Duration.ofSeconds(90))
                .initializationTimeout(Duration.ofSeconds(30)).progressConsumer(progress).build();
        c.initialize();
        return c;
    }

    private static String found(MawProcess.Started p, Pattern pattern, String what) throws Exception {
        return Await.value(what, Duration.ofSeconds(90), Duration.ofMillis(200), () -> {
            Matcher m = pattern.matcher(p.output());
            return m.find() ? m.group(1) : null;
        });
    }

    private static String initialize() {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";
    }

    private static HttpResponse<String> post(HttpClient http, URI endpoint, String token, String session, String body)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(endpoint).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").POST(HttpRequest.BodyPublishers.ofString(
                        body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (session != null) {
            b.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-06-18");
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The status of a request that names {@code host} (Java's HTTP client will not send another Host). */
    private static int rawStatus(URI endpoint, String host) throws Exception {
        String body = initialize();
        try (Socket s = new Socket(endpoint.getHost(), endpoint.getPort())) {
            OutputStream out = s.getOutputStream();
            out.write(("POST " + endpoint.getPath() + " HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: Bearer " + EVE
                    + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                    + "Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\nConnection: close\r\n\r\n"
                    + body).getBytes(StandardCharsets.UTF_8));
            out.flush();
            String status = new String(s.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
            return Integer.parseInt(status.substring(9, 12));
        }
    }

    private static String text(McpSchema.ReadResourceResult r) {
        return ((McpSchema.TextResourceContents) r.contents().getFirst()).text();
    }
}
