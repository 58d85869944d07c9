package maw.runtime;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What kind of thread each behaviour runs on. On a 2-core machine a parked platform thread wakes in about 30 us when
 * its message arrives from the network, a virtual thread in about 60 us (its carrier must be woken first), and a
 * request/reply has two such wake-ups (maw bench transport); but each platform thread is a kernel thread, and a
 * process of many agents on platform threads spends its CPU on the kernel's scheduling: 60 games at once in one
 * process (900 agents) played 2.3 to 2.8 games a second with a process's first 1,000 behaviours and 500 connections
 * on platform threads, against 3.0 to 4.0 with every thread virtual, in the same runs (the CPU a game a third less);
 * a mixture is no better, for the virtual threads' few carriers then share the cores with the many platform threads.
 * Between agents of one process (the in-JVM transport, where a message is handed over on its sender's thread)
 * virtual threads cost far less still: a virtual thread woken by another needs no system call while the carriers are
 * busy. {@code auto}, the default, runs behaviours on virtual threads on Java 24 or later (where a virtual thread that
 * waits inside a {@code synchronized} block frees its carrier, JEP 491) and on an in-process transport; over the
 * network on older Java, a process's first {@link #AUTO_PLATFORM_LIMIT} live behaviours on platform threads and any
 * beyond on virtual threads. {@code platform} and {@code virtual} choose one kind for all. Chosen per JVM with the
 * system property {@code maw.runtime.threads}, set from the {@code runtime.threads} setting.
 */
public enum BehaviourThreads {
    PLATFORM, VIRTUAL, AUTO;

    public static final String PROPERTY = "maw.runtime.threads";

    /** Live behaviours on platform threads, at most, under {@code auto}. */
    public static final int AUTO_PLATFORM_LIMIT = 1000;

    /** Behaviours of this process live on platform threads under {@code auto} (older Java, over the network). */
    private static final AtomicInteger AUTO_LIVE = new AtomicInteger();

    /**
     * A daemon thread, not started, named {@code name} (if not null), of this kind, that runs {@code task}; start it
     * (under auto a platform thread counts from now until it ends).
     */
    public Thread unstarted(String name, Runnable task) {
        Thread.Builder b = this == VIRTUAL ? Thread.ofVirtual() : Thread.ofPlatform().daemon();
        if (this == AUTO) {
            if (AUTO_LIVE.incrementAndGet() > AUTO_PLATFORM_LIMIT) {
                AUTO_LIVE.decrementAndGet();
                b = Thread.ofVirtual();
            } else {
                Runnable counted = task;
                task = () -> {
                    try {
                        counted.run();
                    } finally {
                        AUTO_LIVE.decrementAndGet();
                    }
                };
            }
        }
        return (name == null ? b : b.name(name)).unstarted(task);
    }

    /**
     * The kind for an agent on {@code transport}: {@code auto} is virtual on Java 24 or later and on a transport within
     * the process.
     */
    BehaviourThreads on(Transport transport) {
        return this == AUTO && (transport.inProcess() || Runtime.version().feature() >= 24) ? VIRTUAL : this;
    }

    /** Behaviours that run on platform threads under {@code auto} now. */
    static int autoPlatformLive() {
        return AUTO_LIVE.get();
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
