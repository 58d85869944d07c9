package maw.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import maw.runtime.local.LocalTransport;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;

/** The runtime's promises on the in-JVM transport, plus what is particular to it. */
class LocalTransportTest extends AgentRuntimeContract {

    private static final AtomicInteger RUN = new AtomicInteger();
    private final LocalTransport local = new LocalTransport("localhost");

    @Override
    Transport transport() {
        return local;
    }

    @Override
    Jid[] accounts(String prefix, int n) {
        int run = RUN.incrementAndGet();
        Jid[] jids = new Jid[n];
        for (int i = 0; i < n; i++) {
            jids[i] = Jid.of(prefix + "-" + run + "-" + i, "localhost");
            local.register(jids[i], TestXmpp.password(jids[i]));
        }
        return jids;
    }

    @Test
    void aWrongPasswordIsRefusedNamingTheAgent() {
        Jid j = accounts("auth", 1)[0];
        Agent a = new Agent(j, "not-the-password");
        assertThatThrownBy(() -> a.start(local)).isInstanceOf(TransportException.class)
                .hasMessageContaining(j.toString()).hasMessageContaining("not-authorized");
        assertThat(a.status()).isEqualTo(Agent.Status.STOPPED);
    }

    @Test
    void anAccountDeletedCannotLogInAndKeepsNothing() {
        Jid j = accounts("gone", 1)[0];
        assertThat(local.isRegistered(j)).isTrue();
        local.unregister(j.local());
        assertThat(local.isRegistered(j)).isFalse();
        Agent a = new Agent(j, TestXmpp.password(j));
        assertThatThrownBy(() -> a.start(local)).isInstanceOf(TransportException.class)
                .hasMessageContaining("not-authorized");
    }

    @Test
    void periodicBehaviourRunsOnItsScheduleUntilKilled() throws Exception {
        Jid j = accounts("tick", 1)[0];
        AtomicInteger ticks = new AtomicInteger();
        PeriodicBehaviour p = PeriodicBehaviour.of("tick", Duration.ofMillis(5), self -> {
            if (ticks.incrementAndGet() == 5) {
                self.kill(5);
            }
        });
        Agent a = new Agent(j, TestXmpp.password(j));
        a.addBehaviour(p);
        agents.start(a);
        assertThat(p.join(WAIT)).isTrue();
        assertThat(ticks.get()).isEqualTo(5);
        assertThat(p.exitCode()).isEqualTo(5);
    }

    @Test
    void timeoutBehaviourRunsOnceAtItsInstantAndKillCancelsIt() throws Exception {
        Jid j = accounts("timeout", 1)[0];
        AtomicInteger ran = new AtomicInteger();
        long t0 = System.nanoTime();
        long[] ranAt = new long[1];
        TimeoutBehaviour soon = TimeoutBehaviour.of("soon", Duration.ofMillis(50), self -> {
            ranAt[0] = System.nanoTime();
            ran.incrementAndGet();
        });
        TimeoutBehaviour never = TimeoutBehaviour.of("never", Duration.ofHours(1), self -> ran.addAndGet(100));
        Agent a = new Agent(j, TestXmpp.password(j));
        a.addBehaviour(soon);
        a.addBehaviour(never);
        agents.start(a);
        assertThat(soon.join(WAIT)).isTrue();
        never.kill();
        assertThat(never.join(WAIT)).isTrue();
        assertThat(ran.get()).isEqualTo(1);
        assertThat(Duration.ofNanos(ranAt[0] - t0)).isGreaterThanOrEqualTo(Duration.ofMillis(50));
    }

    @Test
    void aBehaviourThatThrowsEndsAloneAndItsFailureIsKept() throws Exception {
        Jid j = accounts("boom", 1)[0];
        OneShotBehaviour boom = OneShotBehaviour.of("boom", self -> {
            throw new IllegalStateException("boom");
        });
        Agent a = new Agent(j, TestXmpp.password(j));
        a.addBehaviour(boom);
        agents.start(a);
        assertThat(boom.join(WAIT)).isTrue();
        assertThat(boom.failure()).get().extracting(Throwable::getMessage).isEqualTo("boom");
        assertThat(a.isActive()).isTrue();
    }
}
