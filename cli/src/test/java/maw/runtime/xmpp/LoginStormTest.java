package maw.runtime.xmpp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.game.maw.GameOptions;
import maw.runtime.Jid;
import maw.runtime.Transport;
import maw.runtime.TransportException;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;

/**
 * Logins under load: one that fails for the server's load (a connection closed under it, a timeout) is tried again
 * with backoff until it succeeds; one that cannot succeed (a wrong password) stops at once; and many tables started at
 * the same instant, with a short login timeout, all log in and play to the end.
 */
class LoginStormTest {

    private final TestXmpp xmpp = TestXmpp.get();

    /** In front of the test ejabberd: closes the first {@code refused} connections at once, then relays. */
    private static final class Front implements AutoCloseable {
        final ServerSocket server;
        final AtomicInteger accepted = new AtomicInteger();

        Front(int target, int refused) throws IOException {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread.ofVirtual().start(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket in = server.accept();
                        if (accepted.incrementAndGet() <= refused) {
                            in.close(); // a server too busy: the stream ends under the login
                            continue;
                        }
                        Socket out = new Socket(InetAddress.getLoopbackAddress(), target);
                        pump(in, out);
                        pump(out, in);
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        private static void pump(Socket from, Socket to) {
            Thread.ofVirtual().start(() -> {
                try (InputStream i = from.getInputStream(); OutputStream o = to.getOutputStream()) {
                    i.transferTo(o);
                } catch (IOException e) {
                    // either side gone
                } finally {
                    try {
                        from.close();
                        to.close();
                    } catch (IOException e) {
                        // closed
                    }
                }
            });
        }

        int port() {
            return server.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    private XmppTransport through(int port, Duration timeout) {
        XmppSettings s = xmpp.settings();
        return new XmppTransport(new XmppSettings(s.host(), port, s.domain(), s.tls(), s.trustCert(), timeout,
                s.reconnectDelay()));
    }

    @Test
    void aLoginThatFailsForTheServersLoadIsTriedAgainUntilItSucceeds() throws Exception {
        Jid who = xmpp.account("storm-retry");
        try (Front front = new Front(xmpp.settings().port(), 3)) {
            XmppTransport t = through(front.port(), Duration.ofSeconds(5)).logins(8, Duration.ofSeconds(30));
            Transport.Connection c = t.open(who, TestXmpp.password(who), (via, m) -> { });
            try {
                assertThat(t.loginRetries()).isEqualTo(3);
                assertThat(front.accepted.get()).isEqualTo(4);
            } finally {
                c.close();
            }
        }
    }

    @Test
    void aLoginThatCannotSucceedStopsAtOnceWithItsReason() {
        Jid who = xmpp.account("storm-wrong");
        XmppTransport t = through(xmpp.settings().port(), Duration.ofSeconds(5)).logins(8, Duration.ofSeconds(30));
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> t.open(who, "not the password", (via, m) -> { }))
                .isInstanceOf(TransportException.class).hasMessageContaining("wrong password or no such account");
        assertThat(t.loginRetries()).isZero();
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aServerThatStaysBusyIsGivenUpOnAfterThePatienceSaying() throws Exception {
        Jid who = xmpp.account("storm-busy");
        try (Front front = new Front(xmpp.settings().port(), Integer.MAX_VALUE)) {
            XmppTransport t = through(front.port(), Duration.ofSeconds(2)).logins(8, Duration.ofSeconds(2));
            assertThatThrownBy(() -> t.open(who, TestXmpp.password(who), (via, m) -> { }))
                    .isInstanceOf(TransportException.class).hasMessageContaining("xmpp.login-patience");
            assertThat(t.loginRetries()).isPositive();
        }
    }

    @Test
    void fiftyTablesStartedAtTheSameInstantWithAShortLoginTimeoutAllFinish() throws Exception {
        // Many logins at once, each with half a second to answer: the transport lets 8 at a time through, and any
        // that times out is tried again.
        XmppTransport t = through(xmpp.settings().port(), Duration.ofMillis(500)).logins(8, Duration.ofMinutes(3));
        List<GameTable> tables = new ArrayList<>();
        java.util.Map<String, String> accounts = new java.util.LinkedHashMap<>();
        GameOptions options = GameOptions.defaults().withTimers(Duration.ofSeconds(20), Duration.ofSeconds(10))
                .withEndWhenAllVoted(true);
        for (int g = 0; g < 50; g++) {
            GameTable table = new GameTable(MawTables.bots("storm" + g + "-", 4, 1, g, options, null),
                    xmpp.domain());
            tables.add(table);
            accounts.putAll(table.accounts());
        }
        xmpp.server().register(accounts);
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<GameTable.Result>> games = new ArrayList<>();
        for (GameTable table : tables) {
            CompletableFuture<GameTable.Result> f = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    go.await();
                    f.complete(table.play(t, null, null, Duration.ofMinutes(4)));
                } catch (Throwable e) {
                    f.completeExceptionally(e);
                }
            });
            games.add(f);
        }
        go.countDown();
        int finished = 0;
        for (CompletableFuture<GameTable.Result> f : games) {
            assertThat(f.get(5, TimeUnit.MINUTES).rounds()).hasSize(1);
            finished++;
        }
        assertThat(finished).isEqualTo(50);
        System.out.printf("50 tables: %d logins tried again%n", t.loginRetries());
    }
}
