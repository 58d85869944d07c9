package maw.runtime;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The messages agents send while a measure runs, counted by kind: the sending agent's class, the performative and
 * the body's catalog type ({@code PlayerAgent inform observe}), and the characters of their bodies where the text
 * was written for the wire (over XMPP; a message between agents of one process goes as the object it is, and is
 * not written for the count). Off unless {@link #start}ed (then it counts every agent of the process), at the cost of
 * one volatile read a message.
 */
public final class MessageCensus {

    private static volatile MessageCensus current;

    private final ConcurrentHashMap<String, LongAdder> counts = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> chars = new ConcurrentHashMap<>();
    private final java.util.function.Predicate<Agent> counted;

    private MessageCensus(java.util.function.Predicate<Agent> counted) {
        this.counted = counted;
    }

    /** Starts counting (a census already running is replaced). */
    public static MessageCensus start() {
        return start(a -> true);
    }

    /** Starts counting what the agents {@code counted} accepts send (the others of the process are left out). */
    public static MessageCensus start(java.util.function.Predicate<Agent> counted) {
        MessageCensus c = new MessageCensus(counted);
        current = c;
        return c;
    }

    /** Stops counting; the counts, most first. */
    public Map<String, Long> stop() {
        if (current == this) {
            current = null;
        }
        return sorted(counts);
    }

    /** The characters of the bodies written for the wire, by kind, most first (so far, or once stopped). */
    public Map<String, Long> bodyChars() {
        return sorted(chars);
    }

    private static Map<String, Long> sorted(Map<String, LongAdder> tally) {
        Map<String, Long> out = new LinkedHashMap<>();
        tally.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue().sum(), a.getValue().sum()))
                .forEach(e -> out.put(e.getKey(), e.getValue().sum()));
        return out;
    }

    /**
     * Timed waits of this process's agents that ran out with nothing to take, since the process started: each a timer
     * that fell due, or a look that found nothing (an agent that polls instead of waiting for its messages).
     */
    public static long waitsRanOut() {
        return Mailbox.waitsRanOut();
    }

    static void sent(Agent agent, Message m) {
        sent(agent, m, 1);
    }

    /** {@code m} went out as {@code count} messages (one to each receiver, or one the server fanned out). */
    static void sent(Agent agent, Message m, int count) {
        MessageCensus c = current;
        if (c != null && c.counted.test(agent)) {
            String type = m.bodyType();
            String kind = agent.getClass().getSimpleName() + " "
                    + m.performative().map(Performative::wire).orElse("plain") + " " + (type == null ? "-" : type);
            c.counts.computeIfAbsent(kind, k -> new LongAdder()).add(count);
            String body = m.writtenBody();
            if (body != null) {
                c.chars.computeIfAbsent(kind, k -> new LongAdder()).add((long) count * body.length());
            }
        }
    }
}
