package maw.testing;

import static org.assertj.core.api.Assertions.fail;

import java.time.Duration;
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
}
