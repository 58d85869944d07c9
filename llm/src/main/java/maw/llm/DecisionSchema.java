package maw.llm;

import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import java.util.List;

/**
 * The JSON schema of a decision, with the actions and targets of this turn as enumerations: Ollama then constrains
 * the model's output to it (structured outputs), so an invented action or target cannot even be written.
 */
final class DecisionSchema {

    private DecisionSchema() {}

    static JsonSchema of(List<String> actions, List<String> targets) {
        JsonObjectSchema.Builder root = JsonObjectSchema.builder()
                .addProperty("action", JsonEnumSchema.builder().enumValues(actions).build())
                .addStringProperty("message");
        if (actions.contains("talk")) {
            root.addStringProperty("verb").addStringProperty("role").addStringProperty("species");
        }
        if (targets != null && !targets.isEmpty()) {
            root.addProperty("target", JsonEnumSchema.builder().enumValues(targets).build());
        } else {
            root.addStringProperty("target");
        }
        return JsonSchema.builder().name("decision").rootElement(root.required("action").build()).build();
    }

    /**
     * The same decision as OpenAI's strict structured outputs take a schema: every property required, those an
     * action may leave out written as null (the server then holds the model to the schema exactly; vLLM and
     * llama.cpp take it as well).
     */
    static JsonSchema strict(List<String> actions, List<String> targets) {
        JsonObjectSchema.Builder root = JsonObjectSchema.builder()
                .addProperty("action", JsonEnumSchema.builder().enumValues(actions).build())
                .addProperty("message", orNull(new dev.langchain4j.model.chat.request.json.JsonStringSchema()));
        List<String> required = new java.util.ArrayList<>(List.of("action", "message"));
        if (actions.contains("talk")) {
            for (String f : List.of("verb", "role", "species")) {
                root.addProperty(f, orNull(new dev.langchain4j.model.chat.request.json.JsonStringSchema()));
                required.add(f);
            }
        }
        root.addProperty("target", orNull(targets != null && !targets.isEmpty()
                ? JsonEnumSchema.builder().enumValues(targets).build()
                : new dev.langchain4j.model.chat.request.json.JsonStringSchema()));
        required.add("target");
        return JsonSchema.builder().name("decision").rootElement(root.required(required)
                .additionalProperties(false).build()).build();
    }

    private static dev.langchain4j.model.chat.request.json.JsonSchemaElement orNull(
            dev.langchain4j.model.chat.request.json.JsonSchemaElement e) {
        return dev.langchain4j.model.chat.request.json.JsonAnyOfSchema.builder()
                .anyOf(e, new dev.langchain4j.model.chat.request.json.JsonNullSchema()).build();
    }
}
