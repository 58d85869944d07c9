package maw.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import maw.runtime.Jid;
import maw.runtime.xmpp.PrivateEjabberd;
import maw.runtime.xmpp.XmppSettings;
import maw.runtime.xmpp.XmppTransport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real ejabberd the tests run against: one private instance per test JVM, started by the project's own script
 * (which installs the Debian package when it is missing) on free loopback ports under cli/target, and stopped
 * when the JVM exits.
 */
public final class TestXmpp {

    private static final Logger LOG = LoggerFactory.getLogger(TestXmpp.class);
    private static final AtomicInteger NAMES = new AtomicInteger();
    /** Distinguishes this JVM's accounts from any earlier run's. */
    private static final String RUN = Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);
    private static TestXmpp instance;

    private final PrivateEjabberd server;
    private final XmppTransport transport;

    private TestXmpp(PrivateEjabberd server) {
        this.server = server;
        XmppTransport t = new XmppTransport(server.clientSettings());
        try {
            t.nicknames(server.api());
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the test ejabberd's provisioner secret", e);
        }
        this.transport = t;
    }

    /** The shared instance, started on first use. */
    public static synchronized TestXmpp get() {
        if (instance == null) {
            Path home = home();
            Path instanceDir = home.resolve("cli/target/xmpp-test");
            PrivateEjabberd server = new PrivateEjabberd(home.resolve("xmpp-config/maw-xmpp"), instanceDir,
                    freePort(), freePort(), freePort(), "localhost", line -> LOG.info("{}", line));
            try {
                // A fresh database per test run: accounts and stored messages from an earlier run must not leak in.
                server.stop();
                deleteRecursively(instanceDir.resolve("spool"));
                server.start();
            } catch (IOException e) {
                throw new UncheckedIOException("could not start the test ejabberd", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    server.stop();
                } catch (IOException e) {
                    LOG.warn("could not stop the test ejabberd", e);
                }
            }, "stop-test-ejabberd"));
            instance = new TestXmpp(server);
        }
        return instance;
    }

    /** The checkout root (surefire passes it; the working directory is the module's otherwise). */
    public static Path home() {
        String h = System.getProperty("maw.home");
        Path p = h != null ? Path.of(h) : Path.of("").toAbsolutePath().getParent();
        return p.toAbsolutePath().normalize();
    }

    /**
     * The {@code --set} options that point a {@code maw} command at this instance, and its games (and a worker's) under
     * the build directory, not in the checkout's {@code var/} (a later {@code --set games.dir} wins).
     */
    public java.util.List<String> cliSettings() {
        return java.util.List.of("--set", "xmpp.home=" + server.home(), "--set", "xmpp.port=" + server.port(),
                "--set", "xmpp.http-port=" + server.httpPort(), "--set", "xmpp.dist-port=" + server.distPort(),
                "--set", "xmpp.domain=" + server.domain(),
                "--set", "games.dir=" + home().resolve("cli/target/test-var/games"));
    }

    public XmppTransport transport() {
        return transport;
    }

    public XmppSettings settings() {
        return transport.settings();
    }

    public PrivateEjabberd server() {
        return server;
    }

    public String domain() {
        return server.domain();
    }

    /** Fresh accounts named after {@code prefix}, created in one bulk call; password "pw-" + name. */
    public Jid[] accounts(String prefix, int n) {
        Map<String, String> accounts = new LinkedHashMap<>();
        Jid[] jids = new Jid[n];
        int run = NAMES.incrementAndGet();
        for (int i = 0; i < n; i++) {
            String name = (prefix + "-" + RUN + "-" + run + "-" + i).toLowerCase();
            accounts.put(name, password(name));
            jids[i] = Jid.of(name, domain());
        }
        try {
            server.register(accounts);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return jids;
    }

    public Jid account(String prefix) {
        return accounts(prefix, 1)[0];
    }

    public static String password(String name) {
        return "pw-" + name;
    }

    public static String password(Jid jid) {
        return password(jid.local());
    }

    /** Stops and starts the server (same ports, same accounts), as an operator's restart would. */
    public void restart() {
        try {
            server.stop();
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** A TCP port nobody listens on right now. */
    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
