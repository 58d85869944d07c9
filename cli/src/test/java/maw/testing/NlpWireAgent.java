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
