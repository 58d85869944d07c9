package maw.llm;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;

/**
 * The LangChain4j chat model for a seat's settings: Ollama by default, or any OpenAI-compatible endpoint; several
 * servers of one model as a {@link ModelPool}.
 */
public final class ModelClients {

    private ModelClients() {}

    public static ChatModel chatModel(LlmSettings s) {
        return s.endpoints().size() > 1 ? ModelPool.of(s) : single(s);
    }

    /** The client of one server (the settings' first). */
    static ChatModel single(LlmSettings s) {
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
                    .maxRetries(0)
                    .build();
        };
    }
}
