package maw.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import maw.agents.Catalog.Body;
import maw.game.RefusalCode;
import maw.runtime.Agent;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.RateLimit;

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
     * many times over, and so does a seat of rule bots whose phases end as soon as everyone has voted (in one process
     * such a table plays some fifteen rounds a second, a seat sending about 70 acts a second: at 20 a second, a seat
     * of a 20-round game lost its acts by round 19 and its table waited out the phase); a flood is cut to this rate,
     * and the others' messages are not held up behind it.
     */
    public static final RateLimit GAME_MASTER_LIMIT = new RateLimit(200, 100);
    /**
     * What a GameMaster takes from one sender at a table whose steps end once everyone has answered (a rule set whose
     * bots play hundreds of steps a second), or whose seats are all trusted (a tournament's): 200, then 1,000 a second.
     */
    public static final RateLimit FAST_TABLE_LIMIT = new RateLimit(200, 1000);
    /** What a room takes from one sender: chat lines and the polls that follow every line of the others. */
    public static final RateLimit ROOM_LIMIT = new RateLimit(120, 40);

    /** Per account this agent takes orders from, the one session it trusts. */
    private final Map<Jid, Jid> sessions = new ConcurrentHashMap<>();

    /**
     * Whether {@code m} comes from the session of {@code account} that this agent knows: the one named with
     * {@link #knowSession}, or else the first one heard from. Another login to the same account (by someone who
     * got hold of its password) gains no trust: its messages are not from the known session. A message the server
     * kept while this agent was away (it came just before its start) is taken but names no session: it may be the last
     * word of the account's earlier session, whose successor must not then be refused.
     */
    protected final boolean fromKnownSession(Message m, Jid account) {
        Jid sender = m.sender();
        if (sender == null || account == null || !sender.sameBare(account)) {
            return false;
        }
        if (m.storedAt() != null && !sessions.containsKey(account.bare())) {
            return true;
        }
        Jid known = sessions.putIfAbsent(account.bare(), sender);
        if (known == null) {
            takePendingInspectors(sender);
            return true;
        }
        if (known.equals(sender)) {
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
            if (!(body instanceof SeatCatalog.GetInput in && in.purpose() == SeatCatalog.Purpose.NAME
                    && m.sender().sameBare(owner))) {
                log.debug("{}: dropped {} from before its player asked its name", jid(), m.bodyType());
                return false;
            }
            knowSession(m.sender());
            ownerAsked = true;
        }
        if (!fromKnownSession(m, owner)) {
            refuse(m, body.game(), RefusalCode.NOT_YOURS, "a seat takes messages from its own player only");
            return false;
        }
        return true;
    }

    /** From now on, trusts {@code session} (a full JID) and no other session of its account. */
    protected final void knowSession(Jid session) {
        if (session != null) {
            sessions.put(session.bare(), session);
            takePendingInspectors(session);
        }
    }

    private void takePendingInspectors(Jid session) {
        Message pending = pendingInspectors;
        if (pending != null && session.equals(pending.sender())) {
            pendingInspectors = null;
            Thread.ofVirtual().name(jid().local() + "/inside").start(() -> guarded(pending,
                    () -> introspection(pending)));
        }
    }

    /** An {@code inspectors} from the voucher's account that came before its session was known. */
    private volatile Message pendingInspectors;

    // --- the inside, shown to the monitors the game vouches for ----------------------------------------------------

    /** An inside sent to a monitor is trimmed to about this many characters of JSON (one stanza holds it). */
    static final int INSIDE_CHARS = 96_000;

    /** At most this many sessions may see an agent's inside at once. */
    static final int MAX_INSPECTORS = 32;

    /** The sessions that may see this agent's inside (full addresses). */
    private volatile Set<Jid> inspectors = Set.of();
    /** The account whose known session names the inspectors (the GameMaster for a Player, the Player for its seat). */
    private volatile Jid voucher;

    /** Whether the voucher's first session heard from is trusted (as a room trusts its GameMaster). */
    private volatile boolean voucherFirstSession;

    /**
     * From now on, the session of {@code account} this agent already trusts (never another one, never a first one)
     * may name who sees its inside, with {@code inspectors}.
     */
    protected final void inspectorsFrom(Jid account) {
        this.voucher = account == null ? null : account.bare();
    }

    /**
     * Like {@link #inspectorsFrom(Jid)}, for an agent that trusts the first session of {@code account} it hears from
     * (a room, its GameMaster): {@code inspectors} may be that first message.
     */
    protected final void inspectorsFromFirstSession(Jid account) {
        inspectorsFrom(account);
        this.voucherFirstSession = true;
    }

    /** From now on, these sessions (and no others) may see this agent's inside. */
    protected final void inspectors(Collection<Jid> sessions) {
        this.inspectors = sessions.stream().limit(MAX_INSPECTORS).collect(Collectors.toUnmodifiableSet());
    }

    /** Whether {@code session} may see this agent's inside. */
    protected boolean mayInspect(Jid session) {
        return inspectors.contains(session);
    }

    /** Told by its voucher who may see its inside: a Player passes it on to its seat's agent. */
    protected void inspectorsNamed(WatchCatalog.Inspectors named) {}

    /**
     * What this agent adds to its inside ({@link Introspection}): {@code links}, the addresses of the agents it works
     * with (a monitor follows them), and in the {@code detail} what only it knows (a model seat's calls).
     */
    protected void describe(ObjectNode inside, boolean detail) {}

    /**
     * {@code inspect}, {@code debug} and {@code inspectors} are answered here, past the behaviours, whatever the agent is
     * doing (held at a break too).
     */
    @Override
    protected final boolean intercept(Message m) {
        String type = m.bodyType();
        if (!"inspect".equals(type) && !"inspectors".equals(type) && !"debug".equals(type)) {
            return false;
        }
        Thread.ofVirtual().name(jid().local() + "/inside").start(() -> guarded(m, () -> introspection(m)));
        return true;
    }

    private void introspection(Message m) {
        switch (read(m)) {
            case WatchCatalog.Inspect i -> {
                if (!mayInspect(m.sender())) {
                    aside(m, null, RefusalCode.NOT_YOURS, "an agent's inside is shown to the sessions the game "
                            + "vouches for: the GameMaster's god-view watchers");
                    return;
                }
                WatchCatalog.InsidePart part = i.part() == null ? WatchCatalog.InsidePart.SUMMARY : i.part();
                JsonNode inside = switch (part) {
                    case SUMMARY -> Introspection.summary(this);
                    case DETAIL -> Introspection.fit(Introspection.detail(this), INSIDE_CHARS);
                    case SENT -> Introspection.sent(this);
                };
                sendUntraced(m.createReply().performative(Performative.INFORM).ontology(ONTOLOGY)
                        .body(new WatchCatalog.Inside(jid().local(), part, inside)).build());
            }
            case WatchCatalog.Debug d -> {
                if (!mayInspect(m.sender())) {
                    aside(m, null, RefusalCode.NOT_YOURS, "an agent's breakpoints are set by the sessions the game "
                            + "vouches for: the GameMaster's god-view watchers");
                    return;
                }
                String problem = Introspection.debug(breaks(), d.action(), d.delay_ms());
                if (problem != null) {
                    aside(m, null, RefusalCode.BAD_REQUEST, problem);
                    return;
                }
                log.info("{}: {} by {}", jid(), d.action(), m.sender());
                sendUntraced(m.createReply().performative(Performative.INFORM).ontology(ONTOLOGY)
                        .body(new WatchCatalog.Inside(jid().local(), WatchCatalog.InsidePart.SUMMARY,
                                Introspection.summary(this))).build());
            }
            case WatchCatalog.Inspectors named -> {
                Jid account = voucher;
                Jid known = account == null ? null : sessions.get(account);
                if (known == null && account != null && !voucherFirstSession && m.sender().sameBare(account)) {
                    // Named before this agent knows its voucher's session (the GameMaster's agree to a join and its
                    // inspectors cross): kept until that session is known, then taken if it is the one.
                    pendingInspectors = m;
                    return;
                }
                boolean trusted = known != null ? known.equals(m.sender())
                        : account != null && voucherFirstSession && fromKnownSession(m, account);
                if (!trusted) {
                    aside(m, named.game(), RefusalCode.NOT_YOURS, "who may see this agent's inside is named by "
                            + (account == null ? "nobody" : "the session of " + account + " it knows"));
                    return;
                }
                List<Jid> sessionsNamed = new ArrayList<>();
                for (String s : named.sessions()) {
                    try {
                        sessionsNamed.add(Jid.parse(s));
                    } catch (IllegalArgumentException e) {
                        log.debug("{}: an inspector that is no address: {}", jid(), s);
                    }
                }
                inspectors(sessionsNamed);
                inspectorsNamed(named);
            }
            case null, default -> { }
        }
    }

    /** A refusal about the agent itself: past its breakpoints and out of its trace, as {@code inside} is. */
    private void aside(Message m, String game, RefusalCode code, String reason) {
        sendUntraced(m.createReply().performative(Performative.REFUSE).ontology(ONTOLOGY)
                .body(Catalog.Refusal.of(game, code, reason, m.bodyType())).build());
    }

    /** The catalog body of {@code m}, or null after answering {@code not-understood} with the reason. */
    protected final Body read(Message m) {
        try {
            return CatalogReader.read(m);
        } catch (CatalogReader.Malformed e) {
            if (!m.is(Performative.NOT_UNDERSTOOD) && !m.is(Performative.REFUSE) && !m.is(Performative.FAILURE)) {
                log.info("{}: not understood from {}: {}", jid(), m.sender(), e.getMessage());
                String received = m.body() == null ? null : m.body().length() > 500 ? m.body().substring(0, 500)
                        : m.body();
                // In MAW's ontology whatever the message carried (nothing, or another): the body is MAW's.
                send(m.createReply().performative(Performative.NOT_UNDERSTOOD).ontology(ONTOLOGY)
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
