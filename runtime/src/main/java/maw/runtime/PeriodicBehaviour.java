package maw.runtime;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Runs {@link #run()} every {@code period}, starting at {@code startAt} (now by default). Ticks are kept on a fixed
 * schedule: a slow run does not shift the ones after it, and ticks missed while a run overran are skipped, not
 * bunched up.
 */
public abstract class PeriodicBehaviour extends Behaviour {

    private final long periodNanos;
    private long nextRun;

    protected PeriodicBehaviour(Duration period) {
        this(period, null);
    }

    protected PeriodicBehaviour(Duration period, Instant startAt) {
        Objects.requireNonNull(period, "period");
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("period must be positive, got " + period);
        }
        this.periodNanos = period.toNanos();
        long delay = startAt == null ? 0 : Math.max(0, Duration.between(Instant.now(), startAt).toNanos());
        this.nextRun = System.nanoTime() + delay;
    }

    public final Duration period() {
        return Duration.ofNanos(periodNanos);
    }

    @Override
    protected final long nanosBeforeNextRun() {
        long now = System.nanoTime();
        long wait = nextRun - now;
        if (wait <= 0) {
            long missed = -wait / periodNanos;
            nextRun += (missed + 1) * periodNanos;
            return 0;
        }
        return wait;
    }

    @Override
    protected final boolean isDone() {
        return false;
    }

    public static PeriodicBehaviour of(String name, Duration period, Step<PeriodicBehaviour> step) {
        return new PeriodicBehaviour(period) {
            @Override
            protected void run() throws Exception {
                step.run(this);
            }
        }.named(name);
    }
}
