package maw.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import maw.runtime.Json;

/** Where the monitor's page reads the inside of the game's agents: those of its own process, and those it asks. */
interface InsideSource {

    /** One line per agent of the game the monitor knows of. */
    List<ObjectNode> summaries();

    /** The whole inside of the agent named {@code name}; null when no agent has that name. */
    ObjectNode detail(String name);

    /** The latest {@code n} messages the agents sent, in time order, for the sequence chart. */
    ArrayNode sequence(int n);

    InsideSource NONE = new InsideSource() {
        @Override
        public List<ObjectNode> summaries() {
            return List.of();
        }

        @Override
        public ObjectNode detail(String name) {
            return null;
        }

        @Override
        public ArrayNode sequence(int n) {
            return Json.MAPPER.createArrayNode();
        }
    };
}
