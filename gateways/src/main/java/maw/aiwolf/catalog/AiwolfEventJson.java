package maw.aiwolf.catalog;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import maw.aiwolf.game.AiwolfEvent;
import maw.runtime.Json;

/**
 * An AIWolf game's event on the wire as the engine makes it: its fields as the record has them, after a {@code type}
 * named for the record ({@code day_began} for {@link AiwolfEvent.DayBegan}); its audience stays with the GameMaster
 * (the receiver is in it). The rules are pure and know no JSON: the words are given here, at the edge.
 */
public final class AiwolfEventJson {

    private AiwolfEventJson() {}

    /** Each event's record by its wire name. */
    static final Map<String, Class<? extends AiwolfEvent>> TYPES = types();

    private static Map<String, Class<? extends AiwolfEvent>> types() {
        Map<String, Class<? extends AiwolfEvent>> out = new LinkedHashMap<>();
        for (Class<?> c : AiwolfEvent.class.getPermittedSubclasses()) {
            out.put(name(c), c.asSubclass(AiwolfEvent.class));
        }
        return Map.copyOf(out);
    }

    /** The wire name of an event's record: its simple name in lower case, words parted by {@code _}. */
    static String name(Class<?> c) {
        return c.getSimpleName().replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
    }

    /** The event as it goes on the wire: its audience, where it holds one, left with the GameMaster. */
    static AiwolfEvent bare(AiwolfEvent e) {
        return switch (e) {
            case AiwolfEvent.Turn t when t.audience() != null -> new AiwolfEvent.Turn(t.day(), t.turn(), t.whisper(),
                    t.utterances(), null);
            case AiwolfEvent.Votes v when v.audience() != null -> new AiwolfEvent.Votes(v.day(), v.revote(),
                    v.attack(), v.ballots(), null);
            case AiwolfEvent.Attack a when a.audience() != null -> new AiwolfEvent.Attack(a.day(), a.target(),
                    a.guarded(), null);
            default -> e;
        };
    }

    /** Writes an event as its type and fields. */
    public static final class Writer extends JsonSerializer<AiwolfEvent> {
        @Override
        public void serialize(AiwolfEvent e, JsonGenerator g, SerializerProvider p) throws IOException {
            ObjectNode fields = Json.MAPPER.valueToTree(e);
            fields.remove("audience");
            ObjectNode out = Json.MAPPER.createObjectNode().put("type", name(e.getClass()));
            out.setAll(fields);
            g.writeTree(out);
        }
    }

    /** Reads an event back from its type and fields; an unknown type or a field that does not fit is refused. */
    public static final class Reader extends JsonDeserializer<AiwolfEvent> {
        @Override
        public AiwolfEvent deserialize(JsonParser parser, DeserializationContext ctx) throws IOException {
            JsonNode node = parser.readValueAsTree();
            if (!(node instanceof ObjectNode o) || !node.path("type").isTextual()) {
                throw new IllegalArgumentException("an AIWolf event is an object with a \"type\"");
            }
            Class<? extends AiwolfEvent> type = TYPES.get(node.get("type").asText());
            if (type == null) {
                throw new IllegalArgumentException("unknown AIWolf event '" + node.get("type").asText()
                        + "' (known: " + String.join(", ", new java.util.TreeSet<>(TYPES.keySet())) + ")");
            }
            ObjectNode fields = o.deepCopy();
            fields.remove("type");
            fields.remove("audience");
            return Json.MAPPER.treeToValue(fields, type);
        }
    }
}
