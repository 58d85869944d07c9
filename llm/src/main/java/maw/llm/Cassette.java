package maw.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Every call of a game's model seats, kept as it was made (the request as sent, the answer, its tokens and time), one
 * JSON object a line; and the same file played back: a call whose request is exactly one the cassette holds is
 * answered from it (the same request asked again takes the next answer kept for it), without the model. A request the
 * cassette lacks stops the game with a message that says so, or, where the settings say {@code live}, goes to the
 * model (and is kept).
 */
public final class Cassette {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<Path, Object> LOCKS = new ConcurrentHashMap<>();
    private static final List<Consumer<String>> MISS_LISTENERS = new CopyOnWriteArrayList<>();

    /** A request the cassette has no answer for (and the model is not to be asked). */
    public static final class Miss extends RuntimeException {
        public Miss(String message) {
            super(message);
        }
    }

    private final Path replayFrom;
    private final boolean liveOnMiss;
    private final Path recordTo;
    private final Map<String, ArrayDeque<JsonNode>> answers = new HashMap<>();
    private int misses;

    /**
     * @param replayFrom a cassette to answer from (null: none, every call goes to the model)
     * @param liveOnMiss whether a request the cassette lacks goes to the model instead of stopping the game
     * @param recordTo   where every call is kept (null: nowhere)
     */
    public Cassette(Path replayFrom, boolean liveOnMiss, Path recordTo) throws IOException {
        this.replayFrom = replayFrom;
        this.liveOnMiss = liveOnMiss;
        this.recordTo = recordTo;
        if (replayFrom != null) {
            int line = 0;
            for (String text : Files.readAllLines(replayFrom, StandardCharsets.UTF_8)) {
                line++;
                if (text.isBlank()) {
                    continue;
                }
                try {
                    JsonNode n = JSON.readTree(text);
                    answers.computeIfAbsent(n.path("key").asText(), k -> new ArrayDeque<>()).add(n);
                } catch (JsonProcessingException e) {
                    throw new IOException(replayFrom + " line " + line + " is not a cassette entry: "
                            + e.getOriginalMessage(), e);
                }
            }
        }
    }

    /** Whether the model is never asked: every answer is to come from the cassette. */
    public boolean offline() {
        return replayFrom != null && !liveOnMiss;
    }

    /** Calls a listener with the message of each miss that stops a game (the game's table ends itself). */
    public static Runnable whenMissed(Consumer<String> listener) {
        MISS_LISTENERS.add(listener);
        return () -> MISS_LISTENERS.remove(listener);
    }

    /** {@code live} (the model, asked only on a miss or when nothing is replayed) behind this cassette. */
    public ChatModel around(ChatModel live, String model) {
        return new ChatModel() {
            @Override
            public ChatResponse chat(ChatRequest request) {
                return answer(live, model, request);
            }
        };
    }

    private ChatResponse answer(ChatModel live, String model, ChatRequest request) {
        ObjectNode entry = describe(model, request);
        String key = entry.get("key").asText();
        JsonNode kept = null;
        synchronized (this) {
            ArrayDeque<JsonNode> queue = answers.get(key);
            if (queue != null && !queue.isEmpty()) {
                kept = queue.poll();
            }
        }
        if (kept != null) {
            entry.put("answer", kept.path("answer").asText());
            entry.put("inputTokens", kept.path("inputTokens").asInt());
            entry.put("outputTokens", kept.path("outputTokens").asInt());
            entry.put("millis", kept.path("millis").asLong());
            entry.put("replayed", true);
            record(entry);
            return ChatResponse.builder().aiMessage(AiMessage.from(entry.get("answer").asText()))
                    .tokenUsage(new TokenUsage(entry.get("inputTokens").asInt(), entry.get("outputTokens").asInt()))
                    .build();
        }
        if (replayFrom != null && !liveOnMiss) {
            String why;
            synchronized (this) {
                misses++;
                why = "the cassette " + replayFrom + " has no answer for a call to " + model + " (request "
                        + key.substring(0, 12) + ", " + entry.get("messages").size() + " messages; the last begins \""
                        + first(entry.get("messages").get(entry.get("messages").size() - 1).path("text").asText())
                        + "\"): the game differs from the one recorded; set llm.cassette-miss: live to ask the model "
                        + "then";
            }
            MISS_LISTENERS.forEach(l -> l.accept(why));
            throw new Miss(why);
        }
        long t0 = System.nanoTime();
        ChatResponse response = live.chat(request);
        TokenUsage usage = response.tokenUsage();
        entry.put("answer", response.aiMessage() == null || response.aiMessage().text() == null ? ""
                : response.aiMessage().text());
        entry.put("inputTokens", usage == null || usage.inputTokenCount() == null ? 0 : usage.inputTokenCount());
        entry.put("outputTokens", usage == null || usage.outputTokenCount() == null ? 0 : usage.outputTokenCount());
        entry.put("millis", (System.nanoTime() - t0) / 1_000_000);
        record(entry);
        return response;
    }

    /** Misses so far (requests the cassette lacked). */
    public synchronized int misses() {
        return misses;
    }

    private static String first(String text) {
        String t = text.strip().replaceAll("\\s+", " ");
        return t.length() > 60 ? t.substring(0, 60) + "..." : t;
    }

    /** The request as sent, and its key: a digest of the model, every message and the answer's format. */
    static ObjectNode describe(String model, ChatRequest request) {
        ObjectNode n = JSON.createObjectNode();
        n.put("model", model);
        ArrayNode messages = n.putArray("messages");
        for (ChatMessage m : request.messages()) {
            ObjectNode o = messages.addObject();
            switch (m) {
                case SystemMessage s -> o.put("role", "system").put("text", s.text());
                case UserMessage u -> o.put("role", "user").put("text", u.singleText());
                case AiMessage a -> o.put("role", "assistant").put("text", a.text() == null ? "" : a.text());
                default -> o.put("role", m.type().name().toLowerCase(java.util.Locale.ROOT)).put("text", m.toString());
            }
        }
        n.put("format", request.responseFormat() == null ? "" : String.valueOf(request.responseFormat()));
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(JSON.writeValueAsBytes(n));
            ObjectNode keyed = JSON.createObjectNode();
            keyed.put("key", HexFormat.of().formatHex(digest));
            keyed.setAll(n);
            return keyed;
        } catch (NoSuchAlgorithmException | JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private void record(ObjectNode entry) {
        if (recordTo == null) {
            return;
        }
        entry.put("t", System.currentTimeMillis());
        entry.put("seq", maw.base.Moment.next());
        // Opened for each call and closed again (a call takes far longer than that): a long run of games keeps no
        // file open, and the seats of one game that share the file write whole lines, one at a time.
        Path file = recordTo.toAbsolutePath().normalize();
        synchronized (LOCKS.computeIfAbsent(file, p -> new Object())) {
            try {
                Files.createDirectories(file.getParent());
                try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
                    w.write(JSON.writeValueAsString(entry));
                    w.newLine();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot keep the model's calls in " + file, e);
            }
        }
    }
}
