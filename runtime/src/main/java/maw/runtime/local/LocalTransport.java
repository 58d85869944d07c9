package maw.runtime.local;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Transport;
import maw.runtime.TransportException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The in-JVM transport: a small XMPP server without the network. It keeps accounts and checks passwords, stamps the
 * sender on every message, and, like ejabberd's mod_offline, stores messages for a known agent that is offline and
 * hands them over when it logs in. Delivery happens in the sender's thread, in order, which makes runs on this
 * transport repeatable.
 */
public final class LocalTransport implements Transport {

    private static final Logger LOG = LoggerFactory.getLogger(LocalTransport.class);

    /** As ejabberd's default {@code max_user_offline_messages} for ordinary users. */
    public static final int OFFLINE_LIMIT = 5000;

    private final String domain;
    private final Map<Jid, String> accounts = new ConcurrentHashMap<>();
    private final Map<Jid, LocalConnection> online = new ConcurrentHashMap<>();
    private final Map<Jid, ArrayDeque<Message>> offline = new ConcurrentHashMap<>();
    private final AtomicLong resources = new AtomicLong();
    private final AtomicLong routed = new AtomicLong();

    public LocalTransport(String domain) {
        this.domain = Objects.requireNonNull(domain, "domain");
    }

    public LocalTransport() {
        this("localhost");
    }

    @Override
    public String name() {
        return "local";
    }

    @Override
    public String domain() {
        return domain;
    }

    @Override
    public boolean inProcess() {
        return true;
    }

    /** Creates or updates an account (what provisioning does on ejabberd). */
    public LocalTransport register(Jid jid, String password) {
        accounts.put(jid.bare(), Objects.requireNonNull(password, "password"));
        return this;
    }

    public LocalTransport register(String local, String password) {
        return register(Jid.of(local, domain), password);
    }

    /**
     * Deletes an account and what is kept for it (what deleting a user does on ejabberd): a server that plays game
     * after game under new names gives each game's accounts back when it is over.
     */
    public LocalTransport unregister(String local) {
        Jid jid = Jid.of(local, domain);
        accounts.remove(jid);
        offline.remove(jid);
        return this;
    }

    public boolean isRegistered(Jid jid) {
        return accounts.containsKey(jid.bare());
    }

    /** Messages routed so far (for benchmarks). */
    public long routedCount() {
        return routed.get();
    }

    @Override
    public Connection open(Jid jid, String password, Inbound inbound) throws TransportException {
        Jid bare = jid.bare();
        String expected = accounts.get(bare);
        if (expected == null || !expected.equals(password)) {
            throw new TransportException("cannot log in as " + bare + " on the local transport: not-authorized "
                    + "(wrong password or no such account)");
        }
        LocalConnection c = new LocalConnection(jid.resource() != null ? jid
                : bare.withResource("local-" + resources.incrementAndGet()), inbound);
        LocalConnection previous = online.put(bare, c);
        if (previous != null) {
            previous.connected = false; // as ejabberd does on a resource conflict: the newer session wins
        }
        ArrayDeque<Message> stored = offline.remove(bare);
        if (stored != null) {
            synchronized (stored) {
                for (Message m : stored) {
                    inbound.message(c, m);
                }
            }
        }
        return c;
    }

    /** Whether a session of the account is logged in now. */
    public boolean isOnline(Jid account) {
        LocalConnection c = online.get(account.bare());
        return c != null && c.connected;
    }

    private void route(Message m) {
        routed.incrementAndGet();
        Jid target = m.to().bare();
        LocalConnection c = online.get(target);
        if (c != null && c.connected) {
            c.inbound.message(c, m);
            return;
        }
        if (!accounts.containsKey(target)) {
            LOG.debug("local: no such agent {}; dropped {}", target, m);
            return;
        }
        ArrayDeque<Message> box = offline.computeIfAbsent(target, k -> new ArrayDeque<>());
        synchronized (box) {
            if (box.size() >= OFFLINE_LIMIT) {
                LOG.warn("local: offline storage for {} is full; dropped {}", target, m);
                return;
            }
            // Like ejabberd's mod_offline: the stored copy says when it was stored (XEP-0203).
            box.addLast(m.toBuilder().storedAt(Instant.now()).build());
        }
    }

    /** Agents currently logged in. */
    public List<Jid> onlineAgents() {
        List<Jid> out = new ArrayList<>();
        online.forEach((k, v) -> {
            if (v.connected) {
                out.add(k);
            }
        });
        return out;
    }

    private final class LocalConnection implements Connection {
        private final Jid full;
        private final Inbound inbound;
        private volatile boolean connected = true;

        LocalConnection(Jid full, Inbound inbound) {
            this.full = full;
            this.inbound = inbound;
        }

        @Override
        public Jid jid() {
            return full;
        }

        @Override
        public void send(Message message) {
            if (!connected) {
                throw new IllegalStateException(full + " is logged out of the local transport");
            }
            Objects.requireNonNull(message.to(), "message has no receiver");
            route(message.toBuilder().sender(full).build());
        }

        /** The in-JVM transport fans a message out itself, as ejabberd's multicast service does: one message sent. */
        @Override
        public int send(Message message, java.util.List<Jid> to) {
            for (Jid j : to) {
                send(message.toBuilder().to(j).build());
            }
            return to.isEmpty() ? 0 : 1;
        }

        @Override
        public boolean isConnected() {
            return connected;
        }

        @Override
        public int pending() {
            return 0;
        }

        @Override
        public void close() {
            connected = false;
            online.remove(full.bare(), this);
        }
    }
}
