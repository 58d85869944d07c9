package maw.llm;

import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The calls to one model server, scheduled for it: as many at once as it has slots (calls it serves at once), the
 * others waiting first come, first served (no seat overtakes another); and where the server takes a slot's number
 * (llama.cpp's {@code id_slot}, with {@code cache_prompt}), each seat's calls go to the same slot, its home, so that
 * the seat's prompt, which begins with its previous one, is read from that slot's cache rather than again. An Ollama
 * server chooses its slot itself (the one whose cache shares most with the prompt), so it is only held to its slots.
 * A call abandoned while it waits (its seat's turn is over: the thread is interrupted) leaves the queue; one abandoned
 * while the server works closes its connection, and the server stops.
 */
public final class ServerQueue implements ChatModel {

    /** The seat whose call the current thread makes (-1: none named), for its home slot. */
    private static final ThreadLocal<Integer> SEAT = ThreadLocal.withInitial(() -> -1);

    /** The seat whose call the current thread makes, or -1. */
    static int currentSeat() {
        return SEAT.get();
    }

    /** Runs {@code call} as seat {@code seat}'s (its calls keep to their home slot). */
    static <T> T asSeat(int seat, java.util.function.Supplier<T> call) {
        int before = SEAT.get();
        SEAT.set(seat);
        try {
            return call.get();
        } finally {
            SEAT.set(before);
        }
    }

    /** One call that waits: its seat and home slot, and the slot it was given. */
    private static final class Waiter {
        final int seat;
        final int home;
        int slot = -1;

        Waiter(int seat, int home) {
            this.seat = seat;
            this.home = home;
        }
    }

    /** What MAW knows of a server's slots: how many (0: no limit known, the server queues), and whether a call names one. */
    public record Shape(int slots, boolean namesSlots) {}

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ServerQueue.class);

    private final String url;
    private final ChatModel model;
    private final java.util.function.Supplier<Shape> shape;
    private final LlmSettings.Provider provider;
    /** The server refused a JSON schema (an OpenAI-compatible server without structured outputs): JSON mode instead. */
    private volatile boolean refusesSchema;
    private boolean pinned;
    private int slots;
    private boolean[] busy = new boolean[0];
    private final List<Waiter> queue = new ArrayList<>();
    private final Map<Integer, Integer> homes = new LinkedHashMap<>();

    private long calls;
    private long waited;
    private long waitMillis;
    private long maxWaitMillis;
    private int mostAhead;

    /**
     * @param url   the server, for the figures
     * @param model its client
     * @param shape its slots and whether a call names one ({@code id_slot}: llama.cpp's OpenAI-compatible API); asked
     *              once, at the first call (the server may not be up before)
     * @param provider the API it speaks (an OpenAI-compatible one may refuse a schema)
     */
    public ServerQueue(String url, ChatModel model, java.util.function.Supplier<Shape> shape,
            LlmSettings.Provider provider) {
        this.url = Objects.requireNonNull(url);
        this.model = Objects.requireNonNull(model);
        this.shape = Objects.requireNonNull(shape);
        this.provider = Objects.requireNonNull(provider);
    }

    /** The server's slots as MAW holds it to them (0: no limit); asks the server at the first call. */
    public synchronized int slots() {
        if (busy.length == 0) {
            Shape s = shape.get();
            slots = Math.max(0, s.slots());
            pinned = s.namesSlots() && slots > 0;
            busy = new boolean[Math.max(1, slots)];
        }
        return slots;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        int seat = SEAT.get();
        int slot;
        try {
            slot = take(seat);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.util.concurrent.CancellationException("the call was abandoned while it waited for a slot "
                    + "of " + url);
        }
        try {
            ChatRequest asked = refusesSchema && hasSchema(request) ? jsonMode(request) : request;
            try {
                return model.chat(slot >= 0 && pinned ? inSlot(asked, slot) : asked);
            } catch (RuntimeException e) {
                if (provider != LlmSettings.Provider.OPENAI || refusesSchema || !hasSchema(asked)
                        || !refusedSchema(e)) {
                    throw e;
                }
                refusesSchema = true;
                LOG.warn("the model server at {} refuses a JSON schema ({}): its calls ask for plain JSON mode "
                        + "(response_format json_object) from now on", url, abbreviate(e.getMessage()));
                ChatRequest plain = jsonMode(request);
                return model.chat(slot >= 0 && pinned ? inSlot(plain, slot) : plain);
            }
        } finally {
            give(slot);
        }
    }

    /** Whether the server refused a JSON schema: an HTTP 400 that names the response format or the schema. */
    static boolean refusedSchema(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage()).toLowerCase(java.util.Locale.ROOT);
            if ((t instanceof dev.langchain4j.exception.InvalidRequestException || m.contains("400"))
                    && (m.contains("json_schema") || m.contains("response_format") || m.contains("schema"))) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasSchema(ChatRequest r) {
        return r.responseFormat() != null && r.responseFormat().jsonSchema() != null;
    }

    /** The request asking for plain JSON mode instead of its schema. */
    private static ChatRequest jsonMode(ChatRequest r) {
        ChatRequestParameters p = dev.langchain4j.model.chat.request.DefaultChatRequestParameters.builder()
                .overrideWith(r.parameters()).responseFormat(dev.langchain4j.model.chat.request.ResponseFormat.JSON)
                .build();
        return ChatRequest.builder().messages(r.messages()).parameters(p).build();
    }

    private static String abbreviate(String s) {
        return s == null ? "" : s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    /** Whether the server was found to refuse a JSON schema. */
    public boolean refusesSchema() {
        return refusesSchema;
    }

    /** The request with its slot named and its cache kept (llama.cpp's fields). */
    static ChatRequest inSlot(ChatRequest request, int slot) {
        ChatRequestParameters given = request.parameters();
        Map<String, Object> custom = new LinkedHashMap<>();
        if (given instanceof OpenAiChatRequestParameters o && o.customParameters() != null) {
            custom.putAll(o.customParameters());
        }
        custom.put("id_slot", slot);
        custom.put("cache_prompt", true);
        OpenAiChatRequestParameters params = OpenAiChatRequestParameters.builder().overrideWith(given)
                .customParameters(custom).build();
        return ChatRequest.builder().messages(request.messages()).parameters(params).build();
    }

    /** Waits for a slot (the seat's home when calls name theirs); -1: the server has no limit. */
    private synchronized int take(int seat) throws InterruptedException {
        int n = slots();
        if (n == 0) {
            calls++;
            return -1;
        }
        int home = home(seat, n);
        Waiter w = new Waiter(seat, home);
        int ahead = (int) queue.stream().filter(o -> !pinned || o.home == home).count();
        queue.add(w);
        long t0 = System.nanoTime();
        try {
            dispatch();
            while (w.slot < 0) {
                wait();
            }
        } catch (InterruptedException e) {
            queue.remove(w);
            if (w.slot >= 0) {
                busy[w.slot] = false;
            }
            dispatch();
            throw e;
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        calls++;
        if (ms > 0 || ahead > 0) {
            waited++;
        }
        waitMillis += ms;
        maxWaitMillis = Math.max(maxWaitMillis, ms);
        mostAhead = Math.max(mostAhead, ahead);
        return w.slot;
    }

    private int home(int seat, int n) {
        if (seat < 0) {
            return -1;
        }
        // Seats are given homes in the order they first call, one slot after another.
        int order = homes.computeIfAbsent(seat, s -> homes.size());
        return order % n;
    }

    private synchronized void give(int slot) {
        if (slot >= 0) {
            busy[slot] = false;
            dispatch();
        }
    }

    /** Gives free slots to the waiting calls in the order they came. */
    private void dispatch() {
        for (Waiter w : List.copyOf(queue)) {
            int slot = -1;
            if (pinned && w.home >= 0) {
                slot = busy[w.home] ? -1 : w.home;
            } else {
                for (int i = 0; i < busy.length && slot < 0; i++) {
                    slot = busy[i] ? -1 : i;
                }
            }
            if (slot >= 0) {
                busy[slot] = true;
                w.slot = slot;
                queue.remove(w);
            }
        }
        notifyAll();
    }

    /**
     * The queue's figures: the server's slots, calls, those that waited for a slot and how long in all and at most,
     * and the most calls that were ahead of one when it came.
     */
    public synchronized Map<String, Object> stats() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("slots", slots);
        s.put("pinned", pinned);
        s.put("calls", calls);
        s.put("waited", waited);
        s.put("waitMillis", waitMillis);
        s.put("maxWaitMillis", maxWaitMillis);
        s.put("mostAhead", mostAhead);
        s.put("refusesSchema", refusesSchema);
        return s;
    }

    public String url() {
        return url;
    }

    @Override
    public Set<Capability> supportedCapabilities() {
        return model.supportedCapabilities();
    }
}
