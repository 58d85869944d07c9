package org.jivesoftware.smack.util;

import java.util.logging.Level;
import java.util.logging.Logger;
import maw.runtime.xmpp.SmackThreads;

/**
 * MAW's version of Smack 4.4's {@code Async}, the class through which Smack starts every thread of its own (each TCP
 * connection's reader and writer among them), with the same public API. It is on the class path ahead of Smack's jar
 * (the project's jar comes first in {@code ./maw}, in the image and in the tests), so Smack's connections get the
 * threads {@link SmackThreads} chooses: virtual ones when a process holds thousands of connections. Nothing else
 * differs from Smack's: the threads are daemons, named when a name is given, started by {@code go}.
 */
public class Async {

    /** Marks this version as MAW's: {@link SmackThreads} looks for it to know its choice is in effect. */
    public static final String MAW = "maw";

    /**
     * Creates a daemon thread that runs {@code runnable}, starts it and returns it.
     *
     * @param runnable what the thread runs
     * @return the started thread
     */
    public static Thread go(Runnable runnable) {
        Thread thread = daemonThreadFrom(runnable);
        thread.start();
        return thread;
    }

    /**
     * Creates a daemon thread named {@code threadName} that runs {@code runnable}, starts it and returns it.
     *
     * @param runnable what the thread runs
     * @param threadName the thread's name
     * @return the started thread
     */
    public static Thread go(Runnable runnable, String threadName) {
        Thread thread = SmackThreads.unstarted(threadName, runnable);
        thread.start();
        return thread;
    }

    /**
     * A daemon thread, not started, that runs {@code runnable}.
     *
     * @param runnable what the thread runs
     * @return the thread, not started
     */
    public static Thread daemonThreadFrom(Runnable runnable) {
        return SmackThreads.unstarted(null, runnable);
    }

    /**
     * Like {@link Runnable}, but {@code runOrThrow()} may throw: a {@link RuntimeException} is thrown on, any other
     * exception is logged.
     */
    public abstract static class ThrowingRunnable implements Runnable {

        public static final Logger LOGGER = Logger.getLogger(ThrowingRunnable.class.getName());

        @Override
        public final void run() {
            try {
                runOrThrow();
            } catch (Exception e) {
                if (e instanceof RuntimeException) {
                    throw (RuntimeException) e;
                }
                LOGGER.log(Level.WARNING, "Caught Exception", e);
            }
        }

        /**
         * The work, which may throw.
         *
         * @throws Exception whatever the work throws
         */
        public abstract void runOrThrow() throws Exception;
    }
}
