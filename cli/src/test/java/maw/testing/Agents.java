package maw.testing;

import java.util.ArrayList;
import java.util.List;
import maw.runtime.Agent;
import maw.runtime.Transport;
import maw.runtime.TransportException;

/** Starts agents for a test and stops every one of them afterwards. */
public final class Agents implements AutoCloseable {

    private final Transport transport;
    private final List<Agent> started = new ArrayList<>();

    public Agents(Transport transport) {
        this.transport = transport;
    }

    public <A extends Agent> A start(A agent) throws TransportException {
        started.add(agent);
        agent.start(transport);
        return agent;
    }

    @Override
    public void close() {
        started.parallelStream().forEach(Agent::stop);
        started.clear();
    }
}
