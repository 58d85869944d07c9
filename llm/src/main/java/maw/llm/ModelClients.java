package maw.llm;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The LangChain4j chat model for a seat's settings: Ollama by default, or any OpenAI-compatible endpoint; several
 * servers of one model as a {@link ModelPool}. Every call to one server, from any seat or table of the process, goes
 * through that server's one {@link ServerQueue}.
 */
public final class ModelClients {

    private ModelClients() {}

    /** One queue a server (and model and way of asking): all the process's calls to it wait in it together. */
    private static final Map<String, ServerQueue> QUEUES = new ConcurrentHashMap<>();

    public static ChatModel chatModel(LlmSettings s) {
        return s.endpoints().size() > 1 ? ModelPool.of(s) : single(s);
    }

    /** The queue of the server of the settings (their first), made at the first ask. */
    static ServerQueue single(LlmSettings s) {
        String url = s.endpoints().getFirst().url();
        String key = String.join("|", s.provider().wire(), url, s.model(), s.apiKey(), Double.toString(s.temperature()),
                s.timeout().toString(), Integer.toString(s.contextBudget()), Integer.toString(s.maxOutputTokens()),
                Integer.toString(s.slots()));
        return QUEUES.computeIfAbsent(key, k -> new ServerQueue(url, client(s), () -> ModelServer.shape(s), s.provider()));
    }

    /** Every server queue of the process, with its figures. */
    public static Map<String, Map<String, Object>> queues() {
        Map<String, Map<String, Object>> out = new java.util.TreeMap<>();
        QUEUES.values().forEach(q -> out.put(q.url(), q.stats()));
        return out;
    }

    /** The client of one server (the settings' first). */
    static ChatModel client(LlmSettings s) {
        return switch (s.provider()) {
            case OLLAMA -> OllamaChatModel.builder()
                    .baseUrl(s.endpoints().getFirst().url())
                    .modelName(s.model())
                    .temperature(s.temperature())
                    .timeout(s.timeout())
                    // The server's context must hold the whole prompt and the answer, or Ollama silently drops the
                    // start of the prompt (its default window is smaller than a long game's prompt).
                    .numCtx(s.contextBudget() + s.maxOutputTokens())
                    .numPredict(s.maxOutputTokens())
                    // Retries are the seat's business (each counted in the game summary), not the client's.
                    .maxRetries(0)
                    .build();
            case OPENAI -> OpenAiChatModel.builder()
                    .baseUrl(s.endpoints().getFirst().url())
                    .apiKey(s.apiKey().isEmpty() ? "none" : s.apiKey())
                    .modelName(s.model())
                    .temperature(s.temperature())
                    .timeout(s.timeout())
                    .maxTokens(s.maxOutputTokens())
                    // A decision's schema as OpenAI's structured outputs take it (vLLM and llama.cpp take it too).
                    .strictJsonSchema(true)
                    .maxRetries(0)
                    .build();
        };
    }
}
