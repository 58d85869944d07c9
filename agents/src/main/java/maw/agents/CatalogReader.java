package maw.agents;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import java.util.Arrays;
import java.util.stream.Collectors;
import maw.runtime.Json;
import maw.runtime.Message;

/**
 * A message's body read as a catalog record, or what is wrong with it in words a sender can act on (the reason of a
 * {@code not-understood}): not an object, no type, an unknown type, a field that is not valid, text that is not valid
 * Unicode.
 */
public final class CatalogReader {

    static {
        // The rule sets' own messages are read by their wire names as the core's are.
        Json.MAPPER.registerSubtypes(CatalogExtension.all().toArray(Class<?>[]::new));
    }

    private CatalogReader() {}

    /** Thrown for a body that is JSON but not a valid catalog message; the text is the not-understood reason. */
    public static final class Malformed extends RuntimeException {
        public Malformed(String message) {
            super(message);
        }
    }

    /** Whether a body taken as its sender's object is read back from its text too and compared (the tests say so). */
    private static final boolean CHECK = Boolean.getBoolean("maw.checkBodies");

    /** The body of a message as a catalog record; {@link Malformed} names what is wrong. */
    public static Catalog.Body read(Message m) {
        if (m.original() instanceof Catalog.Body sent) {
            // Sent in this process: the record its text is written from, without writing and reading the text. (Over
            // XMPP, text that is not valid Unicode cannot leave an agent of this process as it is either.)
            if (CHECK) {
                Catalog.Body read = fromText(m);
                if (!read.equals(sent)) {
                    throw new IllegalStateException("a body read back from its text differs from the object it was "
                            + "written from: " + sent + " against " + read);
                }
            }
            return sent;
        }
        return fromText(m);
    }

    private static Catalog.Body fromText(Message m) {
        JsonNode node = m.json();
        if (!node.isObject()) {
            throw new Malformed("the body must be a JSON object with a \"type\"");
        }
        JsonNode type = node.get("type");
        if (type == null || !type.isTextual()) {
            throw new Malformed("the body has no \"type\"");
        }
        String bad = loneSurrogateIn(node);
        if (bad != null) {
            throw new Malformed("the text of \"" + bad + "\" is not valid Unicode (a surrogate without its pair)");
        }
        try {
            return Json.MAPPER.treeToValue(node, Catalog.Body.class);
        } catch (InvalidTypeIdException e) {
            throw new Malformed("unknown message type '" + type.asText() + "'");
        } catch (InvalidFormatException e) {
            String field = e.getPath().isEmpty() ? "a field" : e.getPath().get(e.getPath().size() - 1).getFieldName();
            String expected = e.getTargetType() != null && e.getTargetType().isEnum()
                    ? " (expected one of " + Arrays.stream(e.getTargetType().getEnumConstants()).map(Object::toString)
                            .collect(Collectors.joining(", ")) + ")" : "";
            throw new Malformed(type.asText() + "'s " + field + " '" + e.getValue() + "' is not valid" + expected);
        } catch (JsonProcessingException e) {
            throw doesNotFit(type.asText(), e);
        }
    }

    private static Malformed doesNotFit(String type, JsonProcessingException e) {
        Throwable cause = e.getCause();
        return new Malformed(cause instanceof IllegalArgumentException iae ? iae.getMessage()
                : "a '" + type + "' message does not fit: " + e.getOriginalMessage());
    }

    /** The name of the first field whose text (or name) is not valid Unicode, or null. */
    private static String loneSurrogateIn(JsonNode node) {
        if (node.isTextual()) {
            return Text.hasLoneSurrogate(node.textValue()) ? "" : null;
        }
        if (node.isObject()) {
            for (var e : node.properties()) {
                if (Text.hasLoneSurrogate(e.getKey())) {
                    return "a field name";
                }
                String inner = loneSurrogateIn(e.getValue());
                if (inner != null) {
                    return inner.isEmpty() ? e.getKey() : inner;
                }
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                String inner = loneSurrogateIn(item);
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }
}
