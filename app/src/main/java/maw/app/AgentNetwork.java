package maw.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import maw.agents.table.Network;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.config.Setting.ServerKind;
import maw.config.Setting.TlsKind;
import maw.config.Setting.TransportKind;
import maw.config.Setting;
import maw.runtime.Jid;
import maw.runtime.Transport;
import maw.runtime.local.LocalTransport;
import maw.runtime.xmpp.EjabberdApi;
import maw.runtime.xmpp.PrivateEjabberd;
import maw.runtime.xmpp.XmppSettings;
import maw.runtime.xmpp.XmppTransport;

/**
 * What the agents of one command run on, as the settings say: the in-JVM transport, the private ejabberd (started or
 * reused, accounts created in bulk), or an external XMPP server whose accounts already exist.
 */
public final class AgentNetwork implements AutoCloseable, Network {

    private final Transport transport;
    private final PrivateEjabberd server;
    private final EjabberdApi api;
    /** Whether opening this network started the private server (it was not running). */
    private boolean started;

    private AgentNetwork(Transport transport, PrivateEjabberd server) {
        this(transport, server, null);
    }

    private AgentNetwork(Transport transport, PrivateEjabberd server, EjabberdApi api) {
        this.transport = transport;
        this.server = server;
        this.api = api;
    }

    /** Prepares the transport; for the private server this starts it if needed. */
    public static AgentNetwork open(MawConfig config, Consumer<String> progress) {
        TransportKind kind = config.choice(Setting.TRANSPORT, TransportKind.class);
        if (kind == TransportKind.LOCAL) {
            return new AgentNetwork(new LocalTransport(config.string(Setting.XMPP_DOMAIN)), null);
        }
        if (config.choice(Setting.XMPP_SERVER, ServerKind.class) != ServerKind.EXTERNAL) {
            PrivateEjabberd server = privateServer(config, progress);
            boolean started;
            try {
                started = server.start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            XmppSettings s = server.clientSettings();
            Path trust = config.path(Setting.XMPP_TRUST_CERT);
            XmppSettings settings = new XmppSettings(s.nodes(), s.domain(), tls(config),
                    trust != null ? trust : s.trustCert(), config.seconds(Setting.XMPP_CONNECT_TIMEOUT, 0.1, 600),
                    s.reconnectDelay());
            EjabberdApi api;
            try {
                api = server.api();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            AgentNetwork network = new AgentNetwork(logins(new XmppTransport(settings).nicknames(api), config), server);
            network.started = started;
            return network;
        }
        XmppSettings settings = new XmppSettings(XmppSettings.parseNodes(config.string(Setting.XMPP_HOST),
                config.port(Setting.XMPP_PORT)), config.string(Setting.XMPP_DOMAIN), tls(config),
                config.path(Setting.XMPP_TRUST_CERT),
                config.seconds(Setting.XMPP_CONNECT_TIMEOUT, 0.1, 600), null);
        String provisioning = config.url(Setting.XMPP_PROVISION_URL);
        if (provisioning.isEmpty()) {
            return new AgentNetwork(logins(new XmppTransport(settings), config), null, null);
        }
        Path secretFile = config.path(Setting.XMPP_PROVISION_SECRET);
        String secret;
        try {
            secret = EjabberdApi.readSecret(secretFile);
        } catch (IOException e) {
            throw new ConfigException(Setting.XMPP_PROVISION_SECRET.key() + ": cannot read " + secretFile
                    + " (" + e.getMessage() + ")");
        }
        EjabberdApi api = new EjabberdApi(provisioning, settings.domain(), secret);
        return new AgentNetwork(logins(new XmppTransport(settings).nicknames(api), config), null, api);
    }

    /** The transport's logins as the settings say: how many at once, and how long to keep trying. */
    private static XmppTransport logins(XmppTransport t, MawConfig config) {
        return t.logins(config.integer(Setting.XMPP_LOGIN_CONCURRENCY, 1, 1000),
                config.seconds(Setting.XMPP_LOGIN_PATIENCE, 0, 3600));
    }

    /** The private instance (or cluster, with xmpp.server cluster) the settings describe, whether or not it runs. */
    public static PrivateEjabberd privateServer(MawConfig config, Consumer<String> progress) {
        if (config.choice(Setting.XMPP_SERVER, ServerKind.class) == ServerKind.CLUSTER) {
            return PrivateEjabberd.cluster(config.home().resolve("xmpp-config").resolve("maw-xmpp"),
                    config.path(Setting.XMPP_CLUSTER_HOME), config.port(Setting.XMPP_PORT),
                    config.port(Setting.XMPP_HTTP_PORT), config.port(Setting.XMPP_DIST_PORT),
                    config.string(Setting.XMPP_DOMAIN), config.integer(Setting.XMPP_CLUSTER_NODES, 1, 16),
                    config.string(Setting.XMPP_CLUSTER_FIRST_ADDRESS).strip(), progress);
        }
        return new PrivateEjabberd(config.home().resolve("xmpp-config").resolve("maw-xmpp"),
                config.path(Setting.XMPP_HOME), config.port(Setting.XMPP_PORT), config.port(Setting.XMPP_HTTP_PORT),
                config.port(Setting.XMPP_DIST_PORT), config.string(Setting.XMPP_DOMAIN), progress);
    }

    private static XmppSettings.Tls tls(MawConfig config) {
        return switch (config.choice(Setting.XMPP_TLS, TlsKind.class)) {
            case REQUIRED -> XmppSettings.Tls.REQUIRED;
            case OPTIONAL -> XmppSettings.Tls.OPTIONAL;
            case DISABLED -> XmppSettings.Tls.DISABLED;
        };
    }

    @Override
    public Transport transport() {
        return transport;
    }

    /** The CPU time the private server has used so far; empty for another server, or where it cannot be read. */
    public java.util.Optional<java.time.Duration> serverCpuTime() {
        return server == null ? java.util.Optional.empty() : server.cpuTime();
    }

    /** A table's accounts, made as {@link #provision} makes them. */
    @Override
    public void accounts(Map<String, String> accounts) {
        provision(accounts);
    }

    /**
     * This network for a table whose accounts must be unused ({@link #provisionUnused}, {@code whose} naming what runs
     * there already in the error).
     */
    public Network unused(String whose) {
        AgentNetwork self = this;
        return new Network() {
            @Override
            public Transport transport() {
                return self.transport();
            }

            @Override
            public void accounts(Map<String, String> accounts) {
                provisionUnused(accounts, whose);
            }
        };
    }

    /** Creates accounts (or resets their passwords) where this network can; an external server must have them. */
    public void provision(Map<String, String> accounts) {
        if (transport instanceof LocalTransport local) {
            accounts.forEach(local::register);
        } else if (server != null) {
            try {
                server.register(accounts);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } else if (api != null) {
            try {
                api.register(accounts);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * Like {@link #provision}, but first makes sure no program runs as any of these accounts: provisioning resets
     * passwords, and two programs on one account would share its messages. {@code whose} says in an error what
     * already runs ("a GameMaster named gm", say). A session that is just closing gets a few seconds to go.
     */
    public void provisionUnused(Map<String, String> accounts, String whose) {
        Set<String> busy = Set.of();
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        do {
            busy = online(accounts.keySet());
            if (busy.isEmpty()) {
                break;
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        } while (System.nanoTime() < deadline);
        if (!busy.isEmpty()) {
            throw new ConfigException(whose + " already runs on " + describe() + ": "
                    + busy.stream().map(a -> a + "@" + transport.domain()).collect(
                            Collectors.joining(", "))
                    + (busy.size() == 1 ? " is" : " are") + " logged in. Stop it first, or choose another name.");
        }
        provision(accounts);
    }

    /** Which of these accounts have a session logged in now, where this network can tell (else none). */
    public Set<String> online(Collection<String> accounts) {
        try {
            if (transport instanceof LocalTransport local) {
                return accounts.stream().filter(a -> local.isOnline(Jid.of(a, local.domain())))
                        .collect(Collectors.toCollection(TreeSet::new));
            } else if (server != null) {
                return server.api().online(accounts);
            } else if (api != null) {
                return api.online(accounts);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Set.of();
    }

    /** Whether agents of other processes and hosts reach this network's agents (XMPP does; the in-JVM transport not). */
    public boolean crossesProcesses() {
        return transport instanceof XmppTransport;
    }

    /**
     * Whether {@link #provision} creates accounts (the private server, the in-JVM transport, and an external server
     * with {@code xmpp.provision-url} do).
     */
    public boolean canProvision() {
        return server != null || api != null || transport instanceof LocalTransport;
    }

    /** A one-line description for progress output. */
    public String describe() {
        if (transport instanceof XmppTransport x) {
            return "xmpp " + x.settings().endpoint() + " (" + (server != null ? server.isCluster()
                    ? "private ejabberd cluster of " + server.addresses().size() + " nodes" : "private ejabberd"
                    : api != null ? "external server, accounts created through its API" : "external server")
                    + ", domain " + x.settings().domain() + ", tls " + x.settings().tls().name().toLowerCase() + ")";
        }
        return "local (in-JVM)";
    }

    /**
     * For a command whose agents all run in this process ({@code maw game}): on {@link #close}, stops the private
     * server if opening this network started it, and says so to {@code say}; one that ran before keeps running (other
     * commands may be using it).
     */
    public AgentNetwork stopServerOnClose(Consumer<String> say) {
        this.stopSay = say;
        return this;
    }

    private Consumer<String> stopSay;

    @Override
    public void close() {
        transport.close();
        if (stopSay != null && server != null && started) {
            started = false;
            try {
                server.stop();
                stopSay.accept("maw: stopped the private ejabberd this command started (./maw xmpp start keeps one "
                        + "running between commands)");
            } catch (IOException e) {
                stopSay.accept("maw: could not stop the private ejabberd this command started: " + e.getMessage()
                        + " (./maw xmpp stop)");
            }
        }
    }
}
