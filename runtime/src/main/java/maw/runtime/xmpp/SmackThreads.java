package maw.runtime.xmpp;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import maw.runtime.BehaviourThreads;
import org.slf4j.LoggerFactory;

/**
 * The threads Smack starts for itself: each TCP connection's reader and writer, and its few short-lived ones
 * (reconnection, scheduled actions). Smack 4.4 starts every one of them through
 * {@code org.jivesoftware.smack.util.Async}, which this project provides in its own version (same API, on the class
 * path ahead of Smack's) that asks here.
 *
 * <p>On platform threads (Smack's own choice) a process holding thousands of connections spends its CPU in the
 * kernel: two kernel threads per connection, each message waking a writer and a reader (500 games at once, 7,500
 * connections, 15,000 threads: 42% of all CPU in {@code futex_wake}, no game over in minutes; maw bench game
 * --concurrent 500). On virtual threads a socket read waits in the JDK's poller and a writer's wait is a
 * continuation, so the same 500 games all finish within five minutes. A platform reader wakes sooner when its stanza
 * arrives, so a process with few connections keeps them: {@code auto}, the default, runs a process's first
 * {@link #AUTO_PLATFORM_LIMIT} live Smack threads on platform threads and any beyond on virtual threads, on Java 24 or
 * later, where a virtual thread that waits inside a {@code synchronized} block (Smack's connect and login) frees its
 * carrier (JEP 491); on older Java {@code auto} keeps them all on platform threads. Chosen with the system property
 * {@value #PROPERTY}, set from the {@code xmpp.threads} setting.
 */
public final class SmackThreads {

    public static final String PROPERTY = "maw.xmpp.threads";

    /** Live Smack threads on platform threads, at most, under {@code auto}: a process's first 500 connections. */
    public static final int AUTO_PLATFORM_LIMIT = 1000;

    private static final BehaviourThreads.Budget BUDGET = new BehaviourThreads.Budget(AUTO_PLATFORM_LIMIT);
    private static final AtomicBoolean CHECKED = new AtomicBoolean();

    private SmackThreads() {
    }

    /** A daemon thread, not started, for Smack to run {@code task} on, named {@code name} if not null. */
    public static Thread unstarted(String name, Runnable task) {
        return kind().unstarted(name, task, BUDGET);
    }

    /** The kind Smack's threads get now: the property's, with {@code auto} platform before Java 24. */
    static BehaviourThreads kind() {
        BehaviourThreads kind = BehaviourThreads.ofProperty(PROPERTY);
        return kind == BehaviourThreads.AUTO && Runtime.version().feature() < 24 ? BehaviourThreads.PLATFORM : kind;
    }

    /**
     * Whether Smack's threads are this class's to choose: MAW's {@code Async} is the one loaded, not Smack's own (which
     * a class path with Smack's jars ahead of MAW's would load).
     */
    static boolean inEffect() {
        try {
            org.jivesoftware.smack.util.Async.class.getField("MAW");
            return true;
        } catch (NoSuchFieldException e) {
            return false;
        }
    }

    /** Says once, in the log, when the choice of {@code xmpp.threads} cannot take effect. */
    static void warnIfNotInEffect() {
        if (!CHECKED.getAndSet(true) && kind() != BehaviourThreads.PLATFORM && !inEffect()) {
            LoggerFactory.getLogger(SmackThreads.class).warn("Smack's own org.jivesoftware.smack.util.Async is ahead of"
                    + " MAW's on the class path: xmpp.threads ({}) has no effect and every connection runs two platform"
                    + " threads; put MAW's jar ahead of Smack's", kind().name().toLowerCase(Locale.ROOT));
        }
    }

    /** Smack's threads running on platform threads under {@code auto} now. */
    static int autoPlatformLive() {
        return BUDGET.live();
    }
}
