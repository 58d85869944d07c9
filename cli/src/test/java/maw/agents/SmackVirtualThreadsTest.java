package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import maw.runtime.xmpp.SmackThreads;
import org.junit.jupiter.api.Test;

/**
 * A game over the real ejabberd whose connections' readers and writers are all virtual threads ({@code xmpp.threads:
 * virtual}, what a process holding thousands of connections gets): it plays to its end, and none of its connections
 * started a platform thread.
 */
class SmackVirtualThreadsTest {

    private static long smackPlatformThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("Smack Reader")
                || t.getName().startsWith("Smack Writer")).count();
    }

    @Test
    void aGamePlaysOverConnectionsOnVirtualThreads() throws Exception {
        long before = smackPlatformThreads();
        System.setProperty(SmackThreads.PROPERTY, "virtual");
        try (BotTable t = new BotTable("vthreads", "g-vthreads", List.of("Ann", "Bob", "Cid", "Dan"), List.of())
                .start()) {
            t.seatBots();
            // 11 agents connected: on platform threads that would be 22 more readers and writers.
            assertThat(smackPlatformThreads()).isLessThanOrEqualTo(before);
            assertThat(t.master.finished().get(2, TimeUnit.MINUTES)).hasSize(1);
            assertThat(smackPlatformThreads()).isLessThanOrEqualTo(before);
        } finally {
            System.clearProperty(SmackThreads.PROPERTY);
        }
    }
}
