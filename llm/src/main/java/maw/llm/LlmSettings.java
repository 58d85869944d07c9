package maw.llm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Where a seat's language model is and how to talk to it.
 *
 * @param provider        {@code ollama} or an OpenAI-compatible endpoint
 * @param baseUrl         the server ({@code http://localhost:11434} for Ollama, {@code .../v1} for OpenAI-compatible);
 *                        or several serving the same model, separated by commas or spaces, each with an optional
 *                        weight ({@code http://gpu1:11434*2, http://gpu2:11434}): a pool ({@link ModelPool})
 * @param model           the model's name on that server
 * @param apiKey          the key for OpenAI-compatible servers (may be empty)
 * @param temperature     sampling temperature
 * @param timeout         how long one call may take (CPU inference of an 8B model is slow: minutes)
 * @param contextBudget   the most tokens a prompt may hold; the context is cut to stay under it
 * @param maxOutputTokens the most tokens an answer may have
 * @param retries         how many times a bad or failed answer is asked again before the seat listens
 * @param json            how JSON is asked for: a schema, plain JSON mode, or only in the prompt
 * @param slots           calls each server serves at once (its slots); 0: as a llama.cpp server tells it
 *                        ({@code /props}), else no limit (the server queues the calls)
 */
public record LlmSettings(Provider provider, String baseUrl, String model, String apiKey, double temperature,
        Duration timeout, int contextBudget, int maxOutputTokens, int retries, JsonMode json, int slots) {

    public LlmSettings(Provider provider, String baseUrl, String model, String apiKey, double temperature,
            Duration timeout, int contextBudget, int maxOutputTokens, int retries, JsonMode json) {
        this(provider, baseUrl, model, apiKey, temperature, timeout, contextBudget, maxOutputTokens, retries, json, 0);
    }

    /** Which API the server speaks. */
    public enum Provider {
        OLLAMA("http://localhost:11434"), OPENAI("https://api.openai.com/v1");

        private final String defaultUrl;

        Provider(String defaultUrl) {
            this.defaultUrl = defaultUrl;
        }

        public String defaultUrl() {
            return defaultUrl;
        }

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How the model is held to JSON. */
    public enum JsonMode { AUTO, SCHEMA, OBJECT, NONE }

    public LlmSettings {
        Objects.requireNonNull(provider, "provider");
        baseUrl = baseUrl == null || baseUrl.isBlank() ? provider.defaultUrl() : canonical(baseUrl);
        Objects.requireNonNull(model, "model");
        apiKey = apiKey == null ? "" : apiKey;
        Objects.requireNonNull(timeout, "timeout");
        json = json == null ? JsonMode.AUTO : json;
        if (contextBudget < 256) {
            throw new IllegalArgumentException("the context budget must be at least 256 tokens");
        }
        if (slots < 0 || slots > 256) {
            throw new IllegalArgumentException("a server has 1 to 256 slots (0: as it says), not " + slots);
        }
    }

    /** Ollama with llama3.1 on this machine: the design's default. */
    public static LlmSettings ollamaDefaults() {
        return new LlmSettings(Provider.OLLAMA, null, "llama3.1", "", 0.7, Duration.ofSeconds(300), 3072, 256, 2,
                JsonMode.AUTO);
    }

    /**
     * The JSON mode in effect: a schema unless chosen (Ollama's {@code format}; an OpenAI-compatible server's
     * {@code response_format} of type {@code json_schema}, strict; a server that refuses the schema is asked for plain
     * JSON mode instead, said once in the log).
     */
    public JsonMode effectiveJson() {
        return json != JsonMode.AUTO ? json : JsonMode.SCHEMA;
    }

    public LlmSettings withModel(String m) {
        return new LlmSettings(provider, baseUrl, m, apiKey, temperature, timeout, contextBudget, maxOutputTokens,
                retries, json, slots);
    }

    public LlmSettings withBaseUrl(String url) {
        return new LlmSettings(provider, url, model, apiKey, temperature, timeout, contextBudget, maxOutputTokens,
                retries, json, slots);
    }

    public LlmSettings withProvider(Provider p, String url) {
        return new LlmSettings(p, url, model, apiKey, temperature, timeout, contextBudget, maxOutputTokens, retries,
                json, slots);
    }

    public LlmSettings withApiKey(String key) {
        return new LlmSettings(provider, baseUrl, model, key, temperature, timeout, contextBudget, maxOutputTokens,
                retries, json, slots);
    }


    public LlmSettings withTimeout(Duration t) {
        return new LlmSettings(provider, baseUrl, model, apiKey, temperature, t, contextBudget, maxOutputTokens,
                retries, json, slots);
    }

    public LlmSettings withContextBudget(int tokens) {
        return new LlmSettings(provider, baseUrl, model, apiKey, temperature, timeout, tokens, maxOutputTokens,
                retries, json, slots);
    }

    public LlmSettings withRetries(int r) {
        return new LlmSettings(provider, baseUrl, model, apiKey, temperature, timeout, contextBudget, maxOutputTokens,
                r, json, slots);
    }

    public LlmSettings withSlots(int n) {
        return new LlmSettings(provider, baseUrl, model, apiKey, temperature, timeout, contextBudget, maxOutputTokens,
                retries, json, n);
    }

    public LlmSettings withJson(JsonMode mode) {
        return new LlmSettings(provider, baseUrl, model, apiKey, temperature, timeout, contextBudget, maxOutputTokens,
                retries, mode, slots);
    }

    /** {@code provider model at url}, as messages name it. */
    public String describe() {
        return provider.wire() + " model " + model + " at " + baseUrl;
    }

    private static String stripSlash(String s) {
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    /** One server of the model: its base URL, and its share of the calls against the others'. */
    public record Endpoint(String url, int weight) {
        public Endpoint {
            Objects.requireNonNull(url, "url");
            if (weight < 1 || weight > 1000) {
                throw new IllegalArgumentException("a weight from 1 to 1000, not " + weight);
            }
        }

        @Override
        public String toString() {
            return weight == 1 ? url : url + "*" + weight;
        }
    }

    /**
     * The servers a base URL names: one, or several separated by commas or spaces, each {@code URL} or
     * {@code URL*WEIGHT}.
     */
    public static List<Endpoint> parseEndpoints(String urls) {
        List<Endpoint> out = new ArrayList<>();
        for (String part : urls.strip().split("[,\\s]+")) {
            if (part.isEmpty()) {
                continue;
            }
            int star = part.lastIndexOf('*');
            int weight = 1;
            String url = part;
            if (star > 0) {
                try {
                    weight = Integer.parseInt(part.substring(star + 1));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + part + "': a weight after '*' is a whole number");
                }
                url = part.substring(0, star);
            }
            out.add(new Endpoint(stripSlash(url), weight));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no server in '" + urls + "'");
        }
        return out;
    }

    private static String canonical(String urls) {
        return String.join(",", parseEndpoints(urls).stream().map(Endpoint::toString).toList());
    }

    /** The servers of the model: one, or a pool's. */
    public List<Endpoint> endpoints() {
        return parseEndpoints(baseUrl);
    }
}
