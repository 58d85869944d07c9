package maw.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ollama4j.Ollama;
import io.github.ollama4j.exceptions.OllamaException;
import io.github.ollama4j.models.response.Model;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Is the model there? Before a game, {@link #check} asks the server whether it answers and has the model (Ollama4j
 * for Ollama; {@code GET /models} for OpenAI-compatible servers), so that a game does not start only to have every
 * model seat fail; {@link #pull} fetches a missing model from an Ollama server, reporting progress as it goes.
 */
public final class ModelServer {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The model cannot be used; the message names the URL and the model, and what to do. */
    public static class Unavailable extends Exception {
        public Unavailable(String message) {
            super(message);
        }
    }

    /** The Ollama server answers but lacks the model ({@link #pull} fetches it). */
    public static final class ModelMissing extends Unavailable {
        public ModelMissing(String message) {
            super(message);
        }
    }

    /** What a check found. */
    public record Status(String version, List<String> models) {}

    /** One step of a pull: a status line, and bytes done of the layer being fetched when known. */
    public record Progress(String status, String digest, long completed, long total) {}

    private ModelServer() {}

    /** Checks every server of the settings (a pool's each); the status of the first. */
    public static Status check(LlmSettings s) throws Unavailable {
        List<LlmSettings.Endpoint> endpoints = s.endpoints();
        if (endpoints.size() > 1) {
            Status first = null;
            for (LlmSettings.Endpoint e : endpoints) {
                Status one = check(s.withBaseUrl(e.url()));
                first = first == null ? one : first;
            }
            return first;
        }
        return switch (s.provider()) {
            case OLLAMA -> checkOllama(s);
            case OPENAI -> checkOpenAi(s);
        };
    }

    private static Status checkOllama(LlmSettings s) throws Unavailable {
        Ollama api = new Ollama(s.baseUrl());
        api.setRequestTimeoutSeconds(10);
        String version;
        List<String> names = new ArrayList<>();
        try {
            version = api.getVersion();
            for (Model m : api.listModels()) {
                names.add(m.getName());
            }
        } catch (OllamaException e) {
            throw new Unavailable("cannot reach the Ollama server at " + s.baseUrl() + " for model " + s.model() + " ("
                    + root(e) + "). Start Ollama there (ollama serve), or point llm.base-url (MAW_LLM_BASE_URL) at a "
                    + "running server.");
        }
        if (names.stream().noneMatch(n -> sameModel(n, s.model()))) {
            throw new ModelMissing("the model " + s.model() + " is not on the Ollama server at " + s.baseUrl()
                    + (names.isEmpty() ? " (it has no models)" : " (it has: " + String.join(", ", names) + ")")
                    + ". Pull it with: ./maw llm pull --model " + s.model() + "   (or: ollama pull " + s.model() + ")");
        }
        return new Status(version, names);
    }

    private static Status checkOpenAi(LlmSettings s) throws Unavailable {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(s.baseUrl() + "/models"))
                .timeout(Duration.ofSeconds(10)).GET();
        if (!s.apiKey().isEmpty()) {
            request.header("Authorization", "Bearer " + s.apiKey());
        }
        HttpResponse<String> response;
        try {
            response = HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new Unavailable("cannot reach the OpenAI-compatible server at " + s.baseUrl() + " for model "
                    + s.model() + " (" + root(e) + "). Check llm.base-url (MAW_LLM_BASE_URL).");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Unavailable("interrupted while asking " + s.baseUrl());
        }
        if (response.statusCode() == 401 || response.statusCode() == 403) {
            throw new Unavailable("the server at " + s.baseUrl() + " refused the API key (HTTP "
                    + response.statusCode() + "). Set llm.api-key (MAW_LLM_API_KEY).");
        }
        if (response.statusCode() == 404) {
            return new Status("unknown", List.of()); // a server without a model list: nothing more to check
        }
        if (response.statusCode() != 200) {
            throw new Unavailable("the server at " + s.baseUrl() + " answered HTTP " + response.statusCode()
                    + " to GET /models: " + abbreviate(response.body()));
        }
        List<String> names = new ArrayList<>();
        try {
            JsonNode data = JSON.readTree(response.body()).path("data");
            data.forEach(m -> names.add(m.path("id").asText()));
        } catch (IOException e) {
            throw new Unavailable("the server at " + s.baseUrl() + " answered GET /models with something that is not "
                    + "JSON: " + abbreviate(response.body()));
        }
        if (!names.isEmpty() && names.stream().noneMatch(n -> sameModel(n, s.model()))) {
            throw new Unavailable("the model " + s.model() + " is not offered at " + s.baseUrl() + " (it offers: "
                    + String.join(", ", names) + "). Set llm.model (MAW_LLM_MODEL).");
        }
        return new Status("openai-compatible", names);
    }

    /** Pulls a model onto an Ollama server; {@code progress} sees every status line as it streams in. */
    public static void pull(LlmSettings s, Consumer<Progress> progress) throws Unavailable {
        if (s.endpoints().size() > 1) {
            // A pool: onto each of its servers that lacks the model.
            for (LlmSettings.Endpoint e : s.endpoints()) {
                LlmSettings one = s.withBaseUrl(e.url());
                try {
                    check(one);
                } catch (ModelMissing missing) {
                    pull(one, progress);
                }
            }
            return;
        }
        if (s.provider() != LlmSettings.Provider.OLLAMA) {
            throw new Unavailable("only an Ollama server pulls models; " + s.baseUrl() + " is OpenAI-compatible");
        }
        // Ollama4j's pullModel reports nothing while it runs (a large model takes minutes): stream /api/pull here.
        String body = "{\"model\":" + quote(s.model()) + ",\"stream\":true}";
        HttpRequest request = HttpRequest.newBuilder(URI.create(s.baseUrl() + "/api/pull"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            HttpResponse<InputStream> response = HttpClient.newHttpClient().send(request,
                    HttpResponse.BodyHandlers.ofInputStream());
            boolean success = false;
            try (BufferedReader r = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.isBlank()) {
                        continue;
                    }
                    JsonNode n = JSON.readTree(line);
                    if (n.hasNonNull("error")) {
                        throw new Unavailable("the Ollama server at " + s.baseUrl() + " could not pull " + s.model()
                                + ": " + n.get("error").asText());
                    }
                    String status = n.path("status").asText();
                    progress.accept(new Progress(status, n.path("digest").asText(null), n.path("completed").asLong(0),
                            n.path("total").asLong(0)));
                    success |= "success".equals(status);
                }
            }
            if (response.statusCode() != 200 || !success) {
                throw new Unavailable("the Ollama server at " + s.baseUrl() + " did not finish pulling " + s.model()
                        + " (HTTP " + response.statusCode() + ")");
            }
        } catch (IOException e) {
            throw new Unavailable("cannot reach the Ollama server at " + s.baseUrl() + " (" + root(e) + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Unavailable("interrupted while pulling " + s.model());
        }
    }

    /**
     * A server's slots as MAW schedules its calls: the settings' {@code slots} where given; else, from a llama.cpp
     * server, what its {@code GET /props} says ({@code total_slots}), its calls then naming their slot; else no limit
     * (0: the server queues them). Only a server that answers {@code /props} (llama.cpp's) is sent a slot's number:
     * another OpenAI-compatible server would refuse the field.
     */
    public static ServerQueue.Shape shape(LlmSettings s) {
        int props = s.provider() == LlmSettings.Provider.OPENAI ? propsSlots(s.endpoints().getFirst().url()) : 0;
        int slots = s.slots() > 0 ? s.slots() : props;
        return new ServerQueue.Shape(slots, props > 0);
    }

    /** The slots a llama.cpp server tells at {@code /props} (beside {@code /v1}), or 0 when it tells none. */
    static int propsSlots(String baseUrl) {
        String root = baseUrl.endsWith("/v1") ? baseUrl.substring(0, baseUrl.length() - 3) : baseUrl;
        try {
            HttpResponse<String> r = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build().send(
                    HttpRequest.newBuilder(URI.create(root + "/props")).timeout(Duration.ofSeconds(5)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                return 0;
            }
            return Math.max(0, JSON.readTree(r.body()).path("total_slots").asInt(0));
        } catch (IOException | IllegalArgumentException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /** {@code llama3.1} is {@code llama3.1:latest}. */
    static boolean sameModel(String listed, String wanted) {
        if (listed.equals(wanted)) {
            return true;
        }
        return !wanted.contains(":") && listed.equals(wanted + ":latest");
    }

    private static String root(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            if (t instanceof ConnectException) {
                return "connection refused";
            }
            t = t.getCause();
        }
        if (t instanceof ConnectException || t instanceof ClosedChannelException) {
            return "connection refused";
        }
        if (t instanceof UnknownHostException) {
            return "unknown host " + t.getMessage();
        }
        if (t instanceof HttpTimeoutException) {
            return "no answer in time";
        }
        return t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
    }

    private static String abbreviate(String s) {
        return s == null ? "" : s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    private static String quote(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
