package maw.agents.gamemaster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import maw.agents.WatchCatalog;
import maw.game.RefusalCode;
import maw.runtime.Jid;
import org.junit.jupiter.api.Test;

/** Watchers hold a lease, one account holds a few places, and the token's holder always finds one. */
class WatchersTest {

    private static final WatchCatalog.Watch PUBLIC = new WatchCatalog.Watch(null, WatchCatalog.WatchView.PUBLIC, null);

    @Test
    void aWatcherNotHeardFromForItsLeaseIsGoneAndSentNothing() {
        java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong();
        Watchers w = new Watchers(Duration.ofMillis(300), now::get);
        Jid gone = Jid.parse("viewer@localhost/a");
        Jid pinging = Jid.parse("viewer2@localhost/b");
        assertThat(w.watch(gone, PUBLIC, "g")).isNull();
        assertThat(w.watch(pinging, PUBLIC, "g")).isNull();
        for (int i = 0; i < 4; i++) { // 480 ms go by, the second watcher pinging every 120 ms
            now.addAndGet(Duration.ofMillis(120).toNanos());
            w.seen(pinging);
        }
        List<Jid> told = new ArrayList<>();
        w.tell(true, told::add);
        assertThat(told).containsExactly(pinging);
        assertThat(w.size()).isEqualTo(1);
    }

    @Test
    void oneAccountHoldsAFewPlacesAndTheHostAlwaysFindsOne() {
        Watchers w = new Watchers(Duration.ofMinutes(1), System::nanoTime);
        for (int i = 0; i < 31; i++) { // connect, watch, go: 31 sessions of one account
            assertThat(w.watch(Jid.parse("mallory@localhost/s" + i), PUBLIC, "g")).isNull();
        }
        assertThat(w.size()).isEqualTo(Watchers.PER_ACCOUNT);
        for (int a = 0; w.size() < Watchers.MAX; a++) {
            assertThat(w.watch(Jid.parse("viewer" + a + "@localhost/r"), PUBLIC, "g")).isNull();
        }
        assertThat(w.watch(Jid.parse("late@localhost/r"), PUBLIC, "g").code()).isEqualTo(RefusalCode.TABLE_FULL);
        Jid host = Jid.parse("host@localhost/monitor");
        assertThat(w.watch(host, new WatchCatalog.Watch(null, WatchCatalog.WatchView.GOD, w.token()), "g")).isNull();
        assertThat(w.isGod(host)).isTrue();
        assertThat(w.size()).isEqualTo(Watchers.MAX);
        assertThat(w.watch(Jid.parse("x@localhost/r"), new WatchCatalog.Watch(null, WatchCatalog.WatchView.GOD,
                "a guess"), "g").code()).isEqualTo(RefusalCode.NOT_YOURS);
    }
}
