package maw.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import maw.llm.standin.CostProfile;
import maw.llm.standin.OllamaStandIn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The stand-in costs what a model costs: its slots serve one call at a time, each keeping its last prompt as a cache,
 * every prompt token not in the cache and every answer token costing the profile's time; a client that hangs up
 * stops its call; the context and the answer limit hold as on the real servers.
 */
class StandInCostTest {

    /** 2,000 prompt tokens and 100 answer tokens a second: a test's calls take tens of milliseconds. */
    static final CostProfile FAST = new CostProfile("test", 2000, 100);

    private final OllamaStandIn ollama;

    StandInCostTest() throws Exception {
        ollama = new OllamaStandIn().brain(c -> new OllamaStandIn.Answer.Text("{\"action\": \"listen\"}"));
    }

    @AfterEach
    void close() {
        ollama.close();
    }

    private String chat(String system, String user, String extra) throws Exception {
        String body = "{\"model\":\"llama3.1\",\"stream\":false," + extra + "\"messages\":[{\"role\":\"system\","
                + "\"content\":\"" + system + "\"},{\"role\":\"user\",\"content\":\"" + user + "\"}]}";
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(ollama.baseUrl() + "/api/chat"))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    private static String words(int n) {
        return "word ".repeat(n).strip();
    }

    @Test
    void aPromptThatBeginsWithTheSlotsLastOneReadsOnlyTheRest() throws Exception {
        ollama.cost(FAST);
        chat(words(400), "first", "");
        chat(words(400), "first and then more", "");
        List<OllamaStandIn.Served> served = ollama.served().stream().map(OllamaStandIn.Call::served).toList();
        assertThat(served.get(0).cachedTokens()).isZero();
        // The first prompt's all but its user message's end and the answer's opening: the system message, the user
        // message's framing and its first word.
        assertThat(served.get(1).cachedTokens()).as("the system message and the user's first word")
                .isEqualTo(served.get(0).promptTokens() - 3);
        assertThat(served.get(1).readTokens()).isEqualTo(served.get(1).promptTokens() - served.get(0).promptTokens()
                + 3);
        // 400 tokens at 2,000 a second: 200 ms the first time; the second reads a handful.
        assertThat(served.get(0).workMillis()).isGreaterThanOrEqualTo(200);
        assertThat(served.get(1).workMillis()).isLessThan(served.get(0).workMillis());
        String answer = chat(words(400), "first and then more", "");
        assertThat(answer).contains("\"prompt_eval_count\":" + served.get(1).promptTokens())
                .contains("\"prompt_eval_cached_count\":" + (served.get(1).promptTokens() - 1));
    }

    @Test
    void oneSlotServesOneCallAtATimeAndTheOthersWaitInTurn() throws Exception {
        ollama.cost(FAST).slots(1);
        List<CompletableFuture<String>> calls = List.of(0, 1, 2).stream().map(i -> CompletableFuture.supplyAsync(() -> {
            try {
                return chat("Seat " + i + ". " + words(300), "go", "");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        })).toList();
        calls.forEach(CompletableFuture::join);
        List<OllamaStandIn.Served> served = ollama.served().stream().map(OllamaStandIn.Call::served)
                .sorted(java.util.Comparator.comparingLong(OllamaStandIn.Served::startedAt)).toList();
        for (int i = 1; i < served.size(); i++) {
            assertThat(served.get(i).startedAt()).as("each begins when the one before it ended")
                    .isGreaterThanOrEqualTo(served.get(i - 1).endedAt());
        }
        assertThat(served.getLast().queuedMillis()).isGreaterThanOrEqualTo(2 * 150);

        OllamaStandIn two = new OllamaStandIn().cost(FAST).slots(2);
        try (two) {
            assertThat(two.slotCount()).isEqualTo(2);
        }
    }

    @Test
    void aClientThatHangsUpStopsItsCallAndFreesTheSlot() throws Exception {
        ollama.cost(CostProfile.CPU_8B).slots(1); // 400 tokens: half a minute
        AtomicReference<Thread> caller = new AtomicReference<>();
        CompletableFuture<Void> hung = CompletableFuture.runAsync(() -> {
            caller.set(Thread.currentThread());
            try {
                chat(words(400), "think long", "");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                // the call was abandoned
            }
        }, java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        long deadline = System.currentTimeMillis() + 5_000;
        while (ollama.calls().isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
        Thread.sleep(300);
        caller.get().interrupt(); // the JDK's client closes the connection of a call it abandons
        hung.get(5, java.util.concurrent.TimeUnit.SECONDS);
        while (ollama.served().isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
        OllamaStandIn.Served s = ollama.served().getFirst().served();
        assertThat(s.cancelled()).isTrue();
        assertThat(s.workMillis()).as("stopped long before its 30 s").isLessThan(3_000);
        ollama.cost(FAST);
        long t0 = System.nanoTime();
        chat("short", "now", "");
        assertThat((System.nanoTime() - t0) / 1_000_000).as("the slot is free").isLessThan(3_000);
    }

    @Test
    void theAnswerLimitCutsTheAnswerAndTheContextCutsThePromptFromItsStart() throws Exception {
        ollama.brain(c -> new OllamaStandIn.Answer.Text("one two three four five six seven eight"));
        String cut = chat("sys", words(50), "\"options\":{\"num_predict\":4,\"num_ctx\":20},");
        assertThat(cut).contains("\"done_reason\":\"length\"").contains("\"content\":\"one two three\"")
                .contains("\"eval_count\":4").contains("\"prompt_eval_count\":20");
        assertThat(ollama.served().getFirst().served().truncated()).isTrue();
    }

    @Test
    void aLlamaCppServerTellsItsSlotsAndKeepsACallInTheSlotItNames() throws Exception {
        ollama.llamaCpp(true).slots(3).contextSize(100);
        HttpClient http = HttpClient.newHttpClient();
        String props = http.send(HttpRequest.newBuilder(URI.create(ollama.baseUrl() + "/props")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertThat(props).contains("\"total_slots\":3").contains("\"n_ctx\":100");
        String body = "{\"model\":\"llama3.1\",\"id_slot\":2,\"cache_prompt\":true,\"messages\":[{\"role\":\"user\","
                + "\"content\":\"hello\"}]}";
        String answer = http.send(HttpRequest.newBuilder(URI.create(ollama.openAiBaseUrl() + "/chat/completions"))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString()).body();
        assertThat(answer).contains("\"prompt_tokens_details\":{\"cached_tokens\":0}").contains("\"timings\"");
        assertThat(ollama.served().getFirst().served().slot()).isEqualTo(2);
        String tooLong = "{\"model\":\"llama3.1\",\"messages\":[{\"role\":\"user\",\"content\":\"" + words(120)
                + "\"}]}";
        HttpResponse<String> refused = http.send(HttpRequest.newBuilder(URI.create(ollama.openAiBaseUrl()
                + "/chat/completions")).POST(HttpRequest.BodyPublishers.ofString(tooLong)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("exceed_context_size_error").contains("\"n_prompt_tokens\":125");
        assertThatThrownBy(() -> new OllamaStandIn().slots(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theProfilesAreTheMeasuredOnes() {
        assertThat(CostProfile.named("cpu-8b").reading(136, 1)).isEqualTo(Duration.ofSeconds(10));
        assertThat(CostProfile.named("cpu-8b").writing(60, 1)).isEqualTo(Duration.ofSeconds(60));
        assertThat(CostProfile.named("gpu-8b").writing(60, 1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(CostProfile.named("gpu-8b").writing(60, 10)).isEqualTo(Duration.ofMillis(100));
        assertThat(CostProfile.named("instant").reading(10_000, 1)).isZero();
        assertThatThrownBy(() -> CostProfile.named("tpu")).hasMessageContaining("instant, gpu-8b, cpu-8b");
    }
}
