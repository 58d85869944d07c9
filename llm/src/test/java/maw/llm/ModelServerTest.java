package maw.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import maw.llm.standin.OllamaStandIn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** At start-up: is the server there, does it have the model; and pulling a missing one. */
class ModelServerTest {

    private final OllamaStandIn ollama;

    ModelServerTest() throws Exception {
        ollama = new OllamaStandIn();
    }

    @AfterEach
    void close() {
        ollama.close();
    }

    @Test
    void aServerWithTheModelPassesTheCheck() throws Exception {
        ModelServer.Status s = ModelServer.check(LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl()));
        assertThat(s.models()).contains("llama3.1:latest");
        assertThat(s.version()).isNotBlank();
    }

    @Test
    void anUnreachableServerIsNamedWithItsUrl() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + closed;
        assertThatThrownBy(() -> ModelServer.check(LlmSettings.ollamaDefaults().withBaseUrl(url)))
                .isInstanceOf(ModelServer.Unavailable.class)
                .hasMessageContaining("cannot reach the Ollama server at " + url).hasMessageContaining("llm.base-url");
    }

    @Test
    void aMissingModelIsNamedWithThePullCommandAndAPullFetchesItShowingProgress() throws Exception {
        LlmSettings mistral = LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl()).withModel("mistral");
        assertThatThrownBy(() -> ModelServer.check(mistral))
                .hasMessageContaining("the model mistral is not on the Ollama server at " + ollama.baseUrl())
                .hasMessageContaining("./maw llm pull --model mistral");
        List<ModelServer.Progress> steps = new ArrayList<>();
        ModelServer.pull(mistral, steps::add);
        assertThat(steps.get(0).status()).isEqualTo("pulling manifest");
        assertThat(steps).anySatisfy(p -> assertThat(p.completed()).isPositive().isLessThanOrEqualTo(p.total()));
        assertThat(steps.get(steps.size() - 1).status()).isEqualTo("success");
        assertThat(ModelServer.check(mistral).models()).contains("mistral:latest");
    }

    @Test
    void anOpenAiCompatibleServerThatRefusesTheKeySaysSo() {
        ollama.requireKey("right");
        LlmSettings wrong = LlmSettings.ollamaDefaults().withProvider(LlmSettings.Provider.OPENAI,
                ollama.openAiBaseUrl()).withApiKey("wrong");
        assertThatThrownBy(() -> ModelServer.check(wrong)).hasMessageContaining("refused the API key")
                .hasMessageContaining("llm.api-key");
    }
}
