package maw.llm.standin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import maw.llm.standin.StandInHttp.Exchange;

/**
 * An HTTP server that speaks Ollama's API ({@code /api/chat}, streamed or not, {@code /api/tags}, {@code /api/pull},
 * {@code /api/version}, {@code /api/show}) and the OpenAI-compatible {@code /v1/chat/completions} and
 * {@code /v1/models} (with llama.cpp's {@code /props}, {@code id_slot} and {@code cache_prompt} when asked to be a
 * llama.cpp server), for tests and benchmarks where no model weights are at hand. It checks each request's shape as
 * the real server does, answers with token counts and durations, and takes its answers from a {@link Brain} that a
 * test scripts: it can answer slowly, with malformed bodies or with HTTP errors.
 *
 * <p>It costs what a model costs ({@link CostProfile}): its slots ({@link #slots}) each serve one call at a time and
 * keep their last prompt as a cache; a call waits for a slot, then takes the profile's time for every prompt token
 * its slot did not hold and for every answer token; a client that hangs up (a cancelled call) stops its call there,
 * and frees the slot. Token counts are the stand-in's own tokenizer's (words and marks), the server's count that
 * every answer returns: MAW's estimate is calibrated against it. A server's context ({@code num_ctx}, or
 * {@link #contextSize} on the OpenAI path) and answer limit ({@code num_predict}, {@code max_tokens}) hold as on the
 * real servers: Ollama cuts a prompt that does not fit from its start, llama.cpp refuses it.
 */
public final class OllamaStandIn implements AutoCloseable {

    /**
     * What the server is asked: the model, the messages, the output format asked for, and which API; and once served,
     * how: the slot, the prompt tokens its cache held, the time queued and working, the answer's tokens, whether the
     * client hung up first ({@link #served} is null until the call is over).
     */
    public record Call(long number, String api, String model, List<Message> messages, JsonNode format,
            Served served) {

        /** A call as asked, not yet served. */
        public Call(long number, String api, String model, List<Message> messages, JsonNode format) {
            this(number, api, model, messages, format, null);
        }

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

    /**
     * How a call was served: its slot, the prompt's tokens (after any cut to the context) and those the slot's cache
     * held, the answer's tokens, when it came and when it began and ended (epoch milliseconds), and whether the
     * client hung up before the answer was whole.
     */
    public record Served(int slot, int promptTokens, int cachedTokens, int outputTokens, long arrivedAt,
            long startedAt, long endedAt, boolean cancelled, boolean truncated) {
        /** Prompt tokens the call read (those its slot did not hold). */
        public int readTokens() {
            return promptTokens - cachedTokens;
        }

        public long queuedMillis() {
            return startedAt - arrivedAt;
        }

        public long workMillis() {
            return endedAt - startedAt;
        }
    }

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

    private final StandInHttp server;
    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private final Serving serving = new Serving();
    /** Ollama's context when a request names none. */
    static final int DEFAULT_NUM_CTX = 4096;
    private volatile boolean llamaCpp;
    private volatile int contextSize = 8192;
    private volatile boolean refusesSchema;
    private final ModelShelf shelf = new ModelShelf();
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
        shelf.models().addAll(initialModels);
        server = new StandInHttp(bind, port, 256, this::route);
    }

    /** {@code http://127.0.0.1:PORT} (Ollama's base URL). */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.port();
    }

    /** What each call costs (the profile's token rates); {@link CostProfile#INSTANT} by default. */
    public OllamaStandIn cost(CostProfile profile) {
        serving.cost = java.util.Objects.requireNonNull(profile);
        return this;
    }

    /**
     * Runs the cost profile {@code times} faster (a benchmark's time scale: every figure of a game scaled alike keeps
     * its ratios); 1 by default.
     */
    public OllamaStandIn speed(double times) {
        if (!(times > 0)) {
            throw new IllegalArgumentException("a speed above 0, not " + times);
        }
        serving.speed = times;
        return this;
    }

    /** How many calls the server serves at once, each slot keeping its own prompt cache; 1 by default. */
    public OllamaStandIn slots(int n) {
        serving.slots = new Slots(n);
        return this;
    }

    public int slotCount() {
        return serving.slots.size();
    }

    /**
     * Also a llama.cpp server: {@code GET /props} tells its slots and context, and a chat completion may name its slot
     * ({@code id_slot}) and ask to keep its cache ({@code cache_prompt}).
     */
    public OllamaStandIn llamaCpp(boolean yes) {
        this.llamaCpp = yes;
        return this;
    }

    /** The context of a slot on the OpenAI-compatible path (llama.cpp's {@code n_ctx}); 8192 by default. */
    public OllamaStandIn contextSize(int tokens) {
        this.contextSize = tokens;
        return this;
    }

    /**
     * Refuses a {@code response_format} of type {@code json_schema} (HTTP 400), as OpenAI-compatible servers without
     * structured output do; {@code json_object} is still taken.
     */
    public OllamaStandIn refusesSchema(boolean yes) {
        this.refusesSchema = yes;
        return this;
    }

    /**
     * Cuts words into pieces of at most {@code chars} characters, as a small model's tokenizer does (a prompt then
     * counts more tokens than MAW's estimate says: what the estimate's calibration is for); 0 (the default): whole.
     */
    public OllamaStandIn tokenPieces(int chars) {
        serving.piece = Math.max(0, chars);
        return this;
    }

    /** The calls served so far (those still being served are left out). */
    public List<Call> served() {
        return calls.stream().filter(c -> c.served() != null).toList();
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
        shelf.models().clear();
        shelf.models().addAll(List.of(names));
        return this;
    }

    public List<Call> calls() {
        return List.copyOf(calls);
    }

    @Override
    public void close() {
        server.close();
    }

    /** The stand-in as Ollama's command line ({@link OllamaCommandLine}): {@code serve}, {@code list}, {@code pull}. */
    public static void main(String[] args) throws Exception {
        OllamaCommandLine.main(args);
    }

    /** How a served call costs: as the profile says (the command line's serve). */
    String costName() {
        return serving.cost.name();
    }

    int port() {
        return server.port();
    }

    // --- routing ------------------------------------------------------------------------------------------------

    private void route(Exchange x) throws IOException {
        {
            String path = x.path();
            String method = x.method();
            switch (method + " " + path) {
                case "GET /props" -> {
                    if (!llamaCpp) {
                        json(x, 404, obj().put("error", "404 page not found"));
                        return;
                    }
                    ObjectNode settings = obj().put("n_ctx", contextSize);
                    json(x, 200, (ObjectNode) obj().put("total_slots", slotCount())
                            .put("model_path", "standin.gguf").set("default_generation_settings", settings));
                }
                case "GET /api/version" -> json(x, 200, obj().put("version", "0.5.7"));
                case "GET /api/tags" -> shelf.tags(x);
                case "POST /api/show" -> shelf.show(x);
                case "POST /api/pull" -> shelf.pull(x);
                case "POST /api/chat" -> chat(x);
                case "GET /v1/models" -> openAiModels(x);
                case "POST /v1/chat/completions" -> openAiChat(x);
                case "GET /", "HEAD /" -> text(x, 200, "Ollama is running");
                default -> json(x, 404, obj().put("error", "404 page not found"));
            }
        }
    }

    private void chat(Exchange x) throws IOException {
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
        long arrived = System.currentTimeMillis();
        Call call = record("ollama", req);
        Answer answer = settle(brain.answer(call));
        switch (answer) {
            case Answer.Error e -> json(x, e.status(), obj().put("error", e.message()));
            case Answer.Malformed m -> text(x, 200, m.body());
            case Answer.Text t -> {
                JsonNode options = req.path("options");
                // Ollama cuts a prompt longer than its context from the start (the system message stays).
                int numCtx = options.path("num_ctx").asInt(DEFAULT_NUM_CTX);
                int numPredict = options.path("num_predict").asInt(-1);
                boolean stream = !req.has("stream") || req.get("stream").asBoolean(true);
                Serving.Work w = work(call, t.content(), numCtx, numPredict, null, true, arrived);
                ObjectNode done = obj().put("model", model).put("created_at", Instant.now().toString());
                done.set("message", obj().put("role", "assistant").put("content", stream ? "" : w.content()));
                done.put("done", true).put("done_reason", w.cut() ? "length" : "stop");
                if (!stream) {
                    if (!w.serve(x, null)) {
                        return; // the client hung up: nothing is sent
                    }
                    ollamaFigures(done, w);
                    json(x, 200, done);
                    return;
                }
                x.responseHeader("Content-Type", "application/x-ndjson");
                x.send(200, 0);
                OutputStream out = x.responseBody();
                boolean whole = w.serve(x, piece -> {
                    ObjectNode chunk = obj().put("model", model).put("created_at", Instant.now().toString());
                    chunk.set("message", obj().put("role", "assistant").put("content", piece));
                    line(out, chunk.put("done", false));
                });
                if (whole) {
                    ollamaFigures(done, w);
                    line(out, done);
                }
            }
            case Answer.Slow s -> throw new IllegalStateException("unreachable");
        }
    }

    /** Ollama's figures of a call: counts and durations (in nanoseconds), the cached prompt tokens too. */
    private static void ollamaFigures(ObjectNode done, Serving.Work w) {
        Served s = w.served();
        long reading = s.readTokens() == 0 ? 0 : Math.max(1, w.readNanos());
        long writing = Math.max(1, w.writeNanos());
        done.put("total_duration", (s.endedAt() - s.arrivedAt()) * 1_000_000 + 1_000_000)
                .put("load_duration", 1_000_000).put("prompt_eval_count", s.promptTokens())
                .put("prompt_eval_cached_count", s.cachedTokens()).put("prompt_eval_duration", reading)
                .put("eval_count", s.outputTokens()).put("eval_duration", writing);
    }

    private void openAiModels(Exchange x) throws IOException {
        if (!authorised(x)) {
            return;
        }
        ArrayNode data = JSON.createArrayNode();
        shelf.models().stream().sorted().forEach(m -> data.add(obj().put("id", m.replace(":latest", "")).put("object", "model")
                .put("owned_by", "standin")));
        json(x, 200, (ObjectNode) obj().put("object", "list").set("data", data));
    }

    private void openAiChat(Exchange x) throws IOException {
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
        if (refusesSchema && "json_schema".equals(req.path("response_format").path("type").asText())) {
            openAiError(x, 400, "response_format of type json_schema is not supported by this server; use "
                    + "json_object", "invalid_request_error");
            return;
        }
        long arrived = System.currentTimeMillis();
        Call call = record("openai", req);
        int promptTokens = Serving.tokens(call.messages(), serving.piece).size();
        if (promptTokens >= contextSize) {
            // llama.cpp refuses a prompt its slot's context cannot hold.
            ObjectNode error = obj().put("code", 400).put("message", "the request exceeds the available context size ("
                    + promptTokens + " tokens, the context holds " + contextSize + "), try increasing it")
                    .put("type", "exceed_context_size_error").put("n_prompt_tokens", promptTokens)
                    .put("n_ctx", contextSize);
            json(x, 400, (ObjectNode) obj().set("error", error));
            return;
        }
        Answer answer = settle(brain.answer(call));
        switch (answer) {
            case Answer.Error e -> openAiError(x, e.status(), e.message(), "server_error");
            case Answer.Malformed m -> text(x, 200, m.body());
            case Answer.Text t -> {
                int maxTokens = req.has("max_completion_tokens") ? req.get("max_completion_tokens").asInt(-1)
                        : req.path("max_tokens").asInt(-1);
                Integer slot = llamaCpp && req.has("id_slot") ? Integer.valueOf(req.get("id_slot").asInt(-1)) : null;
                boolean keep = !llamaCpp || req.path("cache_prompt").asBoolean(true);
                Serving.Work w = work(call, t.content(), Integer.MAX_VALUE, maxTokens, slot, keep, arrived);
                if (!w.serve(x, null)) {
                    return;
                }
                Served s = w.served();
                ObjectNode choice = obj().put("index", 0).put("finish_reason", w.cut() ? "length" : "stop");
                choice.set("message", obj().put("role", "assistant").put("content", w.content()));
                ObjectNode res = obj().put("id", "chatcmpl-" + call.number()).put("object", "chat.completion")
                        .put("created", Instant.now().getEpochSecond()).put("model", model);
                res.set("choices", JSON.createArrayNode().add(choice));
                ObjectNode usage = obj().put("prompt_tokens", s.promptTokens())
                        .put("completion_tokens", s.outputTokens())
                        .put("total_tokens", s.promptTokens() + s.outputTokens());
                usage.set("prompt_tokens_details", obj().put("cached_tokens", s.cachedTokens()));
                res.set("usage", usage);
                if (llamaCpp) {
                    res.set("timings", obj().put("cache_n", s.cachedTokens()).put("prompt_n", s.readTokens())
                            .put("prompt_ms", w.readNanos() / 1e6).put("predicted_n", s.outputTokens())
                            .put("predicted_ms", w.writeNanos() / 1e6));
                }
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

    private boolean authorised(Exchange x) throws IOException {
        String key = apiKey;
        if (key == null) {
            return true;
        }
        String header = x.header("Authorization");
        if (("Bearer " + key).equals(header)) {
            return true;
        }
        openAiError(x, 401, "Incorrect API key provided", "invalid_api_key");
        return false;
    }

    private boolean hasModel(String model) {
        return shelf.has(model);
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
        return Serving.tokens(messages).size();
    }

    /** The call's work, recorded as served when it is over. */
    private Serving.Work work(Call call, String answer, int context, int maxTokens, Integer slot, boolean keep,
            long arrived) {
        return serving.work(call.messages(), answer, context, maxTokens, slot, keep, arrived, served -> {
            int i = calls.indexOf(call);
            if (i >= 0) {
                calls.set(i, new Call(call.number(), call.api(), call.model(), call.messages(), call.format(),
                        served));
            }
        });
    }

    // --- writing --------------------------------------------------------------------------------------------------

    static JsonNode body(Exchange x) throws IOException {
        byte[] bytes = x.body();
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

    static void json(Exchange x, int status, ObjectNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        x.responseHeader("Content-Type", "application/json; charset=utf-8");
        x.send(status, bytes.length);
        x.responseBody().write(bytes);
    }

    private static void text(Exchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.responseHeader("Content-Type", "text/plain; charset=utf-8");
        x.send(status, bytes.length);
        x.responseBody().write(bytes);
    }

    private static void openAiError(Exchange x, int status, String message, String code) throws IOException {
        ObjectNode error = obj().put("message", message).put("type", "invalid_request_error").put("code", code);
        json(x, status, (ObjectNode) obj().set("error", error));
    }

    static void line(OutputStream out, ObjectNode n) throws IOException {
        out.write(JSON.writeValueAsBytes(n));
        out.write('\n');
        out.flush();
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
