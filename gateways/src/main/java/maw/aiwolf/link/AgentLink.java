package maw.aiwolf.link;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One outside agent's connection, as a server sees it: packets out, answers in (a TCP agent's lines, a WebSocket
 * agent's text frames: the {@link Channel} under the link). Every answer is queued as it arrives, so that one sent
 * when nothing was asked (an answer to a request that expects none, a late answer) is dropped and logged instead of
 * being taken for the next answer. The channel may be replaced: an agent that reconnects under its name gets its seat
 * back ({@link #replace}).
 */
public final class AgentLink implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AgentLink.class);

    /** The connection under a link: a packet out, closing, whether it is open, where it comes from. */
    public interface Channel {
        void send(String packet) throws IOException;

        void close();

        boolean open();

        String remote();
    }

    private final String name;
    private volatile Channel channel;
    private final java.util.concurrent.BlockingDeque<Line> lines = new java.util.concurrent.LinkedBlockingDeque<>();
    private final AtomicInteger generation = new AtomicInteger();
    private volatile boolean fresh;
    private volatile boolean lastTimedOut;
    private volatile boolean broken;
    /** The agent's end closed the connection (the reader saw its end). */
    private volatile boolean ended;
    private final AtomicLong asked = new AtomicLong();
    private final AtomicLong timeouts = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong roundTripNanos = new AtomicLong();
    /**
     * Every answered request's round trip, for medians (at most a million kept), in an array: a concurrent queue's
     * size() walks it, and that walk on every answer was a seventh of a busy server's time.
     */
    private long[] roundTrips = new long[256];
    private int roundTripCount;
    private final Object tripsLock = new Object();

    private record Line(int generation, String text) {}

    private final AgentLobby.Credential credential;

    /**
     * A link without a channel yet: {@link #attach} one, and hand what arrives to {@link #received};
     * {@code credential}: what its first connection showed, which the seat goes back to ({@link AgentLobby#claim}).
     */
    public AgentLink(String name, AgentLobby.Credential credential) {
        this.name = name;
        this.credential = credential == null ? AgentLobby.Credential.NONE : credential;
    }

    /** What the agent's first connection showed beyond its name. */
    public AgentLobby.Credential credential() {
        return credential;
    }

    public String name() {
        return name;
    }

    /** Whether the agent is connected now (its end has not closed the connection, nor has its last game ended). */
    public boolean connected() {
        Channel c = channel;
        return c != null && c.open() && !ended && !finished;
    }

    /** The agent's last game is over: it is dealt no other game on this link. */
    private volatile boolean finished;

    /**
     * The agent's last game is over (its FINISH sent): the connection is closed, as the NLP contest's server closes
     * every agent's after its game, and the link is dealt no other game nor taken back; an agent that wants another
     * game connects again, as a newcomer.
     */
    public void finish() {
        finished = true;
        closeQuietly();
    }

    /** Whether {@link #finish} ended the link. */
    public boolean finished() {
        return finished;
    }

    /** The longest line an agent may send, in characters (as the WebSocket server bounds a message: 64 KiB). */
    public static final int LONGEST_LINE = 65_536;

    /**
     * Takes the connection of the same agent come back (it is told where the game is before its next request);
     * returns the generation to hand to {@link #received}.
     */
    public int replace(Channel next) {
        Channel old = channel;
        int gen = attach(next);
        replaced(old);
        return gen;
    }

    private void replaced(Channel old) {
        fresh = true;
        if (old != null) {
            old.close();
        }
        LOG.info("agent {} reconnected from {}", name, channel.remote());
    }

    /** Whether the connection was replaced since the last call (the seat then tells the agent where the game is). */
    public boolean takeFresh() {
        boolean f = fresh;
        fresh = false;
        return f;
    }

    /** Puts the link on {@code c}; returns its generation, which what arrives on it carries ({@link #received}). */
    public int attach(Channel c) {
        int gen = generation.incrementAndGet();
        ended = false;
        this.channel = c;
        return gen;
    }

    /** An answer arrived on the channel of generation {@code gen}; null: that channel ended. */
    public void received(int gen, String text) {
        if (text == null && generation.get() == gen) {
            ended = true;
        }
        lines.add(new Line(gen, text));
    }

    /** Sends a packet that expects no answer. */
    public void tell(String packet) {
        Channel c = channel;
        if (c == null || !connected()) {
            return;
        }
        try {
            synchronized (this) {
                c.send(packet);
            }
        } catch (IOException e) {
            LOG.info("agent {}: the connection is gone ({})", name, e.getMessage());
            closeQuietly();
        }
    }

    /**
     * Sends a request and waits up to {@code limit} for its answer line; null when the agent did not answer in time,
     * or is not connected (the seat then plays the regulation's default). Lines that were waiting before the request
     * was sent are dropped and logged ({@code what} names the request).
     */
    public String ask(String packet, Duration limit, String what) {
        for (Line stale = lines.poll(); stale != null; stale = lines.poll()) {
            if (stale.text() != null) {
                dropped.incrementAndGet();
                LOG.warn("agent {}: dropped a line sent when nothing was asked (before {}): {}", name, what,
                        cut(stale.text()));
            }
        }
        if (!connected()) {
            return null;
        }
        asked.incrementAndGet();
        long t0 = System.nanoTime();
        tell(packet);
        long until = t0 + limit.toNanos();
        try {
            while (true) {
                long left = until - System.nanoTime();
                Line l = left <= 0 ? null : lines.poll(left, TimeUnit.NANOSECONDS);
                if (l == null) {
                    timeouts.incrementAndGet();
                    lastTimedOut = true;
                    LOG.warn("agent {}: no answer to {} within {} ms: the default is played", name,
                            what, limit.toMillis());
                    return null;
                }
                if (l.generation() != generation.get()) {
                    continue; // from a connection since replaced
                }
                if (l.text() == null) {
                    closeQuietly();
                    return null;
                }
                long took = System.nanoTime() - t0;
                roundTripNanos.addAndGet(took);
                keep(took);
                return l.text();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * The next line the agent sends unasked within {@code limit} (the NLP contest's group chat: lines at the agent's
     * own time), or null when none came (or the connection ended). Lines of a replaced connection are skipped.
     */
    public String next(Duration limit) throws InterruptedException {
        long until = System.nanoTime() + limit.toNanos();
        while (true) {
            long left = until - System.nanoTime();
            Line l = left <= 0 ? null : lines.poll(left, TimeUnit.NANOSECONDS);
            if (l == null) {
                return null;
            }
            if (l.generation() != generation.get()) {
                continue;
            }
            if (l.text() == null) {
                closeQuietly();
                return null;
            }
            return l.text();
        }
    }

    /**
     * Puts back a line {@link #next} took that its reader no longer wants (its phase ended meanwhile): the next
     * request's answer may be that line, and is read first.
     */
    public void unread(String text) {
        lines.offerFirst(new Line(generation.get(), text));
    }

    /** Drops the lines that came unasked and were not read (a group chat's lines after its end). */
    public int drop() {
        int n = 0;
        for (Line l = lines.poll(); l != null; l = lines.poll()) {
            if (l.text() != null) {
                n++;
                dropped.incrementAndGet();
            }
        }
        return n;
    }

    /** Whether the last request went unanswered in time (its answer may still come: {@link #resync}). */
    public boolean lastTimedOut() {
        return lastTimedOut;
    }

    /**
     * After an unanswered request, as the NLP server does: sends {@code probe} (a NAME request) and reads what comes
     * until the agent's name; what came before it (a late answer) is dropped and logged. False when the name did not
     * come within {@code limit}: the agent is broken, and is asked nothing more.
     */
    public boolean resync(String probe, Duration limit) {
        if (!connected()) {
            return false;
        }
        tell(probe);
        long until = System.nanoTime() + limit.toNanos();
        try {
            while (true) {
                long left = until - System.nanoTime();
                Line l = left <= 0 ? null : lines.poll(left, TimeUnit.NANOSECONDS);
                if (l == null || l.text() == null && l.generation() == generation.get()) {
                    LOG.warn("agent {}: did not answer the NAME probe within {} ms: no more requests", name,
                            limit.toMillis());
                    broken = true;
                    return false;
                }
                if (l.generation() != generation.get() || l.text() == null) {
                    continue;
                }
                if (l.text().strip().equals(name)) {
                    lastTimedOut = false;
                    return true;
                }
                dropped.incrementAndGet();
                LOG.warn("agent {}: dropped a late answer: {}", name, cut(l.text()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Whether the agent failed a NAME probe (it is asked nothing more; its seat plays the defaults). */
    public boolean broken() {
        return broken;
    }

    /** A packet as the log shows it: its first 200 characters. */
    public static String cut(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    /** Requests asked, unanswered in time, lines dropped, and the mean round trip of the answered, in microseconds. */
    public Map<String, Object> stats() {
        long answered = Math.max(1, asked.get() - timeouts.get());
        return Map.of("requests", asked.get(), "timeouts", timeouts.get(), "droppedLines", dropped.get(),
                "meanRoundTripMicros", roundTripNanos.get() / answered / 1000);
    }

    /** The round trips of the answered requests so far, in nanoseconds. */
    public List<Long> roundTrips() {
        synchronized (tripsLock) {
            List<Long> out = new ArrayList<>(roundTripCount);
            for (int i = 0; i < roundTripCount; i++) {
                out.add(roundTrips[i]);
            }
            return out;
        }
    }

    private void keep(long took) {
        synchronized (tripsLock) {
            if (roundTripCount == roundTrips.length) {
                if (roundTripCount >= 1_000_000) {
                    return;
                }
                roundTrips = Arrays.copyOf(roundTrips, roundTripCount * 2);
            }
            roundTrips[roundTripCount++] = took;
        }
    }

    long roundTripNanos() {
        return roundTripNanos.get();
    }

    long answered() {
        return asked.get() - timeouts.get();
    }

    private void closeQuietly() {
        Channel c = channel;
        if (c != null) {
            c.close();
        }
    }

    @Override
    public void close() {
        closeQuietly();
    }
}
