package maw.config;

import java.nio.file.Path;
import java.time.Duration;
import maw.llm.LlmSettings;

/** The language-model settings of MAW's configuration, as the {@code llm} module takes them. */
public final class LlmConfig {

    private LlmConfig() {}

    /** Where the model is and how to talk to it. */
    public static LlmSettings settings(MawConfig c) {
        LlmSettings.Provider provider = switch (c.choice(Setting.LLM_PROVIDER, Setting.ProviderKind.class)) {
            case OLLAMA -> LlmSettings.Provider.OLLAMA;
            case OPENAI -> LlmSettings.Provider.OPENAI;
        };
        LlmSettings.JsonMode json = switch (c.choice(Setting.LLM_JSON, Setting.JsonKind.class)) {
            case AUTO -> LlmSettings.JsonMode.AUTO;
            case SCHEMA -> LlmSettings.JsonMode.SCHEMA;
            case OBJECT -> LlmSettings.JsonMode.OBJECT;
            case NONE -> LlmSettings.JsonMode.NONE;
        };
        String pool = c.urls(Setting.LLM_ENDPOINTS);
        return new LlmSettings(provider, pool.isEmpty() ? c.urls(Setting.LLM_BASE_URL) : pool,
                c.string(Setting.LLM_MODEL).strip(),
                c.string(Setting.LLM_API_KEY).strip(), c.decimal(Setting.LLM_TEMPERATURE, 0, 2),
                c.seconds(Setting.LLM_TIMEOUT, 1, 3600), c.integer(Setting.LLM_CONTEXT_BUDGET, 512, 1_000_000),
                c.integer(Setting.LLM_MAX_OUTPUT, 16, 32_768), c.integer(Setting.LLM_RETRIES, 0, 10), json,
                c.string(Setting.LLM_SLOTS).strip().equalsIgnoreCase("auto") ? 0 : c.integer(Setting.LLM_SLOTS, 1, 256));
    }

    /** The longest a model seat waits before a turn (Algorithm 1's n). */
    public static Duration thinkTime(MawConfig c) {
        return c.seconds(Setting.LLM_THINK_SECONDS, 0, 600);
    }

    /** Whether a game pulls a model the Ollama server lacks before it starts ({@code llm.pull=missing}). */
    public static boolean pullMissing(MawConfig c) {
        return c.choice(Setting.LLM_PULL, Setting.PullKind.class) == Setting.PullKind.MISSING;
    }

    /** Whether a model seat's turns carry a rule player's reading of the table ({@code llm.hint=reading}). */
    public static boolean readingHint(MawConfig c) {
        return c.choice(Setting.LLM_HINT, Setting.HintKind.class) == Setting.HintKind.READING;
    }

    /** The guiding-prompt templates' directory. */
    public static Path prompts(MawConfig c) {
        return c.path(Setting.LLM_PROMPTS);
    }
}
