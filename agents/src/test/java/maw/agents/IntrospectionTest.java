package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import maw.runtime.Json;
import org.junit.jupiter.api.Test;

/** An agent's inside travels in one stanza: trimmed to its budget, the latest messages and call kept. */
class IntrospectionTest {

    @Test
    void aLargeInsideIsTrimmedOldestFirstAndSaysSo() {
        ObjectNode inside = Json.MAPPER.createObjectNode();
        inside.put("name", "ann-player");
        ArrayNode messages = inside.putArray("messages");
        for (int i = 0; i < 200; i++) {
            messages.addObject().put("t", i).put("body", "x".repeat(2000));
        }
        ArrayNode calls = inside.putArray("calls");
        for (int i = 0; i < 10; i++) {
            calls.addObject().put("t", i).put("system", "s".repeat(8000)).put("user", "u".repeat(8000));
        }
        assertThat(inside.toString().length()).isGreaterThan(500_000);
        Introspection.fit(inside, 96_000);
        assertThat(inside.toString().length()).isLessThanOrEqualTo(96_000);
        assertThat(inside.path("trimmed").asBoolean()).isTrue();
        assertThat(inside.path("messages").size()).isEqualTo(20);
        assertThat(inside.path("messages").get(19).path("t").asInt()).isEqualTo(199);
        ArrayNode kept = (ArrayNode) inside.path("calls");
        assertThat(kept.size()).isBetween(1, 9);
        assertThat(kept.get(kept.size() - 1).path("t").asInt()).isEqualTo(9);
    }

    @Test
    void aSmallInsideIsLeftAlone() {
        ObjectNode inside = Json.MAPPER.createObjectNode().put("name", "ann");
        inside.putArray("messages").addObject().put("body", "hello");
        String before = inside.toString();
        Introspection.fit(inside, 96_000);
        assertThat(inside.toString()).isEqualTo(before);
    }
}
