package maw.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import maw.runtime.Json;

/**
 * An agent of the AIWolf NLP contest as its sample is written, from the wire facts (../shared/AIWOLF-NLP-WIRE.md):
 * JSON frames in, plain text answers out ({@code \n} appended, as the sample does), answers only to the requests that
 * expect one. A rude one also answers DAILY_INITIALIZE (a protocol error) and answers its second talk too late
 * (only once the server has moved on to its next frame).
 */
public final class NlpWireAgent implements WebSocket.Listener {

    public final String name;
    public final boolean rude;
    public final List<JsonNode> packets = new CopyOnWriteArrayList<>();
    public final CompletableFuture<Void> finished = new CompletableFuture<>();
    private final StringBuilder partial = new StringBuilder();
    private int talks;
    private String late;

    public NlpWireAgent(String name, boolean rude) {
        this.name = name;
        this.rude = rude;
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

    private void answer(WebSocket ws, JsonNode p) {
        if (late != null) {
            ws.sendText(late + "\n", true).join();
            late = null;
        }
        packets.add(p);
        String request = p.path("request").asText();
        JsonNode info = p.path("info");
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
            case "VOTE", "DIVINE", "GUARD", "ATTACK" -> living.isEmpty() ? name : living.getLast();
            case "FINISH" -> {
                finished.complete(null);
                yield null;
            }
            case "DAILY_INITIALIZE" -> rude ? "an answer nobody asked for" : null;
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
