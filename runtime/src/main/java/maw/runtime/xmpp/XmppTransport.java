package maw.runtime.xmpp;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLException;
import javax.net.ssl.X509TrustManager;
import maw.runtime.Jid;
import maw.runtime.Transport;
import maw.runtime.TransportException;
import org.jivesoftware.smack.ConnectionConfiguration.SecurityMode;
import org.jivesoftware.smack.ReconnectionManager;
import org.jivesoftware.smack.SmackException;
import org.jivesoftware.smack.XMPPException;
import org.jivesoftware.smack.packet.StreamError;
import org.jivesoftware.smack.roster.Roster;
import org.jivesoftware.smack.sasl.SASLErrorException;
import org.jivesoftware.smack.tcp.XMPPTCPConnectionConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The XMPP transport: one Smack {@link XMPPTCPConnection} per agent, STARTTLS against an explicitly trusted
 * certificate, TCP_NODELAY, stream management, and automatic reconnection after a drop (messages sent meanwhile wait
 * and go out in order when the connection is back).
 */
public final class XmppTransport implements Transport {

    static final Logger LOG = LoggerFactory.getLogger(XmppTransport.class);

    /** How long after a reconnection the presence is re-announced (see {@code reannouncePresence}). */
    static final Duration REANNOUNCE_AFTER = Duration.ofSeconds(1);

    /** Stanza ids remembered per connection to drop copies that ejabberd delivers again after a reconnection. */
    static final int RECENT_IDS = 4096;
    /** The most receivers of one multicast stanza (the private ejabberd's mod_multicast takes 250). */
    static final int MULTICAST_LIMIT = 200;
    /** The server's multicast service (XEP-0033), once looked for (null: it has none). */
    private volatile org.jxmpp.jid.DomainBareJid multicast;
    private volatile boolean multicastLooked;
    /** After a failed look, when to look again (until then each receiver gets its own copy, with no wait). */
    private volatile long multicastRetryAt;


    /** Messages an agent may queue while its connection is down before sending fails loudly. */
    static final int PENDING_LIMIT = 100_000;

    static {
        // Agents address each other directly; they have no use for a roster, and fetching it costs a round trip.
        Roster.setRosterLoadedAtLoginDefault(false);
    }

    final XmppSettings settings;
    private final X509TrustManager trust;
    /** Logins under way at once, at most: each is a TLS handshake and a SCRAM exchange, which a storm drowns. */
    private volatile Semaphore logins = new Semaphore(DEFAULT_LOGINS, true);
    private volatile Duration loginPatience = DEFAULT_LOGIN_PATIENCE;
    private final AtomicLong loginRetries = new AtomicLong();
    private final AtomicLong loggedIn = new AtomicLong();

    private volatile boolean plainInsideTls = true;
    private volatile EjabberdApi nicknames;

    /**
     * Whether agents log in with SASL PLAIN inside TLS to a server whose certificate this transport pins (the default),
     * or negotiate as Smack does (SCRAM): {@code ./maw bench transport} measures one against the other.
     */
    public XmppTransport plainInsideTls(boolean plain) {
        this.plainInsideTls = plain;
        return this;
    }

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

    /**
     * The server's account API, through which the group chats register each seat's name to its account (see {@link
     * EjabberdApi#registerNick}); without it (a server this program does not provision) a room kicks whoever takes a
     * name not theirs, after the fact.
     */
    public XmppTransport nicknames(EjabberdApi api) {
        this.nicknames = api;
        return this;
    }

    /**
     * The server's multicast service, asked of the server through {@code via} the first time; null where it has none
     * (each receiver then gets its own copy from the sender).
     */
    org.jxmpp.jid.DomainBareJid multicastService(org.jivesoftware.smack.XMPPConnection via) {
        if (!multicastLooked && System.nanoTime() - multicastRetryAt >= 0) {
            synchronized (this) {
                if (!multicastLooked && System.nanoTime() - multicastRetryAt >= 0) {
                    try {
                        multicast = org.jivesoftware.smackx.disco.ServiceDiscoveryManager.getInstanceFor(via)
                                .findService("http://jabber.org/protocol/address", true);
                        LOG.debug("the server's multicast service: {}", multicast);
                        multicastLooked = true;
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return null;
                    } catch (Exception e) {
                        // Not asked again for every message (the question blocks its sender): in a minute.
                        multicastRetryAt = System.nanoTime() + java.time.Duration.ofMinutes(1).toNanos();
                        LOG.debug("no multicast service found (asked again in a minute)", e);
                        return null;
                    }
                }
            }
        }
        return multicast;
    }

    EjabberdApi nicknames() {
        return nicknames;
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
        return configurationBuilder(jid, password, settings.nodes().getFirst());
    }

    /** Likewise, at one node of the server. */
    XMPPTCPConnectionConfiguration.Builder configurationBuilder(Jid jid, String password, XmppSettings.Node node) {
        try {
            XMPPTCPConnectionConfiguration.Builder b = XMPPTCPConnectionConfiguration.builder()
                    .setUsernameAndPassword(jid.local(), password)
                    .setXmppDomain(settings.domain())
                    .setHost(node.host())
                    .setPort(node.port())
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
                if (settings.tls() == XmppSettings.Tls.REQUIRED && plainInsideTls) {
                    // A server whose one certificate this transport trusts (the private instance, the compose stack's,
                    // a cluster's), over TLS it requires: the password goes inside TLS as SASL PLAIN. SCRAM's 4,096
                    // PBKDF2 rounds, on both sides, were a third of a login's cost, and TLS to a server proven by its
                    // pinned certificate already keeps the password from anyone else.
                    b.addEnabledSaslMechanism("PLAIN");
                }
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

    /** A Smack connection for {@code jid} at {@code node}, configured as every agent's is, not yet connected. */
    private AgentXmppConnection newSmack(Jid jid, String password, XmppSettings.Node node) {
        SmackThreads.warnIfNotInEffect();
        AgentXmppConnection c = new AgentXmppConnection(configurationBuilder(jid, password, node).build());
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
        return c;
    }

    /**
     * The node an agent logs in at first: with several, each agent its own by its name, so that a table's agents
     * spread over the cluster.
     */
    public int firstNode(Jid jid) {
        int n = settings.nodes().size();
        return n == 1 ? 0 : Math.floorMod(jid.local().hashCode(), n);
    }

    /**
     * One login, at the agent's first node or, when that node cannot be reached or does not answer, at the next; an
     * answer that cannot change ends it at once. Busy when some node was busy and none took the agent.
     */
    private Connection login(Jid jid, String password, Inbound inbound) throws TransportException, Busy {
        int n = settings.nodes().size();
        int first = firstNode(jid);
        XmppConnection conn = new XmppConnection(this, jid, password, inbound);
        TransportException unreachable = null;
        Busy busy = null;
        for (int k = 0; k < n; k++) {
            int at = (first + k) % n;
            XmppSettings.Node node = settings.nodes().get(at);
            AgentXmppConnection c = newSmack(jid, password, node);
            conn.wire(c, at);
            try {
                c.connect();
                c.login();
                awaitPresenceTaken(c);
            } catch (SASLErrorException e) {
                c.instantShutdown();
                throw new TransportException("cannot log in as " + jid + " at " + node
                        + ": the server refused the credentials (" + e.getSASLFailure().getSASLErrorString()
                        + "): wrong password or no such account", e);
            } catch (SmackException.EndpointConnectionException e) {
                c.instantShutdown();
                unreachable = new TransportException("cannot reach the XMPP server at " + node + " for " + jid
                        + ": " + rootMessage(e) + (isRefused(e) ? " (is the server running? ./maw xmpp status)"
                        : ""), e);
                continue;
            } catch (SmackException.SecurityRequiredByClientException e) {
                c.instantShutdown();
                throw new TransportException("cannot log in as " + jid + " at " + node
                        + ": the server does not offer STARTTLS and xmpp.tls is 'required'", e);
            } catch (SmackException.NoResponseException e) {
                c.instantShutdown();
                busy = new Busy(new TransportException("cannot log in as " + jid + " at " + node
                        + ": the server did not answer within " + settings.connectTimeout().toMillis() + " ms", e));
                continue;
            } catch (IOException | XMPPException | SmackException e) {
                c.instantShutdown();
                String hint = hasCause(e, SSLException.class)
                        ? " (TLS failed: is xmpp.trust-cert the server's certificate?)" : "";
                TransportException failed = new TransportException("cannot log in as " + jid + " at "
                        + node + ": " + rootMessage(e) + hint, e);
                if (forLoad(e)) {
                    busy = new Busy(failed);
                    continue;
                }
                throw failed;
            } catch (InterruptedException e) {
                c.instantShutdown();
                Thread.currentThread().interrupt();
                throw new TransportException("interrupted while logging in as " + jid + " at " + node, e);
            }
            c.addConnectionListener(conn);
            if (n == 1) {
                ReconnectionManager rm = ReconnectionManager.getInstanceFor(c);
                rm.setReconnectionPolicy(ReconnectionManager.ReconnectionPolicy.FIXED_DELAY);
                rm.setFixedDelay((int) Math.max(1, settings.reconnectDelay().toSeconds()));
                rm.enableAutomaticReconnection();
            }
            return conn;
        }
        if (busy != null) {
            throw busy;
        }
        throw unreachable;
    }

    /**
     * Waits until the server has taken the session's first presence: a message to the agent's bare address that the
     * server routes before that is stored offline, and one stored in the moment the presence hands the store over
     * waits for the next login (seen: 2 messages in 300 sent just as a new agent's start returned). The server
     * handles a session's stanzas in order, so the answer to a ping sent after the presence means it is taken, and
     * anything sent to the agent once {@code start} returns reaches the session.
     */
    private void awaitPresenceTaken(AgentXmppConnection c)
            throws SmackException.NoResponseException, SmackException.NotConnectedException, InterruptedException {
        try {
            c.sendIqRequestAndWaitForResponse(new org.jivesoftware.smackx.ping.packet.Ping(c.getXMPPServiceDomain()));
        } catch (XMPPException.XMPPErrorException e) {
            // A server without XEP-0199 answers with an error: an answer all the same.
        }
    }

    /**
     * After a drop with several nodes: logs the agent in again at the next node that takes it (its own first, then
     * the others in turn), as long as the connection is not closed; a round of them all is followed by the
     * reconnection delay. The connection's waiting messages then go out there.
     */
    void failOver(XmppConnection conn) {
        int n = settings.nodes().size();
        Thread.ofVirtual().name("failover-" + conn.requested.local()).start(() -> {
            long started = System.nanoTime();
            for (int round = 0; !conn.closed; round++) {
                for (int k = 1; k <= n && !conn.closed; k++) {
                    int at = (conn.node + k) % n;
                    XmppSettings.Node node = settings.nodes().get(at);
                    AgentXmppConnection c = newSmack(conn.requested, conn.password, node);
                    conn.wire(c, at);
                    try {
                        c.connect();
                        c.login();
                    } catch (IOException | XMPPException | SmackException e) {
                        c.instantShutdown();
                        LOG.debug("{}: not back at {} yet: {}", conn.requested, node, rootMessage(e));
                        continue;
                    } catch (InterruptedException e) {
                        c.instantShutdown();
                        return;
                    }
                    synchronized (conn) {
                        if (conn.closed) {
                            c.disconnect();
                            return;
                        }
                        c.addConnectionListener(conn);
                    }
                    LOG.info("{}: connected again at {} after {} ms", conn.requested, node,
                            (System.nanoTime() - started) / 1_000_000);
                    conn.authenticated(c, false);
                    return;
                }
                try {
                    Thread.sleep(settings.reconnectDelay().toMillis());
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
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


}
