package maw.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import maw.runtime.local.LocalTransport;
import org.junit.jupiter.api.Test;

/**
 * {@code auto}: virtual threads on Java 24 or later and within a process; before Java 24 over the network, platform
 * threads for a process's first behaviours, virtual ones past the limit, platform again after.
 */
class BehaviourThreadsTest {

    @Test
    void autoRunsBehavioursOnPlatformThreadsUpToTheLimitThenOnVirtualOnes() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Runnable hold = () -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        List<Thread> started = new ArrayList<>();
        try {
            int platform = 0;
            Thread t;
            while (!(t = BehaviourThreads.AUTO.unstarted("b" + started.size(), hold)).isVirtual()) {
                t.start();
                started.add(t);
                platform++;
                assertThat(platform).isLessThanOrEqualTo(BehaviourThreads.AUTO_PLATFORM_LIMIT);
            }
            assertThat(BehaviourThreads.autoPlatformLive()).isEqualTo(BehaviourThreads.AUTO_PLATFORM_LIMIT);
            assertThat(t.getName()).isEqualTo("b" + started.size());
            // One more, also virtual, while the platform ones live.
            assertThat(BehaviourThreads.AUTO.unstarted("more", hold).isVirtual()).isTrue();
        } finally {
            release.countDown();
            for (Thread s : started) {
                s.join();
            }
        }
        // Behaviours that ended give their platform threads back.
        assertThat(BehaviourThreads.autoPlatformLive()).isLessThan(BehaviourThreads.AUTO_PLATFORM_LIMIT);
        Thread after = BehaviourThreads.AUTO.unstarted("after", () -> { });
        assertThat(after.isVirtual()).isFalse();
        after.start();
        after.join();
        assertThat(BehaviourThreads.PLATFORM.unstarted("p", () -> { }).isVirtual()).isFalse();
        assertThat(BehaviourThreads.VIRTUAL.unstarted("v", () -> { }).isVirtual()).isTrue();
    }

    @Test
    void autoRunsTheBehavioursOfAgentsOnAnInProcessTransportOnVirtualThreads() throws Exception {
        LocalTransport local = new LocalTransport();
        local.register("a", "pw");
        CountDownLatch ran = new CountDownLatch(1);
        boolean[] virtual = new boolean[1];
        Agent a = new Agent("a@localhost", "pw") {
            @Override
            protected void setup() {
                addBehaviour(OneShotBehaviour.of("check", self -> {
                    virtual[0] = Thread.currentThread().isVirtual();
                    ran.countDown();
                }));
            }
        };
        a.start(local);
        try {
            assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(virtual[0]).isEqualTo(BehaviourThreads.defaultKind() != BehaviourThreads.PLATFORM);
        } finally {
            a.stop();
        }
        assertThat(BehaviourThreads.AUTO.on(local)).isEqualTo(BehaviourThreads.VIRTUAL);
        assertThat(BehaviourThreads.PLATFORM.on(local)).isEqualTo(BehaviourThreads.PLATFORM);
    }

    @Test
    void autoOverTheNetworkIsVirtualOnJava24AndLaterAndCountsPlatformThreadsBefore() {
        Transport network = new Transport() {
            @Override
            public String name() {
                return "xmpp";
            }

            @Override
            public String domain() {
                return "localhost";
            }

            @Override
            public Connection open(Jid jid, String password, Inbound inbound) {
                throw new UnsupportedOperationException();
            }
        };
        assertThat(BehaviourThreads.AUTO.on(network)).isEqualTo(Runtime.version().feature() >= 24
                ? BehaviourThreads.VIRTUAL : BehaviourThreads.AUTO);
        assertThat(BehaviourThreads.PLATFORM.on(network)).isEqualTo(BehaviourThreads.PLATFORM);
        assertThat(BehaviourThreads.VIRTUAL.on(network)).isEqualTo(BehaviourThreads.VIRTUAL);
    }
}
