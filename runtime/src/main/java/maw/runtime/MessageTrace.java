package maw.runtime;

import java.util.ArrayDeque;
import java.util.List;

/**
 * The latest messages in and out of one agent (at most {@link Agent#TRACE}), made readable only when someone looks:
 * most are never looked at.
 */
final class MessageTrace {

    private record Entry(long millis, boolean in, Message message) {
        Agent.Traced traced() {
            Message m = message;
            String body = m.body() == null ? "" : m.body().length() > 2000 ? m.body().substring(0, 2000) + "..."
                    : m.body();
            Jid other = in ? m.sender() : m.to();
            return new Agent.Traced(millis, in, m.performative().map(Performative::toString).orElse(""),
                    other == null ? "" : other.toString(), m.bodyType(), body);
        }
    }

    private final ArrayDeque<Entry> entries = new ArrayDeque<>();

    void add(boolean in, Message m) {
        Entry e = new Entry(System.currentTimeMillis(), in, m);
        synchronized (entries) {
            entries.addLast(e);
            while (entries.size() > Agent.TRACE) {
                entries.removeFirst();
            }
        }
    }

    List<Agent.Traced> list() {
        List<Entry> copy;
        synchronized (entries) {
            copy = List.copyOf(entries);
        }
        return copy.stream().map(Entry::traced).toList();
    }
}
