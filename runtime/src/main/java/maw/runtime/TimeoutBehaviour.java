package maw.runtime;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/** Runs {@link #run()} once, at an instant (SPADE's TimeoutBehaviour); killing it before then cancels it. */
public abstract class TimeoutBehaviour extends Behaviour {

    private final long dueNanos;

    protected TimeoutBehaviour(Instant startAt) {
        Objects.requireNonNull(startAt, "startAt");
        this.dueNanos = System.nanoTime() + Math.max(0, Duration.between(Instant.now(), startAt).toNanos());
    }

    protected TimeoutBehaviour(Duration delay) {
        this(Instant.now().plus(delay));
    }

    @Override
    protected final long nanosBeforeNextRun() {
        return Math.max(0, dueNanos - System.nanoTime());
    }

    @Override
    protected final boolean isDone() {
        return true;
    }

    public static TimeoutBehaviour of(String name, Duration delay, Step<TimeoutBehaviour> step) {
        return new TimeoutBehaviour(delay) {
            @Override
            protected void run() throws Exception {
                step.run(this);
            }
        }.named(name);
    }
}
