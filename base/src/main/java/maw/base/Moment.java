package maw.base;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A process-wide order of moments, finer than the wall clock's milliseconds: a journal line and a model call that
 * happen in the same millisecond are still told apart by this sequence (it restarts with each process, so it orders
 * only what one process wrote).
 */
public final class Moment {

    private static final AtomicLong SEQUENCE = new AtomicLong();

    private Moment() {}

    /** The next moment of this process. */
    public static long next() {
        return SEQUENCE.incrementAndGet();
    }

    /**
     * Whether a moment ({@code t} in ms, {@code seq} its sequence or 0 if unknown) came before another: by the wall
     * clock, and within one millisecond by the sequence when both have one.
     */
    public static boolean before(long t, long seq, long otherT, long otherSeq) {
        if (t != otherT) {
            return t < otherT;
        }
        return seq > 0 && otherSeq > 0 && seq < otherSeq;
    }
}
