package maw.llm;

import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.net.http.HttpTimeoutException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Several model servers serving one model, as one: each call goes to the server with the fewest calls outstanding for
 * its weight, then with the fewest calls so far for its weight (a server of weight 2 takes twice the calls of one of
 * weight 1), except that a seat's calls keep to the server that served its last one while that server is no busier
 * than the least busy by more than one call (its prompt is in that server's cache); a server whose call fails is
 * set aside
 * (for 2 s after a first failure, doubling to 60 s while it keeps failing) and the call goes on at the next; one whose
 * call times out is set aside and the timeout is the seat's to retry (the call already took its whole time). When every
 * server is set aside, the one due back first is tried. A seat's context is its own ({@link Llm}): it does not depend
 * on which server answered. Shared by the seats of a group, so that "outstanding" counts all their calls.
 */
public final class ModelPool implements ChatModel {

    /** How long a server that failed is left out at first, and at most. */
    static final long SET_ASIDE_MILLIS = 2_000;
    static final long SET_ASIDE_MAX_MILLIS = 60_000;

    /** One server of the pool and what it did. */
    private static final class Member {
        final String url;
        final int weight;
        final ChatModel model;
        int outstanding;
        long calls;
        long errors;
        long setAsides;
        long millis;
        int failuresInARow;
        long backAt;

        Member(String url, int weight, ChatModel model) {
            this.url = url;
            this.weight = weight;
            this.model = model;
        }
    }

    /** One try of a call at a server: which, whether it answered, how long it took. */
    public record Attempt(String url, boolean ok, long millis) {}

    /** The tries of the calling thread's latest call, for the seat that made it to count as its own. */
    private static final ThreadLocal<List<Attempt>> ATTEMPTS = ThreadLocal.withInitial(ArrayList::new);

    /** The tries of this thread's latest call through a pool (empty: none), taken: the next call starts afresh. */
    public static List<Attempt> takeAttempts() {
        List<Attempt> out = List.copyOf(ATTEMPTS.get());
        ATTEMPTS.get().clear();
        return out;
    }

    private final List<Member> members = new ArrayList<>();
    private final LongSupplier clock;
    /** The server that served each seat's last call (its prompt is in that server's cache). */
    private final Map<Integer, Member> homes = new java.util.HashMap<>();

    /** A pool of the endpoints {@code settings} names, each a client as {@link ModelClients} makes one. */
    public static ModelPool of(LlmSettings settings) {
        List<LlmSettings.Endpoint> endpoints = settings.endpoints();
        List<String> urls = new ArrayList<>();
        List<Integer> weights = new ArrayList<>();
        List<ChatModel> models = new ArrayList<>();
        for (LlmSettings.Endpoint e : endpoints) {
            urls.add(e.url());
            weights.add(e.weight());
            models.add(ModelClients.single(settings.withBaseUrl(e.url())));
        }
        return new ModelPool(urls, weights, models, System::currentTimeMillis);
    }

    ModelPool(List<String> urls, List<Integer> weights, List<ChatModel> models, LongSupplier clock) {
        if (urls.isEmpty() || urls.size() != weights.size() || urls.size() != models.size()) {
            throw new IllegalArgumentException("one weight and one client per endpoint, at least one");
        }
        for (int i = 0; i < urls.size(); i++) {
            members.add(new Member(urls.get(i), weights.get(i), Objects.requireNonNull(models.get(i))));
        }
        this.clock = clock;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        ATTEMPTS.get().clear();
        Set<Member> tried = new HashSet<>();
        RuntimeException last = null;
        while (true) {
            Member m = next(tried);
            if (m == null) {
                throw last;
            }
            tried.add(m);
            long t0 = System.nanoTime();
            try {
                ChatResponse r = m.model.chat(request);
                done(m, t0, true);
                return r;
            } catch (RuntimeException e) {
                if (Thread.currentThread().isInterrupted() || cancelled(e)) {
                    done(m, t0, null); // the seat abandoned the call: no fault of the server
                    throw e;
                }
                done(m, t0, false);
                if (timedOut(e)) {
                    throw e;
                }
                last = e;
            }
        }
    }

    /**
     * The server for the next call: of those not tried yet for it and not set aside, the one with the fewest calls
     * outstanding for its weight (then the fewest calls for its weight); if all are set aside, the one due back first; null when
     * every server has been tried.
     */
    private synchronized Member next(Set<Member> tried) {
        long now = clock.getAsLong();
        Member best = null;
        Member soonest = null;
        for (Member m : members) {
            if (tried.contains(m)) {
                continue;
            }
            if (m.backAt > now) {
                if (soonest == null || m.backAt < soonest.backAt) {
                    soonest = m;
                }
                continue;
            }
            if (best == null || load(m) < load(best)
                    || load(m) == load(best) && (double) m.calls / m.weight < (double) best.calls / best.weight) {
                best = m;
            }
        }
        Member chosen = best != null ? best : soonest;
        Member home = homes.get(ServerQueue.currentSeat());
        if (best != null && home != null && !tried.contains(home) && home.backAt <= now
                && load(home) <= load(best) + 1.0 / home.weight) {
            chosen = home;
        }
        if (chosen != null) {
            chosen.outstanding++;
            chosen.calls++;
        }
        return chosen;
    }

    private static double load(Member m) {
        return (double) m.outstanding / m.weight;
    }

    /** A call ended: {@code ok} true (answered), false (failed: set aside), null (abandoned by the seat). */
    private synchronized void done(Member m, long t0, Boolean ok) {
        m.outstanding--;
        long took = (System.nanoTime() - t0) / 1_000_000;
        m.millis += took;
        if (ok != null) {
            ATTEMPTS.get().add(new Attempt(m.url, ok, took));
        }
        if (ok == null) {
            return;
        }
        if (ok) {
            m.failuresInARow = 0;
            m.backAt = 0;
            int seat = ServerQueue.currentSeat();
            if (seat >= 0) {
                homes.put(seat, m);
            }
            return;
        }
        m.errors++;
        m.setAsides++;
        m.failuresInARow++;
        long pause = Math.min(SET_ASIDE_MAX_MILLIS, SET_ASIDE_MILLIS << Math.min(m.failuresInARow - 1, 10));
        m.backAt = clock.getAsLong() + pause;
    }

    private static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException || t instanceof HttpTimeoutException
                    || t instanceof java.net.SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }

    private static boolean cancelled(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InterruptedException || t instanceof java.util.concurrent.CancellationException) {
                return true;
            }
        }
        return false;
    }

    /** Each server's figures: calls, errors, times set aside, time spent in its calls, and whether it is set aside. */
    public synchronized Map<String, Map<String, Object>> stats() {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        long now = clock.getAsLong();
        for (Member m : members) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("weight", m.weight);
            s.put("calls", m.calls);
            s.put("errors", m.errors);
            s.put("setAside", m.setAsides);
            s.put("callMillis", m.millis);
            s.put("meanMillis", m.calls == 0 ? 0 : m.millis / m.calls);
            s.put("asideNow", m.backAt > now);
            out.put(m.url, s);
        }
        return out;
    }

    @Override
    public Set<Capability> supportedCapabilities() {
        return members.getFirst().model.supportedCapabilities();
    }
}
