package maw.bench;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * The MCP host of {@code maw bench mcp}, in a process of its own as a host is: it takes a seat through the official
 * Java SDK's client over Streamable HTTP, and makes the calls its parent asks for on standard input, one a line,
 * answering each on standard output with the time it took, measured here, from the call to its answer:
 * <pre>
 *   vote NAME  →  ok NANOS accepted      (or: ok NANOS refused|sent|error)
 *   status     →  ok NANOS               (the SDK's client; a call that reaches no table)
 *   barevote NAME → ok NANOS accepted   (the same vote by a bare HTTP client: the protocol without the SDK)
 *   raw        →  ok NANOS               (status by the bare client)
 *   plain      →  ok NANOS               (the bare client's POST to a servlet that answers one event: HTTP alone)
 *   quit       →  bye
 * </pre>
 * It prints {@code ready} once seated. Arguments: the endpoint, the seat's token (the bare client's session shows it
 * too, and plays the same seat), the seat's name, the plain servlet's address.
 */
public final class McpBenchHost {

    private McpBenchHost() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: McpBenchHost ENDPOINT TOKEN NAME PLAIN_ENDPOINT");
            System.exit(2);
        }
        URI endpoint = URI.create(args[0]);
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        McpSyncClient client = sdkClient(endpoint, args[1]);
        McpSchema.CallToolResult joined = call(client, "join_table", Map.of("name", args[2]));
        if (Boolean.TRUE.equals(joined.isError())) {
            out.println("failed " + joined.structuredContent());
            System.exit(1);
        }
        // The bare client's session shows the same token: it plays the same seat.
        Bare bare = new Bare(endpoint, args[1]);
        URI plain = URI.create(args[3]);
        out.println("ready");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.startsWith("vote ")) {
                    long t0 = System.nanoTime();
                    McpSchema.CallToolResult r = call(client, "vote", Map.of("target", line.substring(5)));
                    long t = System.nanoTime() - t0;
                    Object outcome = Boolean.TRUE.equals(r.isError()) ? "error"
                            : r.structuredContent() instanceof Map<?, ?> m ? m.get("outcome") : "error";
                    out.println("ok " + t + " " + outcome);
                } else if (line.startsWith("barevote ")) {
                    long t0 = System.nanoTime();
                    String body = bare.call("vote", "{\"target\":" + maw.runtime.Json.MAPPER.writeValueAsString(
                            line.substring(9)) + "}");
                    long t = System.nanoTime() - t0;
                    // The structured content, as the event's JSON carries it.
                    out.println("ok " + t + " " + (body.contains("\"outcome\":\"accepted\"") ? "accepted" : "other"));
                } else if (line.equals("status")) {
                    long t0 = System.nanoTime();
                    call(client, "status", Map.of());
                    out.println("ok " + (System.nanoTime() - t0));
                } else if (line.equals("raw")) {
                    long t0 = System.nanoTime();
                    bare.status();
                    out.println("ok " + (System.nanoTime() - t0));
                } else if (line.equals("plain")) {
                    long t0 = System.nanoTime();
                    bare.exchange(plain);
                    out.println("ok " + (System.nanoTime() - t0));
                } else if (line.equals("quit")) {
                    break;
                } else {
                    out.println("unknown " + line);
                }
            }
        } finally {
            client.closeGracefully();
            out.println("bye");
        }
        System.exit(0);
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> args) {
        return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build());
    }

    /** The official Java SDK's client, initialized, showing {@code token}. */
    static McpSyncClient sdkClient(URI endpoint, String token) {
        HttpClientStreamableHttpTransport t = HttpClientStreamableHttpTransport.builder(endpoint.getScheme() + "://"
                + endpoint.getAuthority()).endpoint(endpoint.getPath())
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + token))
                .jsonMapper(new JacksonMcpJsonMapper(maw.runtime.Json.MAPPER)).build();
        McpSyncClient c = McpClient.sync(t).requestTimeout(Duration.ofSeconds(30)).build();
        c.initialize();
        return c;
    }

    /**
     * A session held by nothing but the JDK's HTTP client: the requests of the protocol written out, the answer's one
     * event read whole. What the protocol itself costs, without a client library's layers.
     */
    static final class Bare {
        private final HttpClient http = HttpClient.newHttpClient();
        private final URI endpoint;
        private final String token;
        private final String session;
        private int id = 1;

        Bare(URI endpoint, String token) throws IOException, InterruptedException {
            this.endpoint = endpoint;
            this.token = token;
            HttpResponse<String> init = post(null, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                    + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench-bare\","
                    + "\"version\":\"1\"}}}");
            this.session = init.headers().firstValue("mcp-session-id")
                    .orElseThrow(() -> new IOException("no session from initialize: " + init.statusCode()));
            post(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        }

        void status() throws IOException, InterruptedException {
            call("status", "{}");
        }

        /** Calls {@code tool} with {@code arguments} (a JSON object); returns the answer's text (one event). */
        String call(String tool, String arguments) throws IOException, InterruptedException {
            HttpResponse<String> r = post(session, "{\"jsonrpc\":\"2.0\",\"id\":" + id++ + ",\"method\":\"tools/call\","
                    + "\"params\":{\"name\":\"" + tool + "\",\"arguments\":" + arguments + "}}");
            if (r.statusCode() != 200 || !r.body().contains("\"result\"")) {
                throw new IOException(tool + " answered " + r.statusCode() + ": " + r.body());
            }
            return r.body();
        }

        /** One POST to {@code plain} (a servlet that answers one event), read whole. */
        void exchange(URI plain) throws IOException, InterruptedException {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(plain).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IOException("the plain exchange answered " + r.statusCode());
            }
        }

        private HttpResponse<String> post(String session, String body) throws IOException, InterruptedException {
            HttpRequest.Builder b = HttpRequest.newBuilder(endpoint).header("Authorization", "Bearer " + token)
                    .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body));
            if (session != null) {
                b.header("Mcp-Session-Id", session);
            }
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        }
    }
}
