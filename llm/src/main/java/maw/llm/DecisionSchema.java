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
}
