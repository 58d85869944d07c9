package maw.llm.standin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import maw.llm.Tokens;

/**
 * An HTTP server that speaks Ollama's API ({@code /api/chat}, streamed or not, {@code /api/tags}, {@code /api/pull},
 * {@code /api/version}, {@code /api/show}) and the OpenAI-compatible {@code /v1/chat/completions} and
 * {@code /v1/models}, for tests and benchmarks where no model weights are at hand. It checks each request's shape as
 * the real server does, answers with token counts and durations, and takes its answers from a {@link Brain} that a
 * test scripts: it can answer slowly, with malformed bodies or with HTTP errors.
 */
public final class OllamaStandIn implements AutoCloseable {

    /** What the server is asked: the model, the messages, the output format asked for, and which API. */
    public record Call(long number, String api, String model, List<Message> messages, JsonNode format) {
        /** The system message (the guiding prompt), or "". */
        public String system() {
            return messages.stream().filter(m -> m.role().equals("system")).map(Message::content).findFirst()
                    .orElse("");
        }

        /** The last user message. */
        public String lastUser() {
            for (int i = messages.size() - 1; i >= 0; i--) {
                if (messages.get(i).role().equals("user")) {
                    return messages.get(i).content();
                }
            }
            return "";
        }

        /** The prompt's size as the server counts it. */
        public int promptTokens() {
            return countPrompt(messages);
        }
    }

    /** One chat message of a request. */
    public record Message(String role, String content) {}

    /** How the server answers a call. */
    public sealed interface Answer {
        /** The assistant's text. */
        record Text(String content) implements Answer {}

        /** An HTTP error with a body, as Ollama writes errors: {@code {"error": "..."}}. */
        record Error(int status, String message) implements Answer {}

        /** A 200 whose body is not the JSON the API promises. */
        record Malformed(String body) implements Answer {}

        /** Wait, then answer. */
        record Slow(Duration delay, Answer then) implements Answer {}
    }

    /** Decides each answer. */
    @FunctionalInterface
    public interface Brain {
        Answer answer(Call call);
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService handlers;
    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private final Set<String> models = new CopyOnWriteArraySet<>();
    private final AtomicLong counter = new AtomicLong();
    private volatile Brain brain = new GameBrain();
    private volatile Duration delay = Duration.ZERO;
    private volatile String apiKey;

    /** A server on a free loopback port with {@code llama3.1:latest}. */
    public OllamaStandIn() throws IOException {
        this(0);
    }

    public OllamaStandIn(int port) throws IOException {
        this(InetAddress.getLoopbackAddress(), port, Set.of("llama3.1:latest"));
    }

    /**
     * A server on {@code bind}:{@code port} with these models. Its handlers are platform threads: the JDK's HTTP
     * server synchronizes on its connections, which on JDK 21 pins a virtual thread's carrier, and a few concurrent
     * calls then hung every other.
     */
    public OllamaStandIn(InetAddress bind, int port, Set<String> initialModels) throws IOException {
        server = HttpServer.create(new InetSocketAddress(bind, port), 256);
        handlers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "ollama-standin");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(handlers);
        server.createContext("/", this::route);
        models.addAll(initialModels);
        server.start();
    }

    /** {@code http://127.0.0.1:PORT} (Ollama's base URL). */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The OpenAI-compatible base URL, {@code .../v1}. */
    public String openAiBaseUrl() {
        return baseUrl() + "/v1";
    }

    public OllamaStandIn brain(Brain b) {
        this.brain = b;
        return this;
    }

    /** Every answer waits this long first (a model thinking). */
    public OllamaStandIn delay(Duration d) {
        this.delay = d;
        return this;
    }

    /** Require this bearer key on the OpenAI-compatible API. */
    public OllamaStandIn requireKey(String key) {
        this.apiKey = key;
        return this;
    }

    public OllamaStandIn models(String... names) {
        models.clear();
        models.addAll(List.of(names));
        return this;
    }

    public List<Call> calls() {
        return List.copyOf(calls);
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }

    /**
     * The stand-in as Ollama's command line: {@code serve} listens on {@code OLLAMA_HOST} (default 0.0.0.0:11434)
     * with no models until one is pulled (MAW_STANDIN_MODELS: a comma-separated list to start with); {@code list} and
     * {@code pull MODEL} ask the server at {@code OLLAMA_HOST} (default 127.0.0.1:11434). It stands in for the
     * ollama/ollama image where no container registry or model weights are reachable (the compose test).
     */
    public static void main(String[] args) throws Exception {
        String command = args.length == 0 ? "serve" : args[0];
        String host = System.getenv().getOrDefault("OLLAMA_HOST", "");
        switch (command) {
            case "serve" -> {
                String hostPort = host.isEmpty() ? "0.0.0.0:11434" : host.replaceFirst("^https?://", "");
                int colon = hostPort.lastIndexOf(':');
                String bind = colon < 0 ? hostPort : hostPort.substring(0, colon);
                int port = colon < 0 ? 11434 : Integer.parseInt(hostPort.substring(colon + 1));
                Set<String> start = new LinkedHashSet<>();
                for (String m : System.getenv().getOrDefault("MAW_STANDIN_MODELS", "").split(",")) {
                    if (!m.isBlank()) {
                        start.add(m.contains(":") ? m.strip() : m.strip() + ":latest");
                    }
                }
                OllamaStandIn server = new OllamaStandIn(InetAddress.getByName(bind), port, start);
                System.out.printf("Listening on %s:%d (an Ollama stand-in: answers as MAW's game brain, no model "
                        + "weights)%n", bind, server.server.getAddress().getPort());
                Thread.currentThread().join();
            }
            case "list", "pull" -> {
                String base = host.isEmpty() ? "http://127.0.0.1:11434" : host.startsWith("http") ? host
                        : "http://" + host;
                HttpClient client = HttpClient.newHttpClient();
                HttpRequest request = command.equals("list")
                        ? HttpRequest.newBuilder(URI.create(base + "/api/tags")).build()
                        : HttpRequest.newBuilder(URI.create(base + "/api/pull"))
                                .POST(HttpRequest.BodyPublishers.ofString(obj().put("model",
                                        args.length > 1 ? args[1] : "").put("stream", false).toString())).build();
                HttpResponse<String> r = client.send(request,
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    System.err.println("Error: " + r.body());
                    System.exit(1);
                }
                if (command.equals("list")) {
                    System.out.println("NAME");
                    JSON.readTree(r.body()).path("models").forEach(m -> System.out.println(m.path("name").asText()));
                } else {
                    System.out.println(r.body().contains("success") ? "success" : r.body());
                }
            }
            default -> {
                System.err.println("usage: ollama serve | list | pull MODEL");
                System.exit(2);
            }
        }
    }

    // --- routing ------------------------------------------------------------------------------------------------

    private void route(HttpExchange x) throws IOException {
        try (x) {
            String path = x.getRequestURI().getPath();
            String method = x.getRequestMethod();
            switch (method + " " + path) {
                case "GET /api/version" -> json(x, 200, obj().put("version", "0.5.7"));
                case "GET /api/tags" -> tags(x);
                case "POST /api/show" -> show(x);
                case "POST /api/pull" -> pull(x);
                case "POST /api/chat" -> chat(x);
                case "GET /v1/models" -> openAiModels(x);
                case "POST /v1/chat/completions" -> openAiChat(x);
                case "GET /", "HEAD /" -> text(x, 200, "Ollama is running");
                default -> json(x, 404, obj().put("error", "404 page not found"));
            }
        }
    }

    private void tags(HttpExchange x) throws IOException {
        ArrayNode list = JSON.createArrayNode();
        for (String m : models.stream().sorted().toList()) {
            ObjectNode details = obj().put("parent_model", "").put("format", "gguf").put("family", "llama")
                    .put("parameter_size", "8.0B").put("quantization_level", "Q4_K_M");
            details.set("families", JSON.createArrayNode().add("llama"));
            ObjectNode n = obj().put("name", m).put("model", m).put("modified_at", "2024-07-23T18:45:33.000Z")
                    .put("size", 4920753328L).put("digest", "42182419e950" + "0".repeat(52));
            n.set("details", details);
            list.add(n);
        }
        json(x, 200, (ObjectNode) obj().set("models", list));
    }

    private void show(HttpExchange x) throws IOException {
        JsonNode req = body(x);
        if (req == null) {
            return;
        }
        String model = req.path("model").asText(req.path("name").asText(""));
        if (!hasModel(model)) {
            json(x, 404, obj().put("error", "model '" + model + "' not found"));
            return;
        }
        ObjectNode details = obj().put("format", "gguf").put("family", "llama").put("parameter_size", "8.0B")
                .put("quantization_level", "Q4_K_M");
        json(x, 200, (ObjectNode) obj().put("modelfile", "FROM " + model).put("template", "{{ .Prompt }}")
                .set("details", details));
    }

    private void pull(HttpExchange x) throws IOException {
        JsonNode req = body(x);
        if (req == null) {
            return;
        }
        String model = req.path("model").asText(req.path("name").asText(""));
        if (model.isEmpty()) {
            json(x, 400, obj().put("error", "model is required"));
            return;
        }
        String full = model.contains(":") ? model : model + ":latest";
        boolean stream = !req.has("stream") || req.get("stream").asBoolean(true);
        if (!stream) {
            models.add(full);
            json(x, 200, obj().put("status", "success"));
            return;
        }
        x.getResponseHeaders().add("Content-Type", "application/x-ndjson");
        x.sendResponseHeaders(200, 0);
        OutputStream out = x.getResponseBody();
        line(out, obj().put("status", "pulling manifest"));
        long total = 4_920_753_328L;
        String digest = "sha256:8eeb52dfb3bb" + "0".repeat(52);
        for (int step = 0; step <= 4; step++) {
            line(out, obj().put("status", "pulling 8eeb52dfb3bb").put("digest", digest).put("total", total)
                    .put("completed", total * step / 4));
        }
        line(out, obj().put("status", "verifying sha256 digest"));
        line(out, obj().put("status", "writing manifest"));
        models.add(full);
        line(out, obj().put("status", "success"));
    }

    private void chat(HttpExchange x) throws IOException {
        JsonNode req = body(x);
        if (req == null) {
            return;
        }
        String problem = checkChat(req, false);
        if (problem != null) {
            json(x, 400, obj().put("error", problem));
            return;
        }
        String model = req.get("model").asText();
        if (!hasModel(model)) {
            json(x, 404, obj().put("error", "model \"" + model + "\" not found, try pulling it first"));
            return;
        }
        Call call = record("ollama", req);
        long t0 = System.nanoTime();
        Answer answer = settle(brain.answer(call));
        switch (answer) {
            case Answer.Error e -> json(x, e.status(), obj().put("error", e.message()));
            case Answer.Malformed m -> text(x, 200, m.body());
            case Answer.Text t -> {
                boolean stream = !req.has("stream") || req.get("stream").asBoolean(true);
                long elapsed = System.nanoTime() - t0;
                ObjectNode done = obj().put("model", model).put("created_at", Instant.now().toString());
                done.set("message", obj().put("role", "assistant").put("content", stream ? "" : t.content()));
                done.put("done", true).put("done_reason", "stop").put("total_duration", elapsed + 1_000_000)
                        .put("load_duration", 1_000_000).put("prompt_eval_count", call.promptTokens())
                        .put("prompt_eval_duration", elapsed / 3).put("eval_count", Tokens.wordsAndMarks(t.content()) + 1)
                        .put("eval_duration", elapsed * 2 / 3);
                if (!stream) {
                    json(x, 200, done);
                    return;
                }
                x.getResponseHeaders().add("Content-Type", "application/x-ndjson");
                x.sendResponseHeaders(200, 0);
                OutputStream out = x.getResponseBody();
                for (String piece : pieces(t.content())) {
                    ObjectNode chunk = obj().put("model", model).put("created_at", Instant.now().toString());
                    chunk.set("message", obj().put("role", "assistant").put("content", piece));
                    line(out, chunk.put("done", false));
                }
                line(out, done);
            }
            case Answer.Slow s -> throw new IllegalStateException("unreachable");
        }
    }

    private void openAiModels(HttpExchange x) throws IOException {
        if (!authorised(x)) {
            return;
        }
        ArrayNode data = JSON.createArrayNode();
        models.stream().sorted().forEach(m -> data.add(obj().put("id", m.replace(":latest", "")).put("object", "model")
                .put("owned_by", "standin")));
        json(x, 200, (ObjectNode) obj().put("object", "list").set("data", data));
    }

    private void openAiChat(HttpExchange x) throws IOException {
        if (!authorised(x)) {
            return;
        }
        JsonNode req = body(x);
        if (req == null) {
            return;
        }
        String problem = checkChat(req, true);
        if (problem != null) {
            openAiError(x, 400, problem, "invalid_request_error");
            return;
        }
        String model = req.get("model").asText();
        if (!hasModel(model)) {
            openAiError(x, 404, "The model `" + model + "` does not exist", "model_not_found");
            return;
        }
        Call call = record("openai", req);
        Answer answer = settle(brain.answer(call));
        switch (answer) {
            case Answer.Error e -> openAiError(x, e.status(), e.message(), "server_error");
            case Answer.Malformed m -> text(x, 200, m.body());
            case Answer.Text t -> {
                int prompt = call.promptTokens();
                int completion = Tokens.wordsAndMarks(t.content()) + 1;
                ObjectNode choice = obj().put("index", 0).put("finish_reason", "stop");
                choice.set("message", obj().put("role", "assistant").put("content", t.content()));
                ObjectNode res = obj().put("id", "chatcmpl-" + call.number()).put("object", "chat.completion")
                        .put("created", Instant.now().getEpochSecond()).put("model", model);
                res.set("choices", JSON.createArrayNode().add(choice));
                res.set("usage", obj().put("prompt_tokens", prompt).put("completion_tokens", completion)
                        .put("total_tokens", prompt + completion));
                json(x, 200, res);
            }
            case Answer.Slow s -> throw new IllegalStateException("unreachable");
        }
    }

    // --- request checks -----------------------------------------------------------------------------------------

    /** What the real servers refuse: no model, no messages, a message without a known role or text content. */
    private static String checkChat(JsonNode req, boolean openAi) {
        if (!req.isObject()) {
            return "the request body must be a JSON object";
        }
        if (!req.path("model").isTextual() || req.path("model").asText().isBlank()) {
            return "model is required";
        }
        JsonNode messages = req.get("messages");
        if (messages == null || !messages.isArray() || messages.isEmpty()) {
            return "messages are required";
        }
        for (JsonNode m : messages) {
            String role = m.path("role").asText("");
            if (!Set.of("system", "user", "assistant", "tool").contains(role)) {
                return "invalid role \"" + role + "\" in messages";
            }
            if (!m.path("content").isTextual()) {
                return "message content must be a string";
            }
        }
        JsonNode format = openAi ? req.get("response_format") : req.get("format");
        if (format != null && !format.isNull()) {
            if (openAi) {
                String type = format.path("type").asText("");
                if (!Set.of("text", "json_object", "json_schema").contains(type)) {
                    return "invalid response_format type \"" + type + "\"";
                }
            } else if (!(format.isTextual() && format.asText().equals("json")) && !format.isObject()) {
                return "invalid format: expected \"json\" or a JSON schema";
            }
        }
        return null;
    }

    private boolean authorised(HttpExchange x) throws IOException {
        String key = apiKey;
        if (key == null) {
            return true;
        }
        String header = x.getRequestHeaders().getFirst("Authorization");
        if (("Bearer " + key).equals(header)) {
            return true;
        }
        openAiError(x, 401, "Incorrect API key provided", "invalid_api_key");
        return false;
    }

    private boolean hasModel(String model) {
        return models.contains(model) || (!model.contains(":") && models.contains(model + ":latest"));
    }

    private Call record(String api, JsonNode req) {
        List<Message> messages = new ArrayList<>();
        req.get("messages").forEach(m -> messages.add(new Message(m.get("role").asText(), m.get("content").asText())));
        JsonNode format = "openai".equals(api) ? req.get("response_format") : req.get("format");
        Call call = new Call(counter.incrementAndGet(), api, req.get("model").asText(), List.copyOf(messages), format);
        calls.add(call);
        return call;
    }

    /** Waits as the answer (and the server's fixed delay) asks, and returns what to send. */
    private Answer settle(Answer a) {
        sleep(delay);
        while (a instanceof Answer.Slow s) {
            sleep(s.delay());
            a = s.then();
        }
        return a;
    }

    static int countPrompt(List<Message> messages) {
        int n = 0;
        for (Message m : messages) {
            n += Tokens.wordsAndMarks(m.content()) + 3;
        }
        return n;
    }

    // --- writing --------------------------------------------------------------------------------------------------

    private static JsonNode body(HttpExchange x) throws IOException {
        byte[] bytes = x.getRequestBody().readAllBytes();
        try {
            return JSON.readTree(bytes);
        } catch (IOException e) {
            json(x, 400, obj().put("error", "invalid JSON in the request body: " + e.getMessage()));
            return null;
        }
    }

    private static ObjectNode obj() {
        return JSON.createObjectNode();
    }

    private static void json(HttpExchange x, int status, ObjectNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        x.getResponseHeaders().add("Content-Type", "application/json; charset=utf-8");
        x.sendResponseHeaders(status, bytes.length);
        x.getResponseBody().write(bytes);
    }

    private static void text(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().add("Content-Type", "text/plain; charset=utf-8");
        x.sendResponseHeaders(status, bytes.length);
        x.getResponseBody().write(bytes);
    }

    private static void openAiError(HttpExchange x, int status, String message, String code) throws IOException {
        ObjectNode error = obj().put("message", message).put("type", "invalid_request_error").put("code", code);
        json(x, status, (ObjectNode) obj().set("error", error));
    }

    private static void line(OutputStream out, ObjectNode n) throws IOException {
        out.write(JSON.writeValueAsBytes(n));
        out.write('\n');
        out.flush();
    }

    private static List<String> pieces(String content) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < content.length(); i += 8) {
            out.add(content.substring(i, Math.min(content.length(), i + 8)));
        }
        if (out.isEmpty()) {
            out.add("");
        }
        return out;
    }

    private static void sleep(Duration d) {
        if (d.isZero() || d.isNegative()) {
            return;
        }
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
