package maw.aiwolf.tcp;

import java.time.Duration;
import java.util.List;
import java.util.Map;

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
}
