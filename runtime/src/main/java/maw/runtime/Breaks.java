package maw.runtime;

import java.time.Duration;
import java.util.Objects;

/**
 * An agent's breakpoints, as JADE's Introspector has them: {@code go} (the agent runs), {@code break} (the next message
 * a behaviour takes from the mailbox or sends stops that behaviour until a {@code step} lets it through, and it stops
 * again at the message after; {@code go} lets everything through), and {@code slow} (every message in or out waits a
 * while first). The thread held is the behaviour's own: the agent's connection, its mailbox and whatever answers past
 * the behaviours (its inside, its breakpoints) go on.
 */
public final class Breaks {

    /** How the agent's behaviours run. */
    public enum Mode {
        GO, BREAK, SLOW;

        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A message held at a break: in (taken from the mailbox) or out (being sent), its type, the other side. */
    public record Held(boolean in, String type, String other, String performative, long since) {}

    /** How long {@code slow} holds each message by default. */
    public static final Duration DEFAULT_SLOW = Duration.ofSeconds(1);
    private static final Duration LONGEST_SLOW = Duration.ofMinutes(1);

    private volatile Mode mode = Mode.GO;
    private Duration slow = DEFAULT_SLOW;
    /** Messages a step lets through. */
    private int steps;
    private Held held;
    /** Messages that passed a break or a slow since the agent started. */
    private long passed;

    /** Runs freely: whatever is held goes on. */
    public synchronized void go() {
        mode = Mode.GO;
        notifyAll();
    }

    /** Stops every behaviour at its next message in or out. */
    public synchronized void brk() {
        mode = Mode.BREAK;
        steps = 0;
        notifyAll();
    }

    /** At a break: lets the held message (or, when none is held, the next one) through, then stops again. */
    public synchronized void step() {
        if (mode != Mode.BREAK) {
            brk();
        }
        steps++;
        notifyAll();
    }

    /** Holds every message in or out for {@code delay} (at most a minute) before it goes on. */
    public synchronized void slow(Duration delay) {
        Objects.requireNonNull(delay, "delay");
        if (delay.isNegative() || delay.compareTo(LONGEST_SLOW) > 0) {
            throw new IllegalArgumentException("a slow step waits 0 to " + LONGEST_SLOW.toSeconds() + " s, not "
                    + delay.toMillis() + " ms");
        }
        slow = delay;
        mode = Mode.SLOW;
        notifyAll();
    }

    public Mode mode() {
        return mode;
    }

    public synchronized Duration slowDelay() {
        return slow;
    }

    /** The message a behaviour is held at now, or null. */
    public synchronized Held held() {
        return held;
    }

    /** Messages that passed a break or a slow so far. */
    public synchronized long passed() {
        return passed;
    }

    /**
     * Called by a behaviour's thread with each message it takes ({@code in}) or sends: returns at once when the agent
     * runs freely, else when a step, {@code go} or the slow delay lets it on. An interrupt (the agent stopping) lets it
     * on too, keeping the interrupt.
     */
    void pass(boolean in, Message m) {
        if (mode == Mode.GO) {
            return;
        }
        synchronized (this) {
            if (mode == Mode.GO) {
                return;
            }
            Jid other = in ? m.sender() : m.to();
            Held h = new Held(in, m.bodyType(), other == null ? "" : other.toString(),
                    m.performative().map(Performative::toString).orElse(""), System.currentTimeMillis());
            while (held != null && mode != Mode.GO) {
                if (!await(0)) {
                    return; // another behaviour is held: this one waits its turn
                }
            }
            if (mode == Mode.GO) {
                return;
            }
            held = h;
            try {
                if (mode == Mode.SLOW) {
                    long until = System.nanoTime() + slow.toNanos();
                    while (mode == Mode.SLOW && System.nanoTime() < until) {
                        if (!await(Math.max(1, (until - System.nanoTime()) / 1_000_000))) {
                            return;
                        }
                    }
                }
                while (mode == Mode.BREAK && steps == 0) {
                    if (!await(0)) {
                        return;
                    }
                }
                if (mode == Mode.BREAK) {
                    steps--;
                }
                passed++;
            } finally {
                held = null;
                notifyAll();
            }
        }
    }

    /** Waits on this (millis 0: until notified); false when interrupted (the interrupt kept). */
    private boolean await(long millis) {
        try {
            wait(millis);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
