package maw.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.LangChain4jException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The design's LLM class: where the model is (base URL, key, model) and one agent's own context, so that no two
 * players share a memory. {@link #prompt} sends the guiding prompt, the context and the new messages, and keeps the
 * exchange; {@link #truncateContext} keeps every prompt under the token budget by moving the oldest exchanges out of
 * the context into a running summary of the announcements they held (the chatter is dropped), itself bounded;
 * {@link #save} and {@link #load} write and read the context as JSON lines.
 */
public final class Llm {

    /** The summary may take this share of the budget; its oldest lines go first. */
    static final double SUMMARY_SHARE = 0.25;

    /** A cut of the context frees this part of the budget (1/CUT_SLACK) beyond what the prompt needs. */
    static final int CUT_SLACK = 4;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Each seat's own number, so that its calls keep to its home slot of a server ({@link ServerQueue}). */
    private static final java.util.concurrent.atomic.AtomicInteger SEATS = new java.util.concurrent.atomic.AtomicInteger();

    /**
     * How many of a server's tokens one token of MAW's estimate ({@link Tokens}) is, for one model, learned from the
     * count every answer returns ({@code prompt_eval_count}, {@code usage.prompt_tokens}; a refusal's
     * {@code n_prompt_tokens}): the largest ratio seen, and never below 1 (the estimate errs high for Llama's
     * tokenizer; a model whose tokenizer cuts text finer raises it). The budget is held in the server's tokens, so
     * that a prompt and its answer always fit the context the client asks for.
     */
    public static final class TokenScale {
        /** Calls of fewer estimated tokens say too little of the tokenizer to learn from. */
        static final int LEAST = 64;
        /** A margin over the largest ratio seen. */
        static final double MARGIN = 1.03;
        private double ratio = 1.0;
        private double largestSeen;

        /** A call estimated at {@code estimate} tokens was counted {@code counted} by the server. */
        public synchronized void observe(int estimate, int counted) {
            if (estimate < LEAST || counted <= 0) {
                return;
            }
            double seen = (double) counted / estimate;
            largestSeen = Math.max(largestSeen, seen);
            ratio = Math.max(ratio, seen * MARGIN);
        }

        public synchronized double ratio() {
            return ratio;
        }

        /** The largest ratio of the server's count to MAW's estimate seen so far (0: none yet). */
        public synchronized double largestSeen() {
            return largestSeen;
        }

        /** {@code estimate} in the server's tokens. */
        int of(int estimate) {
            return (int) Math.ceil(estimate * ratio());
        }
    }

    private final LlmSettings settings;
    private final ChatModel model;
    private final int seat = SEATS.getAndIncrement();
    private final TokenScale scale;
    private final List<ChatMessage> context = new ArrayList<>();
    private final Deque<String> summary = new ArrayDeque<>();
    private Predicate<String> worthKeeping = line -> true;

    private long calls;
    private long promptTokens;
    private long outputTokens;
    private int largestPrompt;
    private int largestEstimate;
    private long callMillis;
    private long droppedExchanges;
    private long cachedTokens;

    /** One answer of the model and what it cost. */
    public record Reply(String text, int promptTokens, int outputTokens, int estimatedPromptTokens, long millis) {}

    public Llm(LlmSettings settings) {
        this(settings, ModelClients.chatModel(settings));
    }

    public Llm(LlmSettings settings, ChatModel model) {
        this(settings, model, new TokenScale());
    }

    /** A seat's context on {@code model}, its estimates scaled as the model's other seats' ({@code scale}). */
    public Llm(LlmSettings settings, ChatModel model, TokenScale scale) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.model = Objects.requireNonNull(model, "model");
        this.scale = Objects.requireNonNull(scale, "scale");
    }

    /**
     * Seats' own contexts on one model: each {@code get()} a new {@link Llm}; with several servers (a pool) they all
     * share one {@link ModelPool}, which then sees every call of theirs.
     */
    public static java.util.function.Supplier<Llm> forSeats(LlmSettings settings) {
        return forSeats(settings, null);
    }

    /** Likewise, every call going through {@code cassette} (kept there, or answered from it); null: none. */
    public static java.util.function.Supplier<Llm> forSeats(LlmSettings settings, Cassette cassette) {
        // One client for all the seats: a server's calls wait in its one queue, a pool sees all of its servers' calls.
        ChatModel shared = ModelClients.chatModel(settings);
        TokenScale scale = new TokenScale();
        return () -> new Llm(settings, cassette == null ? shared : cassette.around(shared, settings.model()), scale);
    }

    public LlmSettings settings() {
        return settings;
    }

    /** This seat's calls at each server of its model pool: calls, errors, milliseconds (a seat's own share). */
    private final java.util.Map<String, long[]> servers = new java.util.TreeMap<>();

    /**
     * This seat's figures at each server of its model pool ({@link ModelPool}): the calls it sent there, those that
     * failed there (and went on elsewhere, or back to the seat), the time they took; empty without a pool.
     */
    public synchronized java.util.Map<String, java.util.Map<String, Object>> endpointStats() {
        java.util.Map<String, java.util.Map<String, Object>> out = new java.util.TreeMap<>();
        servers.forEach((url, v) -> out.put(url, java.util.Map.of("calls", v[0], "errors", v[1], "callMillis", v[2],
                "meanMillis", v[0] == 0 ? 0L : v[2] / v[0])));
        return out;
    }

    /** The pool's tries of this thread's latest call, counted as this seat's. */
    private synchronized void countAttempts() {
        for (ModelPool.Attempt a : ModelPool.takeAttempts()) {
            long[] v = servers.computeIfAbsent(a.url(), k -> new long[3]);
            v[0]++;
            v[1] += a.ok() ? 0 : 1;
            v[2] += a.millis();
        }
    }

    /**
     * Which lines of a dropped exchange the running summary keeps (announcements, say, rather than chatter). All by
     * default.
     */
    public void summaryKeeps(Predicate<String> keep) {
        this.worthKeeping = Objects.requireNonNull(keep);
    }

    /**
     * Asks the model: the guiding prompt as the system message (with the running summary after it), the context, and
     * {@code user}. The context is first cut to keep the whole prompt under the budget.
     */
    public Reply prompt(String system, String user, ResponseFormat format) throws LlmException {
        String fittedUser = fit(system, user);
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(SystemMessage.from(systemWithSummary(system)));
        messages.addAll(context);
        messages.add(UserMessage.from(fittedUser));
        int estimate = estimate(messages);
        ChatRequest.Builder request = ChatRequest.builder().messages(messages);
        if (format != null) {
            request.responseFormat(format);
        }
        long t0 = System.nanoTime();
        ChatResponse response;
        ChatRequest built = request.build();
        try {
            response = ServerQueue.asSeat(seat, () -> model.chat(built));
        } catch (RuntimeException e) {
            countAttempts();
            int counted = promptTokensIn(e);
            if (counted > 0) {
                scale.observe(estimate, counted); // a server that refused the prompt as too long said its size
            }
            throw failure(e);
        }
        countAttempts();
        if (Thread.currentThread().isInterrupted()) {
            throw cancelled(null);
        }
        long millis = (System.nanoTime() - t0) / 1_000_000;
        String text = response.aiMessage() == null || response.aiMessage().text() == null ? ""
                : response.aiMessage().text();
        TokenUsage usage = response.tokenUsage();
        int in = usage != null && usage.inputTokenCount() != null ? usage.inputTokenCount() : estimate;
        if (usage != null && usage.inputTokenCount() != null) {
            scale.observe(estimate, usage.inputTokenCount());
        }
        int cached = usage instanceof dev.langchain4j.model.openai.OpenAiTokenUsage o && o.inputTokensDetails() != null
                && o.inputTokensDetails().cachedTokens() != null ? o.inputTokensDetails().cachedTokens() : -1;
        int out = usage != null && usage.outputTokenCount() != null ? usage.outputTokenCount() : Tokens.estimate(text);
        context.add(UserMessage.from(fittedUser));
        context.add(AiMessage.from(text));
        synchronized (this) {
            calls++;
            promptTokens += in;
            outputTokens += out;
            largestPrompt = Math.max(largestPrompt, in);
            largestEstimate = Math.max(largestEstimate, scale.of(estimate));
            callMillis += millis;
            if (cached >= 0) {
                cachedTokens += cached;
            }
        }
        return new Reply(text, in, out, scale.of(estimate), millis);
    }

    /**
     * Cuts the context so that {@code system} (with the summary), the context and {@code user} fit the budget; returns
     * {@code user} itself, or only its newest lines if even alone it would not fit.
     */
    String fit(String system, String user) {
        // The budget is the server's tokens: MAW's estimate is held against it scaled as the model's counts taught.
        int budget = (int) (settings.contextBudget() / scale.ratio());
        int room = budget - Tokens.estimate(user) - Tokens.PER_MESSAGE - Tokens.estimate(system) - Tokens.PER_MESSAGE;
        if (estimate(context) + summaryTokens() > room) {
            // A cut goes a share of the budget further than needed: the prompts that follow then begin with the same
            // messages again for a while (a model server reuses its prompt cache) instead of losing their first
            // exchange on every call once the budget is reached.
            truncateContext(room - budget / CUT_SLACK);
        }
        room = budget - Tokens.estimate(systemWithSummary(system)) - 2 * Tokens.PER_MESSAGE;
        if (Tokens.estimate(user) <= room) {
            return user;
        }
        List<String> lines = new ArrayList<>(List.of(user.split("\n", -1)));
        String marker = "(earlier lines left out)";
        while (lines.size() > 1 && Tokens.estimate(marker + "\n" + String.join("\n", lines)) > room) {
            lines.remove(0);
        }
        String cut = marker + "\n" + String.join("\n", lines);
        if (Tokens.estimate(cut) > room) {
            // One enormous line: keep its end.
            int chars = Math.max(0, (int) (room * 3.2) - marker.length() - 2);
            cut = marker + "\n" + cut.substring(Math.max(0, cut.length() - chars));
        }
        return cut;
    }

    /**
     * The design's truncate_context: moves the oldest exchanges out of the context until the context and the summary
     * together take at most {@code tokens}. What a dropped exchange announced stays in the summary (bounded to a share
     * of the budget, oldest lines first out).
     */
    public void truncateContext(int tokens) {
        while (!context.isEmpty() && estimate(context) + summaryTokens() > Math.max(0, tokens)) {
            ChatMessage dropped = context.remove(0);
            if (dropped instanceof UserMessage u) {
                synchronized (this) {
                    droppedExchanges++;
                }
                for (String line : u.singleText().split("\n")) {
                    String l = line.strip();
                    if (!l.isEmpty() && worthKeeping.test(l)) {
                        summary.addLast(l);
                    }
                }
            }
            if (!context.isEmpty() && context.get(0) instanceof AiMessage) {
                context.remove(0);
            }
            int cap = (int) (settings.contextBudget() * SUMMARY_SHARE);
            while (!summary.isEmpty() && summaryTokens() > cap) {
                summary.removeFirst();
            }
        }
        while (!summary.isEmpty() && summaryTokens() > Math.max(0, tokens)) {
            summary.removeFirst();
        }
    }

    private String systemWithSummary(String system) {
        if (summary.isEmpty()) {
            return system;
        }
        return system + "\n\nEarlier in the game (a summary):\n" + String.join("\n", summary);
    }

    private int summaryTokens() {
        return summary.isEmpty() ? 0 : Tokens.estimate("\n\nEarlier in the game (a summary):\n"
                + String.join("\n", summary));
    }

    private static int estimate(List<ChatMessage> messages) {
        int total = 0;
        for (ChatMessage m : messages) {
            total += Tokens.PER_MESSAGE + Tokens.estimate(text(m));
        }
        return total;
    }

    private static String text(ChatMessage m) {
        return switch (m) {
            case SystemMessage s -> s.text();
            case UserMessage u -> u.singleText();
            case AiMessage a -> a.text() == null ? "" : a.text();
            default -> "";
        };
    }

    /** The prompt size a refused call's error names ({@code n_prompt_tokens}, llama.cpp's), or 0. */
    private static int promptTokensIn(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"n_prompt_tokens\"\\s*:\\s*(\\d+)")
                    .matcher(String.valueOf(t.getMessage()));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
        }
        return 0;
    }

    /** How this seat's model's estimates are scaled to the server's tokens. */
    public TokenScale tokenScale() {
        return scale;
    }

    /** Prompt tokens the server said it read from its cache, all calls together (where it says). */
    public synchronized long cachedTokens() {
        return cachedTokens;
    }

    /** Forgets the context and the summary (a new round deals new roles); the usage figures stay. */
    public void clear() {
        context.clear();
        summary.clear();
    }

    /** Messages in the context now (exchanges count two). */
    public int contextSize() {
        return context.size();
    }

    public List<String> summary() {
        return List.copyOf(summary);
    }

    public synchronized long calls() {
        return calls;
    }

    public synchronized long promptTokens() {
        return promptTokens;
    }

    public synchronized long outputTokens() {
        return outputTokens;
    }

    /** The largest prompt sent, in the server's own token count. */
    public synchronized int largestPrompt() {
        return largestPrompt;
    }

    /** The largest prompt sent, by this side's conservative estimate (what the budget is held against). */
    public synchronized int largestEstimatedPrompt() {
        return largestEstimate;
    }

    /** Time spent waiting for the model, all calls together. */
    public synchronized long callMillis() {
        return callMillis;
    }

    /** Exchanges moved out of the context to keep prompts under the budget. */
    public synchronized long droppedExchanges() {
        return droppedExchanges;
    }

    /** The design's save: the context and the summary as JSON lines. */
    public void save(Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            List<String> lines = new ArrayList<>();
            for (String s : summary) {
                lines.add(JSON.writeValueAsString(line("summary", s)));
            }
            for (ChatMessage m : context) {
                lines.add(JSON.writeValueAsString(line(m instanceof AiMessage ? "assistant" : "user", text(m))));
            }
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save the context to " + file, e);
        }
    }

    /** The design's load: a context saved earlier replaces this one. */
    public void load(Path file) {
        try {
            context.clear();
            summary.clear();
            for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (text.isBlank()) {
                    continue;
                }
                JsonNode n = JSON.readTree(text);
                String content = n.path("content").asText();
                switch (n.path("role").asText()) {
                    case "summary" -> summary.addLast(content);
                    case "assistant" -> context.add(AiMessage.from(content));
                    case "user" -> context.add(UserMessage.from(content));
                    default -> throw new IllegalArgumentException(file + ": unknown role in " + text);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load a context from " + file, e);
        }
    }

    private static ObjectNode line(String role, String content) {
        ObjectNode n = JSON.createObjectNode();
        n.put("role", role);
        n.put("content", content);
        return n;
    }

    private LlmException failure(RuntimeException e) {
        if (Thread.currentThread().isInterrupted() || hasCause(e, InterruptedException.class)) {
            return cancelled(e);
        }
        if (e instanceof TimeoutException || hasCause(e, HttpTimeoutException.class)) {
            return new LlmException(LlmException.Kind.TIMEOUT, "the model did not answer within " + settings.timeout()
                    + " (" + settings.describe() + ")", e);
        }
        String what = e instanceof LangChain4jException ? e.getMessage() : String.valueOf(e.getMessage());
        return new LlmException(LlmException.Kind.HTTP_ERROR, settings.describe() + ": " + what, e);
    }

    private LlmException cancelled(Throwable cause) {
        return new LlmException(LlmException.Kind.CANCELLED, "the call to " + settings.describe() + " was cancelled",
                cause);
    }

    private static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /** The response format that asks for a decision: a schema (with the valid targets), plain JSON, or nothing. */
    public static ResponseFormat decisionFormat(LlmSettings settings, List<String> actions, List<String> targets) {
        return switch (settings.effectiveJson()) {
            case NONE -> null;
            case OBJECT, AUTO -> ResponseFormat.JSON;
            case SCHEMA -> ResponseFormat.builder().type(dev.langchain4j.model.chat.request.ResponseFormatType.JSON)
                    .jsonSchema(settings.provider() == LlmSettings.Provider.OPENAI ? DecisionSchema.strict(actions,
                            targets) : DecisionSchema.of(actions, targets)).build();
        };
    }
}
