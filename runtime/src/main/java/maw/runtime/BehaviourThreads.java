package maw.runtime;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What kind of thread each behaviour runs on. On a 2-core machine a parked platform thread wakes in about 30 us when
 * its message arrives from the network, a virtual thread in about 60 us (its carrier must be woken first), and a
 * request/reply has two such wake-ups (maw bench transport); but each platform thread is a kernel thread, and past a
 * few thousand of them (500 games at once in one process: 7,500 behaviours beside Smack's two threads a connection)
 * the kernel's own work for them starves everything else. Between agents of one process (the in-JVM transport, where
 * a message is handed over on its sender's thread) virtual threads cost far less: a virtual thread woken by another
 * needs no system call while the carriers are busy (the official AIWolf agents at maw aiwolf serve: 50 to 62 games a
 * second against 34 to 41 on platform threads, the server's CPU a game 16 to 18 ms against 21 to 25). {@code auto},
 * the default, runs the behaviours of agents on an in-process transport on virtual threads, and of the others a
 * process's first {@link #AUTO_PLATFORM_LIMIT} live behaviours on platform threads and any beyond on virtual threads;
 * {@code platform} and {@code virtual} choose one kind for all. Chosen per JVM with the system property
 * {@code maw.runtime.threads}, set from the {@code runtime.threads} setting.
 */
public enum BehaviourThreads {
    PLATFORM, VIRTUAL, AUTO;

    public static final String PROPERTY = "maw.runtime.threads";

    /** Live behaviours on platform threads, at most, under {@code auto}. */
    public static final int AUTO_PLATFORM_LIMIT = 1000;

    /**
     * A process's live platform threads of one use under {@code auto} (the behaviours' here; the XMPP connections'
     * threads have their own), and how many of them it allows before it hands out virtual threads.
     */
    public static final class Budget {
        private final AtomicInteger live = new AtomicInteger();
        private final int limit;

        public Budget(int limit) {
            this.limit = limit;
        }

        /** Platform threads of this budget running now. */
        public int live() {
            return live.get();
        }
    }

    private static final Budget BEHAVIOURS = new Budget(AUTO_PLATFORM_LIMIT);

    /**
     * A thread, not started, that runs {@code task} for a behaviour named {@code name}; start it (under auto a platform
     * thread counts from now until it ends).
     */
    Thread unstarted(String name, Runnable task) {
        return unstarted(name, task, BEHAVIOURS);
    }

    /** A daemon thread, not started, named {@code name} (if not null), of this kind; under auto, of {@code budget}. */
    public Thread unstarted(String name, Runnable task, Budget budget) {
        Thread.Builder b = this == VIRTUAL ? Thread.ofVirtual() : Thread.ofPlatform().daemon();
        if (this == AUTO) {
            if (budget.live.incrementAndGet() > budget.limit) {
                budget.live.decrementAndGet();
                b = Thread.ofVirtual();
            } else {
                Runnable counted = task;
                task = () -> {
                    try {
                        counted.run();
                    } finally {
                        budget.live.decrementAndGet();
                    }
                };
            }
        }
        return (name == null ? b : b.name(name)).unstarted(task);
    }

    /** The kind for an agent on {@code transport}: {@code auto} is virtual on a transport within the process. */
    BehaviourThreads on(Transport transport) {
        return this == AUTO && transport.inProcess() ? VIRTUAL : this;
    }

    /** Behaviours that run on platform threads under {@code auto} now. */
    static int autoPlatformLive() {
        return BEHAVIOURS.live();
    }

    static BehaviourThreads defaultKind() {
        return ofProperty(PROPERTY);
    }

    /** The kind the system property {@code property} names (auto when it is not set). */
    public static BehaviourThreads ofProperty(String property) {
        String v = System.getProperty(property, "auto").strip().toUpperCase(Locale.ROOT);
        try {
            return valueOf(v);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value '" + System.getProperty(property) + "' for "
                    + property + ": expected auto, platform or virtual", e);
        }
    }
}
