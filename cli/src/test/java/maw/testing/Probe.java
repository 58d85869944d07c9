package maw.testing;

import static org.assertj.core.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import maw.runtime.Agent;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;

/** A test agent that records every message it receives, for tests to wait on. */
public final class Probe extends Agent {

    public static final Duration WAIT = Duration.ofSeconds(15);

    private final BlockingQueue<Message> inbox = new LinkedBlockingQueue<>();

    public Probe(Jid jid, String password) {
        super(jid, password);
    }

    @Override
    protected void setup() {
        addBehaviour(CyclicBehaviour.of("record", self -> {
            Message m = self.receive(Duration.ofMillis(200));
            if (m != null) {
                inbox.add(m);
            }
        }));
    }

    /** The next message, waiting up to {@link #WAIT}; fails the test if none comes. */
    public Message next() throws InterruptedException {
        Message m = inbox.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        if (m == null) {
            fail(jid() + " received nothing within " + WAIT);
        }
        return m;
    }

    public int pendingCount() {
        return inbox.size();
    }
}
