package maw.llm;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import maw.base.Act;

/** What a model seat cost and what went wrong, for the game summary. */
public final class SeatStats {

    private long decisions;
    private long retries;
    private long gaveUp;
    private long cancelled;
    private final Map<String, Long> problems = new TreeMap<>();
    private final Map<String, Long> actions = new TreeMap<>();

    synchronized void decided(Act d) {
        decisions++;
        actions.merge(d.kind().wire(), 1L, Long::sum);
    }

    synchronized void problem(String kind) {
        problems.merge(kind, 1L, Long::sum);
    }

    synchronized void retried() {
        retries++;
    }

    synchronized void gaveUp() {
        gaveUp++;
    }

    synchronized void cancelled() {
        cancelled++;
    }

    /** Turns abandoned because they were over before the model answered. */
    public synchronized long cancelledCount() {
        return cancelled;
    }

    public synchronized long decisions() {
        return decisions;
    }

    public synchronized long retries() {
        return retries;
    }

    public synchronized Map<String, Long> problems() {
        return Map.copyOf(problems);
    }

    /** The figures with the model's own counts, as the game summary reports them per seat. */
    public synchronized Map<String, Object> toMap(Llm llm) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", llm.settings().model());
        m.put("provider", llm.settings().provider().wire());
        m.put("calls", llm.calls());
        m.put("promptTokens", llm.promptTokens());
        m.put("outputTokens", llm.outputTokens());
        m.put("largestPromptTokens", llm.largestPrompt());
        m.put("largestEstimatedPromptTokens", llm.largestEstimatedPrompt());
        m.put("contextBudget", llm.settings().contextBudget());
        m.put("callMillis", llm.callMillis());
        m.put("droppedExchanges", llm.droppedExchanges());
        m.put("decisions", decisions);
        m.put("retries", retries);
        m.put("gaveUp", gaveUp);
        m.put("cancelled", cancelled);
        m.put("problems", new TreeMap<>(problems));
        m.put("estimateScale", Math.round(llm.tokenScale().ratio() * 1000) / 1000.0);
        m.put("cachedTokens", llm.cachedTokens());
        m.put("actions", new TreeMap<>(actions));
        if (!llm.endpointStats().isEmpty()) {
            m.put("endpoints", llm.endpointStats());
        }
        return m;
    }
}
