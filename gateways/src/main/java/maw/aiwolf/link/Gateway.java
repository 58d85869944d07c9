package maw.aiwolf.link;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Function;
import maw.agents.table.GameTable;
import maw.aiwolf.game.AiwolfOptions;

/**
 * A server outside agents connect to, whatever its protocol (the AIWolf server's TCP, the NLP contest's WebSocket):
 * it gathers the agents that came for a game and keeps their request figures.
 */
public interface Gateway extends AutoCloseable {

    /**
     * Waits up to {@code wait} for {@code players} agents (returns early when they are all there), and returns those
     * that came (at most {@code players}).
     */
    List<AgentLink> gather(int players, Duration wait) throws InterruptedException;

    /** Every seated agent's request figures. */
    Map<String, Map<String, Object>> stats();

    /** The port it listens on. */
    int port();

    @Override
    void close();

    /** Where outside agents connect, in words (an address and the protocol). */
    String address();

    /**
     * A seat filler for the agent on {@code link} at a table under {@code options}: the seat it fills brings the
     * game's id and seed.
     */
    GameTable.SeatFiller seat(AgentLink link, AiwolfOptions options);

    /**
     * A gateway opened for one rule set's options ({@link Plugin}): the server, where agents connect, and the seat
     * each agent that came takes.
     */
    record Opened(Gateway server, String address, Function<AgentLink, GameTable.SeatFiller> seat)
            implements AutoCloseable {
        @Override
        public void close() {
            server.close();
        }
    }

    /**
     * The gateways of a rule set's games, found with {@link ServiceLoader} (listed in
     * {@code META-INF/services/maw.aiwolf.link.Gateway$Plugin}): outside agents may join the games of a rule set that
     * one serves.
     */
    interface Plugin {

        /** Whether it opens gateways for the rule set named {@code ruleSet} (as {@code --rules} names it). */
        boolean serves(String ruleSet);

        /**
         * Listens on {@code bind}:{@code port} (0: any free port) for agents to seat at tables under {@code options}
         * (the rule set's), with their answers' time taken from the options' step.
         */
        Opened openGateway(Object options, String bind, int port) throws IOException;

        /** The plug-in that serves {@code ruleSet}, if one does. */
        static Optional<Plugin> of(String ruleSet) {
            return ServiceLoader.load(Plugin.class).stream().map(ServiceLoader.Provider::get)
                    .filter(p -> p.serves(ruleSet)).findFirst();
        }
    }
}
