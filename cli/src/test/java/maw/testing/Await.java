package maw.testing;

import static org.assertj.core.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Waits for a condition to hold, checking every millisecond, up to a deadline: tests wait for events, not for time. */
public final class Await {

    private Await() {}

    public static void until(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("timed out after " + timeout + " waiting until " + what);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }

    public static void until(String what, BooleanSupplier condition) {
        until(what, Probe.WAIT, condition);
    }

    /**
     * Looks with {@code probe} (which may throw: a file not there yet, a command failing) until it returns something
     * other than null, up to a deadline; returns what it found.
     */
    public static <T> T value(String what, Duration timeout, Callable<T> probe) {
        return value(what, timeout, Duration.ofMillis(1), probe);
    }

    /** Like {@link #value(String, Duration, Callable)}, looking every {@code every} (a probe that starts a process). */
    public static <T> T value(String what, Duration timeout, Duration every, Callable<T> probe) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Exception last = null;
        while (true) {
            try {
                T found = probe.call();
                if (found != null) {
                    return found;
                }
            } catch (Exception e) {
                last = e;
            }
            if (System.nanoTime() > deadline) {
                return fail("timed out after " + timeout + " waiting until " + what
                        + (last == null ? "" : " (last: " + last + ")"));
            }
            LockSupport.parkNanos(every.toNanos());
        }
    }
}
