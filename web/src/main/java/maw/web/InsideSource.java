package maw.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import maw.runtime.Json;

/**
 * Where the monitor's page reads (and steers) the inside of the game's agents: those of its own process, and those it
 * asks; and the game's clock at its GameMaster.
 */
interface InsideSource {

    /** One line per agent of the game the monitor knows of. */
    List<ObjectNode> summaries();

    /** The whole inside of the agent named {@code name}; null when no agent has that name. */
    ObjectNode detail(String name);

    /** The latest {@code n} messages the agents sent, in time order, for the sequence chart. */
    ArrayNode sequence(int n);

    /**
     * Sets the breakpoints of the agent named {@code name}; returns its summary after, null when no agent has that
     * name. Throws {@link IllegalArgumentException} for a request it refuses, {@link IllegalStateException} when the
     * agent did not answer.
     */
    ObjectNode debug(String name, maw.agents.WatchCatalog.DebugAction action, Long delayMillis);

    /** Pauses, resumes or steps the game, or asks where its clock stands; returns the GameMaster's {@code clock}. */
    com.fasterxml.jackson.databind.JsonNode control(maw.agents.WatchCatalog.ClockAction action,
            maw.agents.WatchCatalog.StepUnit unit);

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

        @Override
        public ObjectNode debug(String name, maw.agents.WatchCatalog.DebugAction action, Long delayMillis) {
            return null;
        }

        @Override
        public com.fasterxml.jackson.databind.JsonNode control(maw.agents.WatchCatalog.ClockAction action,
                maw.agents.WatchCatalog.StepUnit unit) {
            throw new IllegalStateException("this page watches no live game");
        }
    };
}
