package maw.runtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An autonomous participant with its own connection, in the style of SPADE: a JID and a password, {@link #setup()}
 * that adds behaviours, {@link #start(Transport)} that connects and logs in, and {@link #stop()}.
 *
 * <p>Every incoming message is checked before any behaviour sees it: a message without a performative, or whose body
 * is not JSON, is answered {@code not-understood} with the reason, and the agent carries on.
 */
public class Agent {

    public static final int DEFAULT_MAILBOX_CAPACITY = 10_000; // a whole game's messages nobody has asked for yet

    private static final Duration STOP_GRACE = Duration.ofSeconds(2);

    /** Where an agent is in its life. */
    public enum Status { NEW, STARTING, ACTIVE, STOPPING, STOPPED }

    protected final Logger log;
    private final Jid jid;
    private final String resource;
    private final String password;
    private final Mailbox mailbox;
    private final List<Behaviour> behaviours = new CopyOnWriteArrayList<>();
    private final Map<Behaviour, Thread> running = new ConcurrentHashMap<>();
    private volatile BehaviourThreads threads;
    private final String idPrefix;
    private final AtomicLong ids = new AtomicLong();
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong notUnderstood = new AtomicLong();
    private final AtomicLong rateLimited = new AtomicLong();
    private final AtomicLong connectionLosses = new AtomicLong();
    private final ConcurrentHashMap<Jid, RateLimit.Bucket> buckets =
            new ConcurrentHashMap<>();
    private volatile RateLimit inboundLimit;
    private volatile Status status = Status.NEW;
    private volatile Instant startedAt = Instant.MIN;
    private volatile Transport.Connection connection;
    private final Breaks breaks = new Breaks();

    public Agent(Jid jid, String password) {
        this(jid, password, DEFAULT_MAILBOX_CAPACITY);
    }

    public Agent(String jid, String password) { this(Jid.parse(jid), password); }

    public Agent(Jid jid, String password, int mailboxCapacity) {
        this.jid = Objects.requireNonNull(jid, "jid").bare();
        // One resource for the agent's whole life, reconnections included: the full JID others come to know.
        this.resource = jid.resource() != null ? jid.resource()
                : "maw-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        if (this.jid.local() == null) {
            throw new IllegalArgumentException("an agent JID needs a local part: " + jid);
        }
        this.password = Objects.requireNonNull(password, "password");
        this.mailbox = new Mailbox(this.jid.toString(), mailboxCapacity);
        // One logger per class, not per agent: logback keeps every logger it made for the process's life, so a logger
        // named after each agent (new names every game) grew without end on a server that plays game after game.
        // Every line names its agent itself.
        this.log = LoggerFactory.getLogger(getClass());
        this.idPrefix = this.jid.local() + "-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        this.threads = BehaviourThreads.defaultKind();
    }

    /** Adds the agent's behaviours; called after the agent has logged in and before any behaviour starts. */
    protected void setup() throws Exception {}

    /** Called while stopping, after the behaviours have ended and before the connection closes. */
    protected void takeDown() {}

    /**
     * Whether this agent takes messages that the server stored for its account before this agent started (sent to an
     * earlier session, or while no session ran). By default it does not: they are news of another game. An agent
     * that takes up work where an earlier session left it (a resumed GameMaster) says yes and judges them itself.
     */
    protected boolean takesStoredMessagesFromBeforeItsStart() {
        return false;
    }

    /** How far before this agent's start a stored message may lie and still be this session's (clocks differ). */
    public static final Duration DEFAULT_STORED_TOLERANCE = Duration.ofSeconds(1);

    private volatile Duration storedTolerance = DEFAULT_STORED_TOLERANCE;

    /** Sets how far a stored message may predate this agent's start and still be taken; returns the agent. */
    public final Agent storedTolerance(Duration tolerance) {
        this.storedTolerance = Objects.requireNonNull(tolerance, "tolerance");
        return this;
    }

    /** When this agent started (began to connect). */
    public final Instant startedAt() {
        return startedAt;
    }

    /** Called (on a network thread; do not block) when the connection drops; the transport reconnects by itself. */
    protected void onConnectionLost(Exception cause) {}

    /** Called (on a network thread; do not block) when the connection is back after a drop. */
    protected void onConnectionRestored() {}

    public final Jid jid() {
        return jid;
    }

    /**
     * The full JID this agent's session has, the same across reconnections: the resource given in the JID it was
     * made with, or a random one. Others that know it trust this session and no other of the same account.
     */
    public final Jid session() {
        return jid.withResource(resource);
    }

    public final Status status() {
        return status;
    }

    /** Neither stopping nor stopped. */
    public final boolean isActive() {
        Status s = status;
        return s != Status.STOPPING && s != Status.STOPPED;
    }

    public final boolean isConnected() {
        Transport.Connection c = connection;
        return c != null && c.isConnected();
    }

    /** Adds a behaviour that takes every message its code asks for. */
    public final void addBehaviour(Behaviour b) {
        addBehaviour(b, null);
    }

    /** Adds a behaviour whose {@code receive} only takes messages matching {@code template}. */
    public final void addBehaviour(Behaviour b, Template template) {
        Objects.requireNonNull(b, "behaviour");
        b.attach(this, template);
        behaviours.add(b);
        if (status == Status.ACTIVE) {
            launch(b);
        }
    }

    /** Kills a behaviour and forgets it. */
    public final void removeBehaviour(Behaviour b) {
        b.kill();
        behaviours.remove(b);
    }

    public final List<Behaviour> behaviours() {
        return List.copyOf(behaviours);
    }

    /** Connects, logs in, runs {@link #setup()} and starts the behaviours. Blocks until all that is done. */
    public final void start(Transport transport) throws TransportException {
        synchronized (this) {
            if (status != Status.NEW) {
                throw new IllegalStateException(jid + " was already started (" + status + ")");
            }
            status = Status.STARTING;
            startedAt = Instant.now();
        }
        threads = threads.on(transport);
        try {
            connection = transport.open(session(), password, new Transport.Inbound() {
                @Override
                public void message(Transport.Connection via, Message m) {
                    inbound(via, m);
                }

                @Override
                public void connectionLost(Exception cause) {
                    log.warn("{}: connection lost ({}); reconnecting", jid, cause == null ? "closed" : cause.getMessage());
                    connectionLosses.incrementAndGet();
                    onConnectionLost(cause);
                }

                @Override
                public void connectionRestored() {
                    log.info("{}: connection restored", jid);
                    onConnectionRestored();
                }
            });
            setup();
        } catch (TransportException | RuntimeException e) {
            abortStart();
            throw e;
        } catch (Exception e) {
            abortStart();
            throw new IllegalStateException(jid + ": setup failed: " + e.getMessage(), e);
        }
        status = Status.ACTIVE;
        for (Behaviour b : behaviours) {
            launch(b);
        }
        log.debug("{} started on {}", jid, transport.name());
    }

    /** {@link #start(Transport)} on a virtual thread; many agents start in parallel this way. */
    public final CompletableFuture<Agent> startAsync(Transport transport) {
        CompletableFuture<Agent> done = new CompletableFuture<>();
        Thread.ofVirtual().name("start-" + jid.local()).start(() -> {
            try {
                start(transport);
                done.complete(this);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        });
        return done;
    }

    /** Kills the behaviours, waits briefly for them to end, runs {@link #takeDown()} and closes the connection. */
    public final void stop() {
        synchronized (this) {
            if (status == Status.STOPPING || status == Status.STOPPED) {
                return;
            }
            if (status == Status.NEW) {
                status = Status.STOPPED;
                return;
            }
            status = Status.STOPPING;
        }
        breaks.go();
        for (Behaviour b : behaviours) {
            b.kill();
        }
        long deadline = System.nanoTime() + STOP_GRACE.toNanos();
        for (Map.Entry<Behaviour, Thread> e : running.entrySet()) {
            try {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !e.getKey().join(Duration.ofNanos(left))) {
                    e.getValue().interrupt();
                }
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        try {
            takeDown();
        } catch (RuntimeException e) {
            log.warn("{}: takeDown failed", jid, e);
        }
        Transport.Connection c = connection;
        if (c != null) {
            c.close();
        }
        status = Status.STOPPED;
        log.debug("{} stopped", jid);
    }

    /**
     * Sends a message through the agent's connection; the sender is filled in. A request (or query, call for
     * proposals, subscription) without a thread gets a fresh one, so that an answer made by SPADE's
     * {@code make_reply()}, which keeps only the thread, can be matched to it.
     */
    public final void send(Message message) {
        if (divert(message)) {
            return;
        }
        breaks.pass(false, message);
        Message sentMessage = deliver(message);
        sent.incrementAndGet();
        MessageCensus.sent(this, sentMessage);
        trace(false, sentMessage);
    }

    /**
     * Sends {@code message} to each of {@code to} (its own receiver ignored): once, where the server fans it out
     * ({@link Transport.Connection#send(Message, List)}), and counted as the messages that went out.
     */
    public final void send(Message message, List<Jid> to) {
        List<Jid> wire = to.stream().filter(j -> !divert(message.toBuilder().to(j).build())).toList();
        if (wire.size() < 2) {
            wire.forEach(j -> send(message.toBuilder().to(j).build()));
            return;
        }
        Message first = message.toBuilder().to(wire.getFirst()).build();
        breaks.pass(false, first);
        Transport.Connection c = connection;
        if (c == null) {
            throw new IllegalStateException(jid + " is not started; cannot send " + message);
        }
        int went = c.send(first, wire);
        sent.addAndGet(went);
        MessageCensus.sent(this, first, went);
        wire.forEach(j -> trace(false, message.toBuilder().to(j).build()));
    }

    /** True keeps {@code message} from the wire: the agent hands it elsewhere (plain words for a chat client). */
    protected boolean divert(Message message) {
        return false;
    }

    /** Whether plain text (no metadata, a body that is not JSON: a chat client's) reaches the behaviours. */
    protected boolean takesPlainText() {
        return false;
    }

    /** Files {@code m} in the agent's own mailbox as if it had arrived: words that came another way. */
    protected final void post(Message m) {
        trace(true, m);
        mailbox.deliver(m);
    }

    /** {@link #post} held to the inbound rate limit of {@code m}'s sender; false when over it (dropped). */
    protected final boolean postLimited(Message m) {
        RateLimit limit = inboundLimit;
        if (limit != null && !bucket(m, limit).take(System.nanoTime())) {
            rateLimited.incrementAndGet();
            return false;
        }
        post(m);
        return true;
    }

    /** A group chat this agent owns on its server (see {@link GroupChat}); null where the transport has none. */
    protected final GroupChat groupChat(String title, GroupChat.Said said) {
        Transport.Connection c = connection;
        return c == null ? null : c.groupChat(title, said);
    }

    /** {@link #send(Message)} left out of the trace and the counts: talk about the agent itself (its inside). */
    protected final void sendUntraced(Message message) {
        deliver(message);
    }

    /** Puts {@code message} on the connection (with a fresh thread if it opens a conversation); returns it as sent. */
    private Message deliver(Message message) {
        Transport.Connection c = connection;
        if (c == null) {
            throw new IllegalStateException(jid + " is not started; cannot send " + message);
        }
        Message out = message.thread() == null && opensConversation(message)
                ? message.toBuilder().thread(newId()).build() : message;
        c.send(out);
        return out;
    }

    /**
     * A look at a well-formed message before the behaviours: true takes it out of the mailbox and the trace (the agent
     * answers it itself). Called on the transport's network thread: it must not block (answer from another thread).
     */
    protected boolean intercept(Message m) {
        return false;
    }

    /** One message in or out, as an agent's trace keeps it. */
    public record Traced(long millis, boolean in, String performative, String other, String type, String body) {}

    /** How many messages the trace keeps (the latest). */
    public static final int TRACE = 200;

    private final MessageTrace trace = new MessageTrace();

    private void trace(boolean in, Message m) {
        trace.add(in, m);
    }

    /** The latest messages in and out (at most {@link #TRACE}), oldest first. */
    public final List<Traced> trace() {
        return trace.list();
    }

    /** Whether {@code m} asks for an answer (a request, a query, a call for proposals, a subscription). */
    public static boolean opensConversation(Message m) {
        return m.performative().map(p -> switch (p) {
            case REQUEST, REQUEST_WHEN, REQUEST_WHENEVER, QUERY_IF, QUERY_REF, CFP, PROPOSE, SUBSCRIBE -> true;
            default -> false;
        }).orElse(false);
    }

    /** A fresh identifier, unique to this agent and this run, for reply-with and conversation ids. */
    public final String newId() {
        return idPrefix + "-" + ids.incrementAndGet();
    }

    /** Messages kept in the mailbox because no behaviour has asked for them yet. */
    public final int mailboxSize() {
        return mailbox.size();
    }

    public final List<Message> mailboxSnapshot() {
        return mailbox.snapshot();
    }

    public final long receivedCount() {
        return received.get();
    }

    public final long sentCount() {
        return sent.get();
    }

    public final long notUnderstoodCount() {
        return notUnderstood.get();
    }

    /** Messages dropped because their sender sent more than {@link #limitInbound} allows. */
    public final long rateLimitedCount() {
        return rateLimited.get();
    }

    /** How often the connection dropped (and was re-established) since the agent started. */
    public final long connectionLosses() {
        return connectionLosses.get();
    }

    /** Limits the messages each sender account may send this agent (null: none; {@link RateLimit}); before start. */
    public final Agent limitInbound(RateLimit limit) {
        this.inboundLimit = limit;
        return this;
    }

    /** The answer to the first message of a sender's excess run: by default a {@code refuse}, {@code rate_limited}. */
    protected Message rateLimitAnswer(Message m, RateLimit limit) {
        ObjectNode body = Json.MAPPER.createObjectNode();
        body.put("type", "refusal");
        body.put("code", "rate_limited");
        body.put("reason", "too many messages: at most " + limit.burst() + " at once and " + limit.perSecond()
                + " a second; what goes over is dropped unanswered until the rate falls");
        if (m.bodyType() != null) {
            body.put("refused", m.bodyType());
        }
        return m.createReply().performative(Performative.REFUSE).body(body).build();
    }

    final Mailbox mailbox() {
        return mailbox;
    }

    /** The agent's breakpoints (Step, Break, Slow, Go): where its behaviours stop at their messages. */
    public final Breaks breaks() {
        return breaks;
    }

    /** Checks an arrived message and keeps it for the behaviours, or answers why it cannot. */
    private void inbound(Transport.Connection via, Message m) {
        if (m.sender() == null) {
            log.debug("{}: ignored a message without a sender: {}", jid, m);
            return;
        }
        received.incrementAndGet();
        if (m.storedAt() != null && m.storedAt().isBefore(startedAt.minus(storedTolerance))
                && !takesStoredMessagesFromBeforeItsStart()) {
            log.debug("{}: dropped a message the server kept from before this agent started: {}", jid, m);
            return;
        }
        RateLimit limit = inboundLimit;
        if (limit != null && !admitted(via, m, limit)) {
            return;
        }
        String problem = problemWith(m);
        if (problem != null && m.isPlainText() && takesPlainText()) {
            trace(true, m);
            mailbox.deliver(m);
            return;
        }
        if (problem == null && intercept(m)) {
            return;
        }
        if (problem == null) {
            trace(true, m);
            mailbox.deliver(m);
            return;
        }
        notUnderstood.incrementAndGet();
        log.info("{}: not understood from {}: {}", jid, m.sender(), problem);
        ObjectNode reason = Json.MAPPER.createObjectNode();
        reason.put("type", "not_understood");
        reason.put("reason", problem);
        if (m.body() != null) {
            reason.put("received", m.body().length() > 500 ? m.body().substring(0, 500) : m.body());
        }
        Message answer = m.createReply().performative(Performative.NOT_UNDERSTOOD).body(reason).build();
        // Transports call this on their network thread, which must never wait on a send.
        Thread.ofVirtual().name(jid.local() + "/not-understood").start(() -> {
            try {
                via.send(answer);
                sent.incrementAndGet();
            } catch (RuntimeException e) {
                log.warn("{}: could not answer not-understood to {}: {}", jid, m.sender(), e.getMessage());
            }
        });
    }

    /** Whether the sender may send this message now; if not, it is counted and (first of a run) answered. */
    private boolean admitted(Transport.Connection via, Message m, RateLimit limit) {
        RateLimit.Bucket bucket = bucket(m, limit);
        if (bucket.take(System.nanoTime())) {
            return true;
        }
        long n = rateLimited.incrementAndGet();
        if (n == 1 || n % 1000 == 0) {
            log.warn("{}: {} is over its rate limit; dropped {} message(s) of over-limit senders so far", jid,
                    m.sender().bare(), n);
        }
        boolean complaint = m.is(Performative.REFUSE) || m.is(Performative.NOT_UNDERSTOOD)
                || m.is(Performative.FAILURE);
        if (bucket.tell() && !complaint) {
            Message answer = rateLimitAnswer(m, limit);
            Thread.ofVirtual().name(jid.local() + "/rate-limited").start(() -> {
                try {
                    via.send(answer);
                    sent.incrementAndGet();
                } catch (RuntimeException e) {
                    log.warn("{}: could not answer rate_limited to {}: {}", jid, m.sender(), e.getMessage());
                }
            });
        }
        return false;
    }

    /** The rate-limit bucket of {@code m}'s sender's account. */
    private RateLimit.Bucket bucket(Message m, RateLimit limit) {
        return buckets.computeIfAbsent(m.sender().bare(), k -> limit.bucket(k, System.nanoTime()));
    }

    /** Why a message cannot be handed to behaviours, or null when it can. */
    private static String problemWith(Message m) {
        String p = m.metadata(Message.PERFORMATIVE);
        if (p == null) {
            return "message has no performative (FIPA-ACL metadata field 'performative')";
        }
        if (m.performative().isEmpty()) {
            return "unknown performative '" + p + "'";
        }
        if (m.is(Performative.NOT_UNDERSTOOD)) {
            // Never answer a not-understood with another one: two confused agents would loop forever.
            return null;
        }
        if (m.original() != null) {
            return null; // a record written by the JSON mapper in this process: JSON by construction
        }
        if (m.body() == null || m.body().isBlank()) {
            return "message has no body (a JSON body is expected)";
        }
        try {
            m.cacheJson(Json.parse(m.body()));
        } catch (JsonProcessingException e) {
            return "body is not valid JSON: " + e.getOriginalMessage()
                    + (e.getLocation() != null ? " at line " + e.getLocation().getLineNr() + ", column "
                            + e.getLocation().getColumnNr() : "");
        }
        return null;
    }

    private void launch(Behaviour b) {
        Thread t = threads.unstarted(jid.local() + "/" + b.name(), () -> {
            try {
                b.execute();
            } catch (Throwable e) {
                if (status == Status.STOPPING || status == Status.STOPPED) {
                    // Stopped under it (a send on the closed connection, say): the agent's end, not a fault.
                    log.debug("{}: behaviour {} ended as the agent stopped: {}", jid, b.name(), e.toString());
                } else {
                    log.error("{}: behaviour {} failed", jid, b.name(), e);
                }
            } finally {
                running.remove(b);
                behaviours.remove(b);
                b.finish();
            }
        });
        running.put(b, t);
        t.start();
    }

    private void abortStart() {
        status = Status.STOPPED;
        Transport.Connection c = connection;
        if (c != null) {
            c.close();
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + jid + ", " + status + "]";
    }
}
