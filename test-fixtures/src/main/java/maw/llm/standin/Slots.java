package maw.llm.standin;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A model server's slots: each serves one call at a time and keeps the tokens of its last prompt (and answer) as its
 * cache, so that a call whose prompt begins with them reads only the rest. Calls wait in the order they came (a
 * cancelled one leaves the queue); a call that names its slot ({@code id_slot}, llama.cpp's) waits for that one. Any
 * other takes a free slot as Ollama's runner does: the one whose whole cache begins its prompt (the longest such), or
 * else the least recently used one, given the longest beginning any free slot shares with the prompt (copied over),
 * so that the other slots keep their caches.
 */
final class Slots {

    /** A slot taken for a call: which, and how many of the prompt's first tokens its cache already holds. */
    record Lease(int slot, int cached) {}

    private static final class Slot {
        List<String> cache = List.of();
        boolean busy;
        long lastUsed;
    }

    private final class Waiter {
        final List<String> tokens;
        final Integer wanted;
        Lease lease;

        Waiter(List<String> tokens, Integer wanted) {
            this.tokens = tokens;
            this.wanted = wanted;
        }
    }

    private final List<Slot> slots = new ArrayList<>();
    private final List<Waiter> queue = new ArrayList<>();
    private long uses;

    Slots(int n) {
        if (n < 1 || n > 256) {
            throw new IllegalArgumentException("1 to 256 slots, not " + n);
        }
        for (int i = 0; i < n; i++) {
            slots.add(new Slot());
        }
    }

    int size() {
        return slots.size();
    }

    /** Calls waiting for a slot now. */
    synchronized int waiting() {
        return queue.size();
    }

    /** Slots serving a call now. */
    synchronized int busy() {
        return (int) slots.stream().filter(s -> s.busy).count();
    }

    /**
     * Waits for a slot ({@code wanted}: that one; null: the best free one) and takes it; null when {@code cancelled}
     * turned true meanwhile (the call left the queue).
     */
    Lease take(List<String> tokens, Integer wanted, BooleanSupplier cancelled) throws InterruptedException {
        if (wanted != null && (wanted < 0 || wanted >= slots.size())) {
            wanted = null; // llama.cpp takes an id_slot it does not have (-1 among them) as "any"
        }
        Waiter w = new Waiter(tokens, wanted);
        synchronized (this) {
            queue.add(w);
            dispatch();
            while (w.lease == null) {
                if (cancelled.getAsBoolean()) {
                    queue.remove(w);
                    dispatch();
                    return null;
                }
                wait(20);
            }
            return w.lease;
        }
    }

    /** The call is over: its slot keeps {@code cache} (what the slot read and wrote) and serves the next. */
    synchronized void release(Lease lease, List<String> cache) {
        Slot s = slots.get(lease.slot());
        s.cache = List.copyOf(cache);
        s.busy = false;
        s.lastUsed = ++uses;
        dispatch();
        notifyAll();
    }

    /** Gives free slots to the waiting calls, first come first served. */
    private void dispatch() {
        for (Waiter w : List.copyOf(queue)) {
            int chosen = -1;
            int best = -1;
            int longest = -1;
            int oldest = -1;
            for (int i = 0; i < slots.size(); i++) {
                Slot s = slots.get(i);
                if (s.busy || w.wanted != null && w.wanted != i) {
                    continue;
                }
                int shared = shared(s.cache, w.tokens);
                if (shared == s.cache.size() && shared > best) {
                    chosen = i; // its whole cache begins the prompt: the call goes on from it
                    best = shared;
                }
                longest = Math.max(longest, shared);
                if (oldest < 0 || s.lastUsed < slots.get(oldest).lastUsed) {
                    oldest = i;
                }
            }
            if (chosen < 0 || best == 0 && oldest >= 0) {
                chosen = oldest;
                best = Math.max(0, longest);
            }
            if (chosen >= 0) {
                Slot s = slots.get(chosen);
                s.busy = true;
                // A slot keeps a cached token only if the prompt reads it again; a prompt read whole still leaves the
                // last token to evaluate (both servers always compute at least one).
                w.lease = new Lease(chosen, Math.min(best, Math.max(0, w.tokens.size() - 1)));
                queue.remove(w);
            }
        }
        notifyAll();
    }

    /** How many first tokens two sequences share. */
    static int shared(List<String> a, List<String> b) {
        int n = Math.min(a.size(), b.size());
        int i = 0;
        while (i < n && a.get(i).equals(b.get(i))) {
            i++;
        }
        return i;
    }
}
