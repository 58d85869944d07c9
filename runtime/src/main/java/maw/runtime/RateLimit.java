package maw.runtime;

/**
 * How many messages one sender may send an agent: {@code burst} at once, then {@code perSecond} (a token bucket per
 * sender account). What goes over is dropped before it reaches the mailbox, counted, and the first message of each
 * excess run is answered {@code refuse} (code {@code rate_limited}); the rest are dropped without an answer, so that a
 * flood is not echoed back.
 *
 * @param burst     messages a sender may send at once
 * @param perSecond messages a sender may send per second after that
 * @param spared    accounts held to no limit: the agent's own peers (a GameMaster's rooms)
 */
public record RateLimit(int burst, double perSecond, java.util.Set<Jid> spared) {

    public RateLimit {
        if (burst < 1 || !(perSecond > 0)) {
            throw new IllegalArgumentException("a rate limit needs burst >= 1 and perSecond > 0: " + burst + ", "
                    + perSecond);
        }
        spared = spared == null ? java.util.Set.of() : java.util.Set.copyOf(spared.stream().map(Jid::bare).toList());
    }

    public RateLimit(int burst, double perSecond) {
        this(burst, perSecond, java.util.Set.of());
    }

    /** This limit, sparing {@code accounts} (bare addresses) as well. */
    public RateLimit sparing(java.util.Collection<Jid> accounts) {
        java.util.Set<Jid> all = new java.util.HashSet<>(spared);
        all.addAll(accounts);
        return new RateLimit(burst, perSecond, all);
    }

    /** The bucket of {@code account}'s messages: one that always has a token for an account spared. */
    Bucket bucket(Jid account, long now) {
        return new Bucket(spared.contains(account.bare()) ? new RateLimit(Integer.MAX_VALUE, Double.MAX_VALUE)
                : this, now);
    }

    /** A bucket of this limit for one sender outside an agent's mailbox (an MCP session's tool calls). */
    public Bucket bucket(long now) {
        return new Bucket(this, now);
    }

    /** One sender's bucket, thread-safe. */
    public static final class Bucket {
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

        /** Takes a token if there is one ({@code now}: {@link System#nanoTime()}). */
        public synchronized boolean take(long now) {
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
