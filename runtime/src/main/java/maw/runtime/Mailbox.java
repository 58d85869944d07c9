package maw.runtime;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An agent's incoming messages. A message goes to the first waiting receiver whose template matches; when nobody
 * waits for it, it is kept (JADE's semantics, not SPADE's, which drops it) until a behaviour asks for it. The mailbox
 * is bounded: when it is full the oldest kept message makes room and a warning says so.
 */
final class Mailbox {

    private static final Logger LOG = LoggerFactory.getLogger(Mailbox.class);

    private static final Template NOTHING = Template.where("nothing", m -> false);

    private final String owner;
    private final int capacity;
    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<Message> kept = new ArrayDeque<>();
    private final List<Waiter> waiters = new ArrayList<>();
    private long dropped;

    /** Timed waits of this process's agents that ran out with nothing to take (a timer, or a poll). */
    private static final java.util.concurrent.atomic.LongAdder RAN_OUT = new java.util.concurrent.atomic.LongAdder();

    /** Timed waits of this process's agents that ran out with nothing to take, so far. */
    static long waitsRanOut() {
        return RAN_OUT.sum();
    }

    Mailbox(String owner, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("mailbox capacity must be at least 1, got " + capacity);
        }
        this.owner = owner;
        this.capacity = capacity;
    }

    void deliver(Message m) {
        lock.lock();
        try {
            for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
                Waiter w = it.next();
                if (w.template.matches(m)) {
                    it.remove();
                    w.message = m;
                    w.done = true;
                    w.signal.signal();
                    return;
                }
            }
            if (kept.size() >= capacity) {
                Message oldest = kept.pollFirst();
                dropped++;
                if (dropped == 1 || dropped % 1000 == 0) {
                    LOG.warn("{}: mailbox full ({} messages no behaviour asked for); dropped the oldest ({} so far): {}",
                            owner, capacity, dropped, oldest);
                }
            }
            kept.addLast(m);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes the oldest message matching {@code template}, waiting up to {@code timeoutNanos} for one to arrive.
     * Returns null on timeout or when {@link #wake} is called for {@code key}.
     */
    Message receive(Template template, long timeoutNanos, Object key) throws InterruptedException {
        return receive(template, timeoutNanos, key, null);
    }

    /**
     * Like {@link #receive(Template, long, Object)}, and returns null at once when {@code over} holds: checked with the
     * lock held before the wait begins, so that a thread that makes it true and then calls {@link #wake} is never
     * missed (it is true before the wait, or the wake comes during it).
     */
    Message receive(Template template, long timeoutNanos, Object key, java.util.function.BooleanSupplier over)
            throws InterruptedException {
        lock.lock();
        try {
            for (Iterator<Message> it = kept.iterator(); it.hasNext(); ) {
                Message m = it.next();
                if (template.matches(m)) {
                    it.remove();
                    return m;
                }
            }
            if (timeoutNanos <= 0 || over != null && over.getAsBoolean()) {
                return null;
            }
            Waiter w = new Waiter(template, key, lock.newCondition());
            waiters.add(w);
            long left = timeoutNanos;
            try {
                while (!w.done && left > 0) {
                    left = w.signal.awaitNanos(left);
                }
            } catch (InterruptedException e) {
                if (w.message != null) {
                    // Delivered while we were being interrupted: keep it rather than lose it.
                    kept.addFirst(w.message);
                }
                waiters.remove(w);
                throw e;
            }
            if (!w.done) {
                waiters.remove(w);
                RAN_OUT.increment();
            }
            return w.message;
        } finally {
            lock.unlock();
        }
    }

    /** Whether a receive or pause is waiting under {@code key} right now. */
    boolean isWaiting(Object key) {
        lock.lock();
        try {
            return waiters.stream().anyMatch(w -> w.key == key);
        } finally {
            lock.unlock();
        }
    }

    /** Makes any receive waiting under {@code key} return null at once (used when a behaviour is killed). */
    void wake(Object key) {
        lock.lock();
        try {
            for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
                Waiter w = it.next();
                if (w.key == key) {
                    it.remove();
                    w.done = true;
                    w.signal.signal();
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits up to {@code nanos} unless {@link #wake} is called for {@code key}; returns false when woken early. */
    boolean pause(long nanos, Object key) throws InterruptedException {
        lock.lock();
        try {
            Waiter w = new Waiter(NOTHING, key, lock.newCondition());
            waiters.add(w);
            long left = nanos;
            try {
                while (!w.done && left > 0) {
                    left = w.signal.awaitNanos(left);
                }
            } finally {
                waiters.remove(w);
            }
            return !w.done;
        } finally {
            lock.unlock();
        }
    }

    /** Receivers waiting right now. */
    int waiting() {
        lock.lock();
        try {
            return waiters.size();
        } finally {
            lock.unlock();
        }
    }

    int size() {
        lock.lock();
        try {
            return kept.size();
        } finally {
            lock.unlock();
        }
    }

    long dropped() {
        lock.lock();
        try {
            return dropped;
        } finally {
            lock.unlock();
        }
    }

    List<Message> snapshot() {
        lock.lock();
        try {
            return List.copyOf(kept);
        } finally {
            lock.unlock();
        }
    }

    private static final class Waiter {
        final Template template;
        final Object key;
        final Condition signal;
        Message message;
        boolean done;

        Waiter(Template template, Object key, Condition signal) {
            this.template = template;
            this.key = key;
            this.signal = signal;
        }
    }
}
