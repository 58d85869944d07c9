package maw.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import maw.runtime.Json;
import maw.fixtures.wire.NlpSchema;

/**
 * An agent of the AIWolf NLP contest as its sample is written, from the wire facts (docs/AIWOLF.md):
 * JSON frames in, plain text answers out ({@code \n} appended, as the sample does), answers only to the requests that
 * expect one. A rude one answers its second talk too late (only once the server has moved on to its next frame)
 * and, from then on, answers DAILY_INITIALIZE too (a protocol error; only then, so that no such answer, taken for a
 * later request's, can have filled the late one's place). As the contest's sample agent was seen to, one may divine,
 * guard and attack itself ({@link #targetsItself}), and stop at an INITIALIZE whose {@code game_id} is not a ULID
 * ({@link #stopsWithoutUlid}: the sample names its log files by the id's time, and crashes on any other id). As the
 * 2026 sample agent decodes every packet with the models generated from the server's schema, it stops at the first
 * packet the schema forbids ({@link NlpSchema}: a missing required field, a property the schema does not know, a
 * value outside an enum).
 */
public final class NlpWireAgent implements WebSocket.Listener {

    public final String name;
    public final boolean rude;
    public final List<JsonNode> packets = new CopyOnWriteArrayList<>();
    public final CompletableFuture<Void> finished = new CompletableFuture<>();
    /** Done when the connection closes (the status code the other side closed it with). */
    public final CompletableFuture<Integer> closed = new CompletableFuture<>();
    private final StringBuilder partial = new StringBuilder();
    private int talks;
    private String late;
    private boolean wasLate;
    private boolean selfish;
    private boolean ulidOnly;
    /** The game ids it was told at INITIALIZE. */
    public final List<String> gameIds = new CopyOnWriteArrayList<>();

    public NlpWireAgent(String name, boolean rude) {
        this.name = name;
        this.rude = rude;
    }

    /** Divines, guards and attacks itself, and votes for itself every other time. */
    public NlpWireAgent targetsItself() {
        selfish = true;
        return this;
    }

    /**
     * In group chat, sends a line every {@code every} while its {@code remain_count} is above 0 (as the contest's
     * sample agent does every 5 s), {@code lines} lines and then Over; it stops at the phase's end.
     */
    public NlpWireAgent chats(java.time.Duration every, int lines) {
        chatEvery = every;
        chatLines = lines;
        return this;
    }

    private java.time.Duration chatEvery;
    private int chatLines;
    private volatile int remain;
    private volatile String chatting;
    /** The group-chat lines it sent, and the broadcasts it heard (request, agent, text). */
    public final List<String> sent = new CopyOnWriteArrayList<>();
    public final List<String> broadcasts = new CopyOnWriteArrayList<>();

    /** Each phase's own talk loop: one that outlived its phase stops (a phase's end, the next's start). */
    private final java.util.concurrent.atomic.AtomicInteger phases = new java.util.concurrent.atomic.AtomicInteger();

    private void chat(WebSocket ws, String kind) {
        int phase = phases.incrementAndGet();
        Thread.ofVirtual().start(() -> {
            int said = 0;
            try {
                while (kind.equals(chatting) && phases.get() == phase) {
                    Thread.sleep(chatEvery.toMillis());
                    if (!kind.equals(chatting) || phases.get() != phase || remain <= 0) {
                        continue;
                    }
                    String line = said < chatLines ? kind + " line " + (said + 1) + " of " + name : "Over";
                    said++;
                    sent.add(kind + ":" + line);
                    ws.sendText(line + "\n", true).join();
                    if (line.equals("Over")) {
                        return;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Closes its connection at an INITIALIZE whose game_id is not a ULID. */
    public NlpWireAgent stopsWithoutUlid() {
        ulidOnly = true;
        return this;
    }

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            String frame = partial.toString();
            partial.setLength(0);
            try {
                answer(ws, Json.parse(frame));
            } catch (Exception e) {
                finished.completeExceptionally(e);
            }
        }
        ws.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
        closed.complete(status);
        return null;
    }

    @Override
    public void onError(WebSocket ws, Throwable error) {
        closed.complete(-1);
    }

    private void answer(WebSocket ws, JsonNode p) {
        if (late != null) {
            ws.sendText(late + "\n", true).join();
            late = null;
            wasLate = true;
        }
        packets.add(p);
        List<String> wrong = NlpSchema.violations(p);
        if (!wrong.isEmpty()) {
            finished.completeExceptionally(new IllegalStateException("a packet the schema forbids ("
                    + String.join("; ", wrong) + "): " + p));
            ws.abort();
            return;
        }
        String request = p.path("request").asText();
        JsonNode info = p.path("info");
        if (info.has("remain_count")) {
            remain = info.path("remain_count").asInt();
        }
        if (chatEvery != null && request.endsWith("_PHASE_START")) {
            chatting = request.startsWith("TALK") ? "talk" : "whisper";
            chat(ws, chatting);
        } else if (request.endsWith("_PHASE_END")) {
            chatting = null;
            phases.incrementAndGet();
        } else if (request.endsWith("_BROADCAST")) {
            JsonNode t = p.path(request.startsWith("TALK") ? "new_talk" : "new_whisper");
            broadcasts.add(request + " " + t.path("agent").asText() + ": " + t.path("text").asText());
        }
        if (request.equals("INITIALIZE")) {
            String id = info.path("game_id").asText();
            gameIds.add(id);
            if (ulidOnly && !maw.runtime.Ulid.valid(id)) {
                finished.completeExceptionally(new IllegalStateException("game_id " + id + " is not a ULID"));
                ws.abort();
                return;
            }
        }
        List<String> living = new ArrayList<>();
        info.path("status_map").properties().forEach(e -> {
            if (e.getValue().asText().equals("ALIVE") && !e.getKey().equals(name)) {
                living.add(e.getKey());
            }
        });
        String answer = switch (request) {
            case "NAME" -> name;
            case "TALK" -> ++talks == 1 ? "Hello everyone, I am " + name + ". @" + (living.isEmpty() ? ""
                    : living.getFirst()) + " what do you think?" : "Over";
            case "WHISPER" -> "Over";
            case "DIVINE", "GUARD", "ATTACK" -> selfish || living.isEmpty() ? name : living.getLast();
            case "VOTE" -> selfish && talks % 2 == 0 || living.isEmpty() ? name : living.getLast();
            case "FINISH" -> {
                finished.complete(null);
                yield null;
            }
            case "DAILY_INITIALIZE" -> rude && wasLate ? "an answer nobody asked for" : null;
            default -> null;
        };
        if (rude && request.equals("TALK") && talks == 2) {
            // Answered late: only once the server has moved on (its next frame), past the action timeout.
            late = answer;
            answer = null;
        }
        if (answer != null) {
            ws.sendText(answer + "\n", true).join();
        }
    }
}
