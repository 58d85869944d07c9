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
 * <p>On platform threads (Smack's own choice) a process holding many connections spends its CPU in the kernel: two
 * kernel threads per connection, each message waking a writer and a reader (500 games at once, 7,500 connections,
 * 15,000 threads: 42% of all CPU in {@code futex_wake}, no game over in minutes; maw bench game --concurrent 500). On
 * virtual threads a socket read waits in the JDK's poller and a writer's wait is a continuation, so the same 500
 * games all finish within five minutes, and 60 games at once play a third faster than with a process's first 500
 * connections on platform threads (see {@link BehaviourThreads}). {@code auto}, the default, runs them on virtual
 * threads on Java 24 or later, where a virtual thread that waits inside a {@code synchronized} block (Smack's connect
 * and login) frees its carrier (JEP 491); on older Java, on platform threads. Chosen with the system property
 * {@value #PROPERTY}, set from the {@code xmpp.threads} setting.
 */
public final class SmackThreads {

    public static final String PROPERTY = "maw.xmpp.threads";

    private static final AtomicBoolean CHECKED = new AtomicBoolean();

    private SmackThreads() {
    }

    /** A daemon thread, not started, for Smack to run {@code task} on, named {@code name} if not null. */
    public static Thread unstarted(String name, Runnable task) {
        return kind().unstarted(name, task);
    }

    /** The kind Smack's threads get now: the property's, with {@code auto} virtual on Java 24 or later. */
    static BehaviourThreads kind() {
        BehaviourThreads kind = BehaviourThreads.ofProperty(PROPERTY);
        if (kind != BehaviourThreads.AUTO) {
            return kind;
        }
        return Runtime.version().feature() < 24 ? BehaviourThreads.PLATFORM : BehaviourThreads.VIRTUAL;
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
}
