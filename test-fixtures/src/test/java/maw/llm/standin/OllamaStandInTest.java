package maw.llm.standin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The stand-in speaks Ollama's API the way the real server does, and refuses what it refuses. */
class OllamaStandInTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final OllamaStandIn ollama;
    private final HttpClient http = HttpClient.newHttpClient();

    OllamaStandInTest() throws Exception {
        ollama = new OllamaStandIn().brain(c -> new OllamaStandIn.Answer.Text("{\"action\":\"listen\"}"));
    }

    @AfterEach
    void close() {
        ollama.close();
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(ollama.baseUrl() + path)).header("Content-Type",
                "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(ollama.baseUrl() + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aNonStreamedChatAnswersWithCountsAndDurations() throws Exception {
        HttpResponse<String> r = post("/api/chat", "{\"model\":\"llama3.1\",\"stream\":false,\"format\":\"json\","
                + "\"messages\":[{\"role\":\"system\",\"content\":\"Be brief.\"},{\"role\":\"user\",\"content\":\"Hi there!\"}]}");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode n = JSON.readTree(r.body());
        assertThat(n.get("message").get("role").asText()).isEqualTo("assistant");
        assertThat(n.get("message").get("content").asText()).isEqualTo("{\"action\":\"listen\"}");
        assertThat(n.get("done").asBoolean()).isTrue();
        assertThat(n.get("done_reason").asText()).isEqualTo("stop");
        // Words and marks, 3 of framing each message, 2 that open the answer (as a chat template renders a prompt).
        assertThat(n.get("prompt_eval_count").asInt()).isEqualTo((3 + 3) + (3 + 3) + 2);
        assertThat(n.get("eval_count").asInt()).isPositive();
        for (String d : List.of("total_duration", "load_duration", "prompt_eval_duration", "eval_duration")) {
            assertThat(n.get(d).asLong()).as(d).isPositive();
        }
        assertThat(ollama.calls()).singleElement().satisfies(c -> {
            assertThat(c.model()).isEqualTo("llama3.1");
            assertThat(c.format().asText()).isEqualTo("json");
        });
    }

    @Test
    void aChatWithoutStreamFalseStreamsLinesEndingWithDone() throws Exception {
        HttpResponse<String> r = post("/api/chat", "{\"model\":\"llama3.1:latest\",\"messages\":[{\"role\":\"user\","
                + "\"content\":\"Hi\"}]}");
        String[] lines = r.body().strip().split("\n");
        assertThat(lines.length).isGreaterThan(2);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lines.length - 1; i++) {
            JsonNode chunk = JSON.readTree(lines[i]);
            assertThat(chunk.get("done").asBoolean()).isFalse();
            text.append(chunk.get("message").get("content").asText());
        }
        assertThat(text).hasToString("{\"action\":\"listen\"}");
        assertThat(JSON.readTree(lines[lines.length - 1]).get("done").asBoolean()).isTrue();
    }

    @Test
    void malformedRequestsAreRefusedAsOllamaDoes() throws Exception {
        assertThat(post("/api/chat", "{\"messages\":[]}").body()).contains("model is required");
        assertThat(post("/api/chat", "{\"model\":\"llama3.1\",\"messages\":[{\"role\":\"robot\",\"content\":\"x\"}]}")
                .body()).contains("invalid role \\\"robot\\\"");
        assertThat(post("/api/chat", "{\"model\":\"llama3.1\",\"format\":\"yaml\",\"messages\":[{\"role\":\"user\","
                + "\"content\":\"x\"}]}").statusCode()).isEqualTo(400);
        assertThat(post("/api/chat", "not json").statusCode()).isEqualTo(400);
        HttpResponse<String> missing = post("/api/chat", "{\"model\":\"mistral\",\"messages\":[{\"role\":\"user\","
                + "\"content\":\"x\"}]}");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("model \\\"mistral\\\" not found, try pulling it first");
        assertThat(ollama.calls()).isEmpty();
    }

    @Test
    void tagsVersionAndAPullThatStreamsProgress() throws Exception {
        JsonNode tags = JSON.readTree(get("/api/tags").body());
        assertThat(tags.get("models").get(0).get("name").asText()).isEqualTo("llama3.1:latest");
        assertThat(tags.get("models").get(0).get("details").get("family").asText()).isEqualTo("llama");
        assertThat(JSON.readTree(get("/api/version").body()).get("version").asText()).isNotBlank();
        String[] pull = post("/api/pull", "{\"model\":\"mistral\"}").body().strip().split("\n");
        assertThat(JSON.readTree(pull[0]).get("status").asText()).isEqualTo("pulling manifest");
        assertThat(JSON.readTree(pull[pull.length - 1]).get("status").asText()).isEqualTo("success");
        assertThat(JSON.readTree(pull[3]).get("completed").asLong()).isPositive();
        assertThat(get("/api/tags").body()).contains("mistral:latest");
    }

    @Test
    void theOpenAiCompatibleApiChecksTheKeyAndReportsUsage() throws Exception {
        ollama.requireKey("sk-test");
        HttpResponse<String> refused = http.send(HttpRequest.newBuilder(URI.create(ollama.openAiBaseUrl()
                + "/chat/completions")).POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(401);
        HttpResponse<String> ok = http.send(HttpRequest.newBuilder(URI.create(ollama.openAiBaseUrl()
                + "/chat/completions")).header("Authorization", "Bearer sk-test").POST(HttpRequest.BodyPublishers
                .ofString("{\"model\":\"llama3.1\",\"response_format\":{\"type\":\"json_object\"},\"messages\":"
                        + "[{\"role\":\"user\",\"content\":\"Hello\"}]}")).build(), HttpResponse.BodyHandlers.ofString());
        JsonNode n = JSON.readTree(ok.body());
        assertThat(n.get("choices").get(0).get("message").get("content").asText()).isEqualTo("{\"action\":\"listen\"}");
        assertThat(n.get("usage").get("prompt_tokens").asInt()).isEqualTo(1 + 3 + 2);
        assertThat(n.get("object").asText()).isEqualTo("chat.completion");
    }
}
