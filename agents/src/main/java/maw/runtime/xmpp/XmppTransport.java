package maw.runtime.xmpp;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLException;
import javax.net.ssl.X509TrustManager;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Transport;
import maw.runtime.TransportException;
import org.jivesoftware.smack.ConnectionConfiguration.SecurityMode;
import org.jivesoftware.smack.ConnectionListener;
import org.jivesoftware.smack.ReconnectionManager;
import org.jivesoftware.smack.SmackException;
import org.jivesoftware.smack.XMPPConnection;
import org.jivesoftware.smack.XMPPException;
import org.jivesoftware.smack.packet.Presence;
import org.jivesoftware.smack.packet.Stanza;
import org.jivesoftware.smack.packet.StanzaBuilder;
import org.jivesoftware.smack.packet.StreamError;
import org.jivesoftware.smack.roster.Roster;
import org.jivesoftware.smack.sasl.SASLErrorException;
import org.jivesoftware.smack.sm.StreamManagementException;
import org.jivesoftware.smack.tcp.XMPPTCPConnectionConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The XMPP transport: one Smack {@link XMPPTCPConnection} per agent, STARTTLS against an explicitly trusted
 * certificate, TCP_NODELAY, stream management, and automatic reconnection after a drop (messages sent meanwhile wait
 * and go out in order when the connection is back).
 */
public final class XmppTransport implements Transport {

    private static final Logger LOG = LoggerFactory.getLogger(XmppTransport.class);

    /** How long after a reconnection the presence is re-announced (see {@code reannouncePresence}). */
    static final Duration REANNOUNCE_AFTER = Duration.ofSeconds(1);

    /** Stanza ids remembered per connection to drop copies that ejabberd delivers again after a reconnection. */
    static final int RECENT_IDS = 4096;

    /** Messages an agent may queue while its connection is down before sending fails loudly. */
    static final int PENDING_LIMIT = 100_000;

    static {
        // Agents address each other directly; they have no use for a roster, and fetching it costs a round trip.
        Roster.setRosterLoadedAtLoginDefault(false);
    }

    private final XmppSettings settings;
    private final X509TrustManager trust;
    /** Logins under way at once, at most: each is a TLS handshake and a SCRAM exchange, which a storm drowns. */
    private volatile Semaphore logins = new Semaphore(DEFAULT_LOGINS, true);
    private volatile Duration loginPatience = DEFAULT_LOGIN_PATIENCE;
    private final AtomicLong loginRetries = new AtomicLong();
    private final AtomicLong loggedIn = new AtomicLong();

    /** Logins under way at once by default (the setting xmpp.login-concurrency). */
    public static final int DEFAULT_LOGINS = 8;

    /** How long an agent keeps trying to log in by default (the setting xmpp.login-patience). */
    public static final Duration DEFAULT_LOGIN_PATIENCE = Duration.ofSeconds(120);

    public XmppTransport(XmppSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.trust = settings.trustCert() == null ? null : TrustedCertificates.from(settings.trustCert());
    }

    /**
     * How agents of this transport log in: at most {@code atOnce} at the same time, and trying again with backoff for
     * up to {@code patience} after a login that failed for load (a timeout, the server's resource-constraint, a stream
     * closed during TLS or SASL). Set before the agents start.
     */
    public XmppTransport logins(int atOnce, Duration patience) {
        if (atOnce < 1) {
            throw new IllegalArgumentException("at least one login at a time");
        }
        this.logins = new Semaphore(atOnce, true);
        this.loginPatience = Objects.requireNonNull(patience, "patience");
        return this;
    }

    public XmppSettings settings() {
        return settings;
    }

    /** Logins that succeeded so far. */
    public long loggedIn() {
        return loggedIn.get();
    }

    /** Logins tried again after one failed for the server's load, so far. */
    public long loginRetries() {
        return loginRetries.get();
    }

    @Override
    public String name() {
        return "xmpp";
    }

    @Override
    public String domain() {
        return settings.domain();
    }

    /** The Smack configuration an agent connects with; the benchmark's raw baseline uses the very same. */
    public XMPPTCPConnectionConfiguration configurationFor(Jid jid, String password) {
        return configurationBuilder(jid, password).build();
    }

    /** {@link #configurationFor} before {@code build()}, for callers that add to it (a debugger, say). */
    public XMPPTCPConnectionConfiguration.Builder configurationBuilder(Jid jid, String password) {
        try {
            XMPPTCPConnectionConfiguration.Builder b = XMPPTCPConnectionConfiguration.builder()
                    .setUsernameAndPassword(jid.local(), password)
                    .setXmppDomain(settings.domain())
                    .setHost(settings.host())
                    .setPort(settings.port())
                    .setConnectTimeout((int) settings.connectTimeout().toMillis())
                    .setSocketFactory(new NoDelaySocketFactory())
                    .setSendPresence(true)
                    .setSecurityMode(switch (settings.tls()) {
                        case REQUIRED -> SecurityMode.required;
                        case OPTIONAL -> SecurityMode.ifpossible;
                        case DISABLED -> SecurityMode.disabled;
                    });
            if (trust != null) {
                b.setCustomX509TrustManager(trust);
            }
            if (jid.resource() != null) {
                b.setResource(jid.resource());
            }
            return b;
        } catch (IOException e) {
            throw new IllegalArgumentException("bad XMPP settings for " + jid + ": " + e.getMessage(), e);
        }
    }

    /** A login that failed for load: worth trying again. */
    private static final class Busy extends Exception {
        Busy(TransportException cause) {
            super(cause);
        }

        TransportException why() {
            return (TransportException) getCause();
        }
    }

    /**
     * Logs {@code jid} in, a bounded number of logins at a time; a login that fails for load is tried again after a
     * backoff with jitter (100 ms doubling to 2 s) until the transport's patience, counted from the first such failure,
     * runs out (waiting for a turn among the logins under way counts for nothing). An answer that cannot change
     * (a wrong password, no such account, a server that refuses connections, TLS it cannot have) ends it at once.
     */
    @Override
    public Connection open(Jid jid, String password, Inbound inbound) throws TransportException {
        if (!settings.domain().equalsIgnoreCase(jid.domain())) {
            throw new TransportException("cannot log in as " + jid + ": the server at " + settings.endpoint()
                    + " serves the domain " + settings.domain() + ", not " + jid.domain());
        }
        long until = 0; // set by the first login that fails for load: waiting for a turn is not a failure
        for (int attempt = 1;; attempt++) {
            Semaphore gate = logins;
            try {
                gate.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TransportException("interrupted while waiting to log in as " + jid, e);
            }
            Busy busy;
            try {
                Connection c = login(jid, password, inbound);
                loggedIn.incrementAndGet();
                return c;
            } catch (Busy b) {
                busy = b;
            } finally {
                gate.release();
            }
            if (attempt == 1) {
                until = System.nanoTime() + loginPatience.toNanos();
            }
            long backoff = Math.min(2000, 100L << Math.min(attempt - 1, 5));
            long wait = backoff / 2 + ThreadLocalRandom.current().nextLong(backoff / 2 + 1);
            if (System.nanoTime() + wait * 1_000_000 - until > 0) {
                throw new TransportException(busy.why().getMessage() + "; gave up after " + attempt + " attempt(s) in "
                        + loginPatience.toSeconds() + " s (xmpp.login-patience)", busy.why());
            }
            LOG.info("{}; trying again in {} ms (attempt {})", busy.why().getMessage(), wait, attempt + 1);
            loginRetries.incrementAndGet();
            try {
                Thread.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TransportException("interrupted while logging in as " + jid, e);
            }
        }
    }

    private Connection login(Jid jid, String password, Inbound inbound) throws TransportException, Busy {
        AgentXmppConnection c = new AgentXmppConnection(configurationFor(jid, password));
        c.setReplyTimeout(settings.connectTimeout().toMillis());
        // Stream management without resumption: the server re-routes what it could not deliver when a session dies
        // (resend_on_timeout), and the next login starts a fresh session. Resumption cannot survive a server restart
        // anyway, and while a stream is "resumable" Smack reports it as authenticated and swallows sends into it.
        c.setUseStreamManagement(true);
        c.setUseStreamManagementResumption(false);
        // Smack asks the server for an acknowledgement after every message by default: two more elements on the wire,
        // parsed and written on both sides, for each message. The sender's window (awaitWindow) asks when it needs
        // one, and without resumption nothing else reads them.
        c.addRequestAckPredicate(stanza -> false);
        XmppConnection conn = new XmppConnection(c, jid, inbound);
        c.onMessage(conn::onStanza);
        c.addStanzaAcknowledgedListener(stanza -> conn.acknowledged());
        try {
            c.connect();
            c.login();
        } catch (SASLErrorException e) {
            c.instantShutdown();
            throw new TransportException("cannot log in as " + jid + " at " + settings.endpoint()
                    + ": the server refused the credentials (" + e.getSASLFailure().getSASLErrorString()
                    + "): wrong password or no such account", e);
        } catch (SmackException.EndpointConnectionException e) {
            c.instantShutdown();
            throw new TransportException("cannot reach the XMPP server at " + settings.endpoint() + " for " + jid
                    + ": " + rootMessage(e) + (isRefused(e) ? " (is the server running? ./maw xmpp status)" : ""), e);
        } catch (SmackException.SecurityRequiredByClientException e) {
            c.instantShutdown();
            throw new TransportException("cannot log in as " + jid + " at " + settings.endpoint()
                    + ": the server does not offer STARTTLS and xmpp.tls is 'required'", e);
        } catch (SmackException.NoResponseException e) {
            c.instantShutdown();
            throw new Busy(new TransportException("cannot log in as " + jid + " at " + settings.endpoint()
                    + ": the server did not answer within " + settings.connectTimeout().toMillis() + " ms", e));
        } catch (IOException | XMPPException | SmackException e) {
            c.instantShutdown();
            String hint = hasCause(e, SSLException.class)
                    ? " (TLS failed: is xmpp.trust-cert the server's certificate?)" : "";
            TransportException failed = new TransportException("cannot log in as " + jid + " at "
                    + settings.endpoint() + ": " + rootMessage(e) + hint, e);
            if (forLoad(e)) {
                throw new Busy(failed);
            }
            throw failed;
        } catch (InterruptedException e) {
            c.instantShutdown();
            Thread.currentThread().interrupt();
            throw new TransportException("interrupted while logging in as " + jid + " at " + settings.endpoint(), e);
        }
        c.addConnectionListener(conn);
        ReconnectionManager rm = ReconnectionManager.getInstanceFor(c);
        rm.setReconnectionPolicy(ReconnectionManager.ReconnectionPolicy.FIXED_DELAY);
        rm.setFixedDelay((int) Math.max(1, settings.reconnectDelay().toSeconds()));
        rm.enableAutomaticReconnection();
        return conn;
    }

    /**
     * Whether a failed login failed for the server's load, so that trying again may succeed: a stream error of
     * resource-constraint (or a policy the server applies under load), a connection closed under the login (during TLS
     * or SASL), a read that timed out. A certificate the client does not trust is no load.
     */
    static boolean forLoad(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof XMPPException.StreamErrorException se) {
                var condition = se.getStreamError().getCondition();
                return condition == StreamError.Condition.resource_constraint
                        || condition == StreamError.Condition.policy_violation
                        || condition == StreamError.Condition.connection_timeout
                        || condition == StreamError.Condition.system_shutdown;
            }
            if (t instanceof CertificateException) {
                return false;
            }
            if (t instanceof SocketTimeoutException || t instanceof EOFException
                    || t instanceof SmackException.NotConnectedException
                    || t instanceof SocketException && !(t instanceof ConnectException)) {
                return true;
            }
            if (t instanceof SSLException && !hasCause(t, CertificateException.class)) {
                return true; // a handshake cut short by the server
            }
        }
        return false;
    }

    private static boolean isRefused(Throwable e) {
        return hasCause(e, ConnectException.class);
    }

    private static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
            if (t instanceof SmackException.EndpointConnectionException ece) {
                for (var failure : ece.getConnectionExceptions()) {
                    if (hasCause(failure.getException(), type)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        if (e instanceof SmackException.EndpointConnectionException ece && !ece.getConnectionExceptions().isEmpty()) {
            return rootMessage(ece.getConnectionExceptions().get(0).getException());
        }
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
    }

    /** Unacknowledged stanzas at which a sender asks the server for an acknowledgement, and at which it waits. */
    static final int ASK_ACK_AT = 100;
    static final int MAX_IN_FLIGHT = 250;
    private static final Duration WINDOW_WAIT = Duration.ofSeconds(5);

    /** One agent's Smack connection. */
    private static final class XmppConnection implements Connection, ConnectionListener {
        private final AgentXmppConnection smack;
        private final Jid requested;
        private final Inbound inbound;
        private final ArrayDeque<Stanza> pending = new ArrayDeque<>();
        private final RecentIds seen = new RecentIds(RECENT_IDS);
        private volatile boolean closed;
        private volatile boolean lost;
        /** Stanzas sent and not yet acknowledged by the server (stream management), and whether we asked. */
        private final Object flow = new Object();
        private int inFlight;
        private boolean ackAsked;

        XmppConnection(AgentXmppConnection smack, Jid requested, Inbound inbound) {
            this.smack = smack;
            this.requested = requested;
            this.inbound = inbound;
        }

        void onStanza(org.jivesoftware.smack.packet.Message s) {
            if (s.getType() == org.jivesoftware.smack.packet.Message.Type.error) {
                LOG.debug("{}: error stanza from {}: {}", requested, s.getFrom(), s.getError());
                return;
            }
            // Delivery is at least once: when a session ends before the client acknowledged a stanza (stream
            // management), ejabberd routes it again, to offline storage if need be, and it arrives a second time
            // after the next login. The copy keeps the stanza id its sender gave it.
            if (s.getStanzaId() != null && s.getFrom() != null
                    && !seen.add(s.getFrom().asBareJid() + "/" + s.getStanzaId())) {
                LOG.debug("{}: dropped a second copy of {} from {}", requested, s.getStanzaId(), s.getFrom());
                return;
            }
            Message m = SpadeWire.fromStanza(s);
            if (LOG.isTraceEnabled()) {
                LOG.trace("{} <- {}", requested, m);
            }
            if (m != null) {
                inbound.message(this, m);
            }
        }

        @Override
        public Jid jid() {
            var user = smack.getUser();
            return user == null ? requested : Jid.parse(user.toString());
        }

        @Override
        public void send(Message message) {
            Objects.requireNonNull(message.to(), "message has no receiver");
            if (closed) {
                throw new IllegalStateException(requested + " has closed its connection; cannot send " + message);
            }
            Stanza stanza = SpadeWire.toStanza(message);
            synchronized (pending) {
                if (pending.isEmpty() && smack.isAuthenticated()) {
                    try {
                        awaitWindow();
                        smack.sendStanza(stanza);
                        if (LOG.isTraceEnabled()) {
                            LOG.trace("{} -> {}", requested, message);
                        }
                        return;
                    } catch (SmackException.NotConnectedException e) {
                        // fall through: keep it for when the connection is back
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                if (pending.size() >= PENDING_LIMIT) {
                    throw new IllegalStateException(requested + ": " + PENDING_LIMIT
                            + " messages are waiting for the connection to come back; refusing more");
                }
                pending.addLast(stanza);
                LOG.debug("{}: connection down; {} message(s) wait to be sent", requested, pending.size());
            }
        }

        /**
         * Keeps the stanzas not yet acknowledged well below Smack's own queue of them (500): when that queue is full,
         * Smack's writer waits for an acknowledgement that its reader, itself waiting to queue the answer to the
         * server's request for one, can never process, and the connection hangs for good. A sender that gets ahead
         * asks the server for an acknowledgement and waits for it (at most a few seconds, then goes on).
         */
        private void awaitWindow() throws InterruptedException, SmackException.NotConnectedException {
            if (!smack.isSmEnabled()) {
                return;
            }
            synchronized (flow) {
                if (inFlight >= ASK_ACK_AT && !ackAsked) {
                    ackAsked = true;
                    try {
                        smack.requestSmAcknowledgement();
                    } catch (StreamManagementException.StreamManagementNotEnabledException e) {
                        return;
                    }
                }
                long deadline = System.nanoTime() + WINDOW_WAIT.toNanos();
                while (inFlight >= MAX_IN_FLIGHT && System.nanoTime() < deadline && smack.isAuthenticated()) {
                    flow.wait(50);
                }
                inFlight++;
            }
        }

        /** The server acknowledged one stanza. */
        void acknowledged() {
            synchronized (flow) {
                inFlight = Math.max(0, inFlight - 1);
                ackAsked = false;
                flow.notifyAll();
            }
        }

        private void flush() {
            synchronized (pending) {
                if (!pending.isEmpty()) {
                    LOG.debug("{}: connection back; sending {} waiting message(s)", requested, pending.size());
                }
                while (!pending.isEmpty() && smack.isAuthenticated()) {
                    try {
                        awaitWindow();
                        smack.sendStanza(pending.peekFirst());
                        pending.pollFirst();
                    } catch (SmackException.NotConnectedException e) {
                        LOG.debug("{}: connection dropped again while sending waiting messages", requested, e);
                        return;
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }

        /**
         * ejabberd 23.01 hands stored (offline) messages over when a session's presence priority goes from negative
         * to non-negative, and a message to an agent that is just logging in can be stored a moment after that
         * hand-over (the sender's session saw no available resource, the receiver's session emptied the store, then
         * the sender's session wrote to it); it would then wait for the agent's next login. After a server restart
         * every agent logs in at once while the others flush what they queued, which makes that window likely.
         * Going to priority -1 and back to 0 a moment after a reconnection makes the server hand over whatever was
         * caught. Not done at the first login: messages to the bare JID that arrive while the priority is -1 are
         * stored and handed over after newer ones, and a first login is not a moment of crossing traffic.
         */
        private void reannouncePresence() {
            try {
                Thread.sleep(REANNOUNCE_AFTER.toMillis());
                if (closed || !smack.isAuthenticated()) {
                    return;
                }
                smack.sendStanza(StanzaBuilder.buildPresence().ofType(Presence.Type.available).setPriority(-1).build());
                smack.sendStanza(StanzaBuilder.buildPresence().ofType(Presence.Type.available).setPriority(0).build());
            } catch (SmackException.NotConnectedException e) {
                // Dropped again meanwhile: the next login re-announces.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public boolean isConnected() {
            return smack.isAuthenticated();
        }

        @Override
        public int pending() {
            synchronized (pending) {
                return pending.size();
            }
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            ReconnectionManager.getInstanceFor(smack).disableAutomaticReconnection();
            smack.disconnect();
        }

        @Override
        public void authenticated(XMPPConnection connection, boolean resumed) {
            synchronized (flow) {
                // A new session (no resumption): Smack forgot what the old one had not had acknowledged.
                inFlight = 0;
                ackAsked = false;
                flow.notifyAll();
            }
            flush();
            if (lost) {
                lost = false;
                Thread.ofVirtual().name("reannounce-" + requested.local()).start(this::reannouncePresence);
                inbound.connectionRestored();
            }
        }

        @Override
        public void connectionClosedOnError(Exception e) {
            if (!closed) {
                lost = true;
                inbound.connectionLost(e);
            }
        }
    }
}
