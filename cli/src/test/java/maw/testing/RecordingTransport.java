package maw.testing;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Transport;
import maw.runtime.TransportException;

/** A transport that keeps, per agent, every message the agent received: an eavesdropper at each agent's door. */
public final class RecordingTransport implements Transport {

    private final Transport inner;
    private final Map<Jid, List<Message>> received = new ConcurrentHashMap<>();

    public RecordingTransport(Transport inner) {
        this.inner = inner;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public String domain() {
        return inner.domain();
    }

    @Override
    public boolean inProcess() {
        return inner.inProcess();
    }

    @Override
    public Connection open(Jid jid, String password, Inbound inbound) throws TransportException {
        List<Message> mine = received.computeIfAbsent(jid.bare(), k -> new CopyOnWriteArrayList<>());
        return inner.open(jid, password, new Inbound() {
            @Override
            public void message(Connection via, Message message) {
                mine.add(message);
                inbound.message(via, message);
            }

            @Override
            public void connectionLost(Exception cause) {
                inbound.connectionLost(cause);
            }

            @Override
            public void connectionRestored() {
                inbound.connectionRestored();
            }
        });
    }

    /** Everything {@code jid} received, in order. */
    public List<Message> receivedBy(Jid jid) {
        return received.getOrDefault(jid.bare(), List.of());
    }
}
