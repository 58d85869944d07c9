package maw.agents;

import maw.agents.Catalog.Body;
import maw.runtime.Agent;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;

/**
 * What every MAW agent shares: reading catalog bodies (a body that is not a catalog message is answered
 * {@code not-understood}), answering with {@code refuse} and a reason, and sending catalog records.
 */
public abstract class GameAgent extends Agent {

    protected GameAgent(Jid jid, String password) {
        super(jid, password);
    }

    /** The catalog body of {@code m}, or null after answering {@code not-understood} with the reason. */
    protected final Body read(Message m) {
        try {
            return Catalog.read(m);
        } catch (Catalog.Malformed e) {
            if (!m.is(Performative.NOT_UNDERSTOOD) && !m.is(Performative.REFUSE) && !m.is(Performative.FAILURE)) {
                log.info("{}: not understood from {}: {}", jid(), m.sender(), e.getMessage());
                send(m.createReply().performative(Performative.NOT_UNDERSTOOD)
                        .body(new Catalog.Refusal(null, e.getMessage(), m.bodyType())).build());
            }
            return null;
        }
    }

    public final void send(Jid to, Performative performative, Body body) {
        send(Message.builder().to(to).performative(performative).ontology(ONTOLOGY).body(body).build());
    }

    /** Answers {@code m} with a performative and a body, keeping its conversation. */
    protected final void reply(Message m, Performative performative, Body body) {
        send(m.createReply().performative(performative).ontology(ONTOLOGY).body(body).build());
    }

    /** Answers {@code m} with {@code refuse} and the reason, in words a player can read. */
    protected final void refuse(Message m, String game, String reason) {
        log.debug("{}: refused {} from {}: {}", jid(), m.bodyType(), m.sender(), reason);
        reply(m, Performative.REFUSE, new Catalog.Refusal(game, reason, m.bodyType()));
    }

    /** The ontology MAW's messages are tagged with. */
    public static final String ONTOLOGY = "maw";
}
