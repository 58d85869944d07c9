package maw.llm.standin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import maw.llm.standin.StandInHttp.Exchange;

/** The models the stand-in has, and Ollama's API to them: {@code /api/tags}, {@code /api/show}, {@code /api/pull}. */
final class ModelShelf {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Set<String> models = new CopyOnWriteArraySet<>();

    Set<String> models() {
        return models;
    }

    /** Whether it has the model ({@code llama3.1} is {@code llama3.1:latest}). */
    boolean has(String model) {
        return models.contains(model) || (!model.contains(":") && models.contains(model + ":latest"));
    }

    void tags(Exchange x) throws IOException {
        ArrayNode list = JSON.createArrayNode();
        for (String m : models.stream().sorted().toList()) {
            ObjectNode details = JSON.createObjectNode().put("parent_model", "").put("format", "gguf").put("family", "llama")
                    .put("parameter_size", "8.0B").put("quantization_level", "Q4_K_M");
            details.set("families", JSON.createArrayNode().add("llama"));
            ObjectNode n = JSON.createObjectNode().put("name", m).put("model", m).put("modified_at", "2024-07-23T18:45:33.000Z")
                    .put("size", 4920753328L).put("digest", "42182419e950" + "0".repeat(52));
            n.set("details", details);
            list.add(n);
        }
        OllamaStandIn.json(x, 200, (ObjectNode) JSON.createObjectNode().set("models", list));
    }

    void show(Exchange x) throws IOException {
        JsonNode req = OllamaStandIn.body(x);
        if (req == null) {
            return;
        }
        String model = req.path("model").asText(req.path("name").asText(""));
        if (!has(model)) {
            OllamaStandIn.json(x, 404, JSON.createObjectNode().put("error", "model '" + model + "' not found"));
            return;
        }
        ObjectNode details = JSON.createObjectNode().put("format", "gguf").put("family", "llama").put("parameter_size", "8.0B")
                .put("quantization_level", "Q4_K_M");
        OllamaStandIn.json(x, 200, (ObjectNode) JSON.createObjectNode().put("modelfile", "FROM " + model).put("template", "{{ .Prompt }}")
                .set("details", details));
    }

    void pull(Exchange x) throws IOException {
        JsonNode req = OllamaStandIn.body(x);
        if (req == null) {
            return;
        }
        String model = req.path("model").asText(req.path("name").asText(""));
        if (model.isEmpty()) {
            OllamaStandIn.json(x, 400, JSON.createObjectNode().put("error", "model is required"));
            return;
        }
        String full = model.contains(":") ? model : model + ":latest";
        boolean stream = !req.has("stream") || req.get("stream").asBoolean(true);
        if (!stream) {
            models.add(full);
            OllamaStandIn.json(x, 200, JSON.createObjectNode().put("status", "success"));
            return;
        }
        x.responseHeader("Content-Type", "application/x-ndjson");
        x.send(200, 0);
        OutputStream out = x.responseBody();
        OllamaStandIn.line(out, JSON.createObjectNode().put("status", "pulling manifest"));
        long total = 4_920_753_328L;
        String digest = "sha256:8eeb52dfb3bb" + "0".repeat(52);
        for (int step = 0; step <= 4; step++) {
            OllamaStandIn.line(out, JSON.createObjectNode().put("status", "pulling 8eeb52dfb3bb").put("digest", digest).put("total", total)
                    .put("completed", total * step / 4));
        }
        OllamaStandIn.line(out, JSON.createObjectNode().put("status", "verifying sha256 digest"));
        OllamaStandIn.line(out, JSON.createObjectNode().put("status", "writing manifest"));
        models.add(full);
        OllamaStandIn.line(out, JSON.createObjectNode().put("status", "success"));
    }
}
