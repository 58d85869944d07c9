package maw.runtime.xmpp;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Objects;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Transport;
import org.jivesoftware.smack.ConnectionListener;
import org.jivesoftware.smack.ReconnectionManager;
import org.jivesoftware.smack.SmackException;
import org.jivesoftware.smack.XMPPConnection;
import org.jivesoftware.smack.packet.Presence;
import org.jivesoftware.smack.packet.Stanza;
import org.jivesoftware.smack.packet.StanzaBuilder;
import org.jivesoftware.smack.sm.StreamManagementException;

/**
 * One agent's connection of the XMPP transport: a Smack connection (replaced by a new one at another node when its node
 * goes down), the messages waiting while it is down, the window of unacknowledged stanzas, and duplicate drops.
 */
final class XmppConnection implements Transport.Connection, ConnectionListener {

    /** Unacknowledged stanzas at which a sender asks the server for an acknowledgement, and at which it waits. */
    static final int ASK_ACK_AT = 100;
    static final int MAX_IN_FLIGHT = 250;
    private static final Duration WINDOW_WAIT = Duration.ofSeconds(5);
    private final XmppTransport transport;
    private volatile AgentXmppConnection smack;
    /** The node {@code smack} connects to, of the transport's. */
    volatile int node;
    final Jid requested;
    final String password;
    private final Transport.Inbound inbound;
    private final ArrayDeque<Stanza> pending = new ArrayDeque<>();
    private final RecentIds seen = new RecentIds(XmppTransport.RECENT_IDS);
    volatile boolean closed;
    private volatile boolean lost;
    /** Stanzas sent and not yet acknowledged by the server (stream management), and whether we asked. */
    private final Object flow = new Object();
    private int inFlight;
    private boolean ackAsked;

    XmppConnection(XmppTransport transport, Jid requested, String password, Transport.Inbound inbound) {
        this.transport = transport;
        this.requested = requested;
        this.password = password;
        this.inbound = inbound;
    }

    /** Takes {@code c} (at node {@code at}) as the agent's connection from now on: its messages come here. */
    void wire(AgentXmppConnection c, int at) {
        c.onMessage(this::onStanza);
        c.addStanzaAcknowledgedListener(stanza -> acknowledged());
        AgentXmppConnection old = smack;
        smack = c;
        node = at;
        if (old != null && old != c) {
            old.removeConnectionListener(this);
        }
    }

    void onStanza(org.jivesoftware.smack.packet.Message s) {
        long arrived = System.nanoTime();
        if (s.getType() == org.jivesoftware.smack.packet.Message.Type.error) {
            XmppTransport.LOG.debug("{}: error stanza from {}: {}", requested, s.getFrom(), s.getError());
            return;
        }
        // Delivery is at least once: when a session ends before the client acknowledged a stanza (stream
        // management), ejabberd routes it again, to offline storage if need be, and it arrives a second time
        // after the next login. The copy keeps the stanza id its sender gave it.
        if (s.getStanzaId() != null && s.getFrom() != null
                && !seen.add(s.getFrom().asBareJid() + "/" + s.getStanzaId())) {
            XmppTransport.LOG.debug("{}: dropped a second copy of {} from {}", requested, s.getStanzaId(), s.getFrom());
            return;
        }
        Message m = SpadeWire.fromStanza(s);
        if (XmppTransport.LOG.isTraceEnabled()) {
            XmppTransport.LOG.trace("{} <- {}", requested, m);
        }
        if (m != null) {
            m.arrived(arrived);
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
        put(SpadeWire.toStanza(message), message);
    }

    /**
     * One message to all of {@code to}: a single stanza to the server's multicast service (XEP-0033, the receivers
     * as blind copies) where the server has one, else one to each.
     */
    @Override
    public int send(Message message, java.util.List<Jid> to) {
        org.jxmpp.jid.DomainBareJid service = to.size() < 2 ? null : transport.multicastService(smack);
        if (service == null || to.size() > XmppTransport.MULTICAST_LIMIT) {
            return Transport.Connection.super.send(message, to);
        }
        if (closed) {
            throw new IllegalStateException(requested + " has closed its connection; cannot send " + message);
        }
        var stanza = SpadeWire.toStanza(message.toBuilder().to(Jid.parse(service.toString())).build());
        var addresses = new org.jivesoftware.smackx.address.packet.MultipleAddresses();
        for (Jid j : to) {
            try {
                addresses.addAddress(org.jivesoftware.smackx.address.packet.MultipleAddresses.Type.bcc,
                        org.jxmpp.jid.impl.JidCreate.from(j.toString()), null, null, false, null);
            } catch (org.jxmpp.stringprep.XmppStringprepException e) {
                throw new IllegalArgumentException("not a valid XMPP address: " + j, e);
            }
        }
        stanza.addExtension(addresses);
        put(stanza, message);
        return 1;
    }

    /** Sends {@code stanza} now, or keeps it for when the connection is back. */
    private void put(Stanza stanza, Message message) {
        synchronized (pending) {
            if (pending.isEmpty() && smack.isAuthenticated()) {
                try {
                    awaitWindow();
                    smack.sendStanza(stanza);
                    if (XmppTransport.LOG.isTraceEnabled()) {
                        XmppTransport.LOG.trace("{} -> {}", requested, message);
                    }
                    return;
                } catch (SmackException.NotConnectedException e) {
                    // fall through: keep it for when the connection is back
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (pending.size() >= XmppTransport.PENDING_LIMIT) {
                throw new IllegalStateException(requested + ": " + XmppTransport.PENDING_LIMIT
                        + " messages are waiting for the connection to come back; refusing more");
            }
            pending.addLast(stanza);
            XmppTransport.LOG.debug("{}: connection down; {} message(s) wait to be sent", requested, pending.size());
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
                XmppTransport.LOG.debug("{}: connection back; sending {} waiting message(s)", requested, pending.size());
            }
            while (!pending.isEmpty() && smack.isAuthenticated()) {
                try {
                    awaitWindow();
                    smack.sendStanza(pending.peekFirst());
                    pending.pollFirst();
                } catch (SmackException.NotConnectedException e) {
                    XmppTransport.LOG.debug("{}: connection dropped again while sending waiting messages", requested, e);
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
            Thread.sleep(XmppTransport.REANNOUNCE_AFTER.toMillis());
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
    public maw.runtime.GroupChat groupChat(String title, maw.runtime.GroupChat.Said said) {
        return new XmppGroupChat(smack, title, requested, said, transport.nicknames());
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
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
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
            if (transport.settings.nodes().size() > 1) {
                transport.failOver(this);
            }
        }
    }
}
