package maw.runtime.xmpp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import maw.runtime.BehaviourThreads;
import org.jivesoftware.smack.util.Async;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Smack starts its threads through MAW's own {@code Async} (ahead of Smack's on the class path), which gives them the
 * kind {@code xmpp.threads} names.
 */
class SmackThreadsTest {

    @AfterEach
    void clear() {
        System.clearProperty(SmackThreads.PROPERTY);
    }

    private static Thread ranOn(String name) throws Exception {
        CompletableFuture<Thread> ran = new CompletableFuture<>();
        Thread started = Async.go(() -> ran.complete(Thread.currentThread()), name);
        Thread t = ran.get(5, TimeUnit.SECONDS);
        assertThat(t).isSameAs(started);
        assertThat(t.getName()).isEqualTo(name);
        assertThat(t.isDaemon()).isTrue();
        return t;
    }

    @Test
    void smacksThreadsAreOfTheKindTheSettingNames() throws Exception {
        assertThat(SmackThreads.inEffect()).as("MAW's Async ahead of Smack's on the class path").isTrue();
        System.setProperty(SmackThreads.PROPERTY, "virtual");
        assertThat(ranOn("Smack Reader (test)").isVirtual()).isTrue();
        assertThat(Async.daemonThreadFrom(() -> { }).isVirtual()).isTrue();
        System.setProperty(SmackThreads.PROPERTY, "platform");
        assertThat(ranOn("Smack Writer (test)").isVirtual()).isFalse();
        assertThat(Async.daemonThreadFrom(() -> { }).isDaemon()).isTrue();
        System.setProperty(SmackThreads.PROPERTY, "sideways");
        assertThatThrownBy(() -> Async.go(() -> { })).hasMessageContaining("invalid value 'sideways' for "
                + SmackThreads.PROPERTY);
    }

    @Test
    void autoIsPlatformBeforeJava24AndVirtualAfter() throws Exception {
        System.clearProperty(SmackThreads.PROPERTY);
        boolean virtual = Runtime.version().feature() >= 24;
        assertThat(SmackThreads.kind()).isEqualTo(virtual ? BehaviourThreads.VIRTUAL : BehaviourThreads.PLATFORM);
        assertThat(ranOn("Smack Reader (auto)").isVirtual()).isEqualTo(virtual);
    }
}
