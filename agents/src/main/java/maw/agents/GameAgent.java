package maw.agents;

import maw.agents.Catalog.Body;
import maw.game.RefusalCode;
import maw.runtime.Agent;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;

/**
 * What every MAW agent shares: reading catalog bodies (a body that is not a catalog message is answered
 * {@code not-understood}, with the same body shape the runtime uses), answering with {@code refuse}, a code and a
 * reason, and sending catalog records.
 */
public abstract class GameAgent extends Agent {

    protected GameAgent(Jid jid, String password) {
        super(jid, password);
    }

    /**
     * What the GameMaster takes from one sender: a seat's whole phase of acts, pings and readiness fits in the burst
     * many times over; a flood is cut to this rate, and the others' messages are not held up behind it.
     */
    public static final maw.runtime.RateLimit GAME_MASTER_LIMIT = new maw.runtime.RateLimit(60, 20);
    /** What a room takes from one sender: chat lines and the polls that follow every line of the others. */
    public static final maw.runtime.RateLimit ROOM_LIMIT = new maw.runtime.RateLimit(120, 40);

    /** Per account this agent takes orders from, the one session it trusts. */
    private final java.util.Map<Jid, Jid> sessions = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Whether {@code m} comes from the session of {@code account} that this agent knows: the one named with
     * {@link #knowSession}, or else the first one heard from. Another login to the same account (by someone who
     * got hold of its password) gains no trust: its messages are not from the known session.
     */
    protected final boolean fromKnownSession(Message m, Jid account) {
        Jid sender = m.sender();
        if (sender == null || account == null || !sender.sameBare(account)) {
            return false;
        }
        Jid known = sessions.putIfAbsent(account.bare(), sender);
        if (known == null || known.equals(sender)) {
            return true;
        }
        log.warn("{}: a message from {}, another session of {} than the one this agent knows ({}); not trusted",
                jid(), sender, account.bare(), known);
        return false;
    }

    /** Whether the Player this interface agent serves has asked its name (see {@link #fromOwnPlayer}). */
    private volatile boolean ownerAsked;

    /**
     * For an interface agent behind a Player ({@code owner}; null: it serves whoever asks): whether to handle
     * {@code m}. Until its Player asks the seat's name, what arrives is news of the account's earlier session (a game
     * just over) and is dropped; the session that asks is the one trusted from then on, and another session of the
     * account is refused {@code not_yours}.
     */
    protected final boolean fromOwnPlayer(Message m, Catalog.Body body, Jid owner) {
        if (owner == null) {
            return true;
        }
        if (!ownerAsked) {
            if (!(body instanceof Catalog.GetInput in && in.purpose() == Catalog.Purpose.NAME
                    && m.sender().sameBare(owner))) {
                log.debug("{}: dropped {} from before its player asked its name", jid(), m.bodyType());
                return false;
            }
            knowSession(m.sender());
            ownerAsked = true;
        }
        if (!fromKnownSession(m, owner)) {
            refuse(m, body.game(), maw.game.RefusalCode.NOT_YOURS, "a seat takes messages from its own player only");
            return false;
        }
        return true;
    }

    /** From now on, trusts {@code session} (a full JID) and no other session of its account. */
    protected final void knowSession(Jid session) {
        if (session != null) {
            sessions.put(session.bare(), session);
        }
    }

    /** The catalog body of {@code m}, or null after answering {@code not-understood} with the reason. */
    protected final Body read(Message m) {
        try {
            return Catalog.read(m);
        } catch (Catalog.Malformed e) {
            if (!m.is(Performative.NOT_UNDERSTOOD) && !m.is(Performative.REFUSE) && !m.is(Performative.FAILURE)) {
                log.info("{}: not understood from {}: {}", jid(), m.sender(), e.getMessage());
                String received = m.body() == null ? null : m.body().length() > 500 ? m.body().substring(0, 500)
                        : m.body();
                send(m.createReply().performative(Performative.NOT_UNDERSTOOD)
                        .body(new Catalog.NotUnderstood(e.getMessage(), received)).build());
            }
            return null;
        }
    }

    /**
     * Handles one message so that nothing in it can stop the agent: an exception is logged, answered {@code failure}
     * when the message asked for an answer, and the agent goes on with the next message.
     */
    protected final void guarded(Message m, Runnable handling) {
        try {
            handling.run();
        } catch (RuntimeException e) {
            log.error("{}: handling {} from {} failed; carrying on", jid(), m.bodyType(), m.sender(), e);
            if (!isComplaint(m) && opensConversation(m)) {
                try {
                    reply(m, Performative.FAILURE, new Catalog.Failure("the " + getClass().getSimpleName()
                            + " could not handle this message: " + e.getClass().getSimpleName(), m.bodyType()));
                } catch (RuntimeException again) {
                    log.warn("{}: could not answer the failure: {}", jid(), again.toString());
                }
            }
        }
    }

    /** Whether {@code m} is an answer that must not be answered again (a refusal, a not-understood, a failure). */
    protected static boolean isComplaint(Message m) {
        return m.is(Performative.REFUSE) || m.is(Performative.NOT_UNDERSTOOD) || m.is(Performative.FAILURE);
    }

    public final void send(Jid to, Performative performative, Body body) {
        send(Message.builder().to(to).performative(performative).ontology(ONTOLOGY).body(body).build());
    }

    /** Answers {@code m} with a performative and a body, keeping its conversation. */
    protected final void reply(Message m, Performative performative, Body body) {
        send(m.createReply().performative(performative).ontology(ONTOLOGY).body(body).build());
    }

    /** Answers {@code m} with {@code refuse}, a code and the reason, in words a player can read. */
    protected final void refuse(Message m, String game, RefusalCode code, String reason) {
        refuse(m, Catalog.Refusal.of(game, code, reason, m.bodyType()));
    }

    /** Answers {@code m} with {@code refuse} and this refusal. */
    protected final void refuse(Message m, Catalog.Refusal refusal) {
        log.debug("{}: refused {} from {}: {} ({})", jid(), m.bodyType(), m.sender(), refusal.reason(),
                refusal.code());
        reply(m, Performative.REFUSE, refusal);
    }

    /** The ontology MAW's messages are tagged with. */
    public static final String ONTOLOGY = "maw";
}
