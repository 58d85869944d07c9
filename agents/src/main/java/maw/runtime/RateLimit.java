package maw.runtime;

/**
 * How many messages one sender may send an agent: {@code burst} at once, then {@code perSecond} (a token bucket per
 * sender account). What goes over is dropped before it reaches the mailbox, counted, and the first message of each
 * excess run is answered {@code refuse} (code {@code rate_limited}); the rest are dropped without an answer, so that a
 * flood is not echoed back.
 *
 * @param burst     messages a sender may send at once
 * @param perSecond messages a sender may send per second after that
 */
public record RateLimit(int burst, double perSecond) {

    public RateLimit {
        if (burst < 1 || !(perSecond > 0)) {
            throw new IllegalArgumentException("a rate limit needs burst >= 1 and perSecond > 0: " + burst + ", "
                    + perSecond);
        }
    }

    /** One sender's bucket. Not thread-safe: the agent's delivery path uses it under the bucket's own lock. */
    static final class Bucket {
        private final RateLimit limit;
        private double tokens;
        private long last;
        /** Whether the sender was told about the current run of dropped messages. */
        boolean told;

        Bucket(RateLimit limit, long now) {
            this.limit = limit;
            this.tokens = limit.burst;
            this.last = now;
        }

        /** Takes a token if there is one. */
        synchronized boolean take(long now) {
            tokens = Math.min(limit.burst, tokens + (now - last) / 1e9 * limit.perSecond);
            last = now;
            if (tokens >= 1) {
                tokens -= 1;
                told = false;
                return true;
            }
            return false;
        }

        /** True the first time it is asked during a run of dropped messages. */
        synchronized boolean tell() {
            if (told) {
                return false;
            }
            told = true;
            return true;
        }
    }
}
