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

    /** JADE Introspector's Break, Step, Slow and Go on an agent's behaviours: held at each message in and out. */
    @Test
    void aBreakHoldsTheNextMessageInOrOutAndAStepLetsOneThrough() throws Exception {
        Jid[] j = accounts("breaks", 2);
        java.util.List<String> took = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.List<String> answered = new java.util.concurrent.CopyOnWriteArrayList<>();
        Agent echo = new Agent(j[0], TestXmpp.password(j[0]));
        echo.addBehaviour(CyclicBehaviour.of("echo", self -> {
            Message m = self.receive(Duration.ofMillis(100));
            if (m != null) {
                took.add(m.bodyType());
                self.send(Message.builder().to(m.sender()).performative(Performative.INFORM)
                        .body(java.util.Map.of("type", "re-" + m.bodyType())).build());
            }
        }));
        Agent asker = new Agent(j[1], TestXmpp.password(j[1]));
        asker.addBehaviour(CyclicBehaviour.of("listen", self -> {
            Message m = self.receive(Duration.ofMillis(100));
            if (m != null) {
                answered.add(m.bodyType());
            }
        }));
        agents.start(echo);
        agents.start(asker);
        Breaks breaks = echo.breaks();
        breaks.brk();
        for (String t : java.util.List.of("a", "b", "c")) {
            asker.send(Message.builder().to(j[0]).performative(Performative.INFORM)
                    .body(java.util.Map.of("type", t)).build());
        }
        maw.testing.Await.until("the first message in is held", () -> breaks.held() != null);
        assertThat(breaks.held().in()).isTrue();
        assertThat(breaks.held().type()).isEqualTo("a");
        assertThat(breaks.held().other()).startsWith(j[1].toString());
        assertThat(took).isEmpty();
        breaks.step();
        maw.testing.Await.until("the answer going out is held",
                () -> breaks.held() != null && !breaks.held().in());
        assertThat(took).containsExactly("a");
        assertThat(breaks.held().type()).isEqualTo("re-a");
        assertThat(answered).isEmpty();
        breaks.step();
        maw.testing.Await.until("the next message in is held",
                () -> breaks.held() != null && breaks.held().in() && "b".equals(breaks.held().type()));
        // The asker's own thread takes the answer the step let out; the echo may be held at "b" before it has.
        maw.testing.Await.until("the answer let out arrives", () -> !answered.isEmpty());
        assertThat(answered).containsExactly("re-a");
        assertThat(breaks.passed()).isEqualTo(2);
        breaks.slow(Duration.ofMillis(20));
        maw.testing.Await.until("every answer came, each slowed", () -> answered.size() == 3);
        assertThat(answered).containsExactly("re-a", "re-b", "re-c");
        assertThat(breaks.mode()).isEqualTo(Breaks.Mode.SLOW);
        assertThat(breaks.passed()).isEqualTo(6);
        breaks.go();
        asker.send(Message.builder().to(j[0]).performative(Performative.INFORM)
                .body(java.util.Map.of("type", "d")).build());
        maw.testing.Await.until("a message goes through at once after go", () -> answered.size() == 4);
        assertThat(breaks.passed()).isEqualTo(6);
        assertThat(breaks.held()).isNull();
        assertThatThrownBy(() -> breaks.slow(Duration.ofMinutes(2))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0 to 60 s");
    }
}
