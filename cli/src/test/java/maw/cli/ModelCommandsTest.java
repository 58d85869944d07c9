package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import maw.llm.standin.OllamaStandIn;
import maw.runtime.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line with language-model seats, as a user runs it: {@code maw game --bots llm} and {@code --seats},
 * {@code maw llm check} and {@code maw llm pull}, and the start-up errors for a server that is not there, a model it
 * does not have, and prompts that are missing.
 */
class ModelCommandsTest {

    @RegisterExtension
    final Console console = new Console();

    @TempDir
    Path out;

    private final OllamaStandIn ollama;

    ModelCommandsTest() throws IOException {
        ollama = new OllamaStandIn();
    }

    @AfterEach
    void close() {
        ollama.close();
    }

    private int game(String... more) {
        String[] base = {"game", "--transport", "local", "--seed", "5", "--day-seconds", "20", "--night-seconds", "20",
            "--out", out.toString(), "--json", "--set", "llm.think-seconds=0.1", "--base-url", ollama.baseUrl()};
        String[] args = new String[base.length + more.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        return Main.execute(args);
    }

    @Test
    void aMixedTableOfModelsAndRuleBotsPlaysAndTheSummaryCountsEachModelSeat() throws Exception {
        try (OllamaStandIn other = new OllamaStandIn().models("mistral:latest")) {
            int exit = game("--seats", "llm:2,llm[model=mistral;base-url=" + other.baseUrl() + "]:2,rule:2");
            assertThat(exit).as(console.err()).isZero();
            assertThat(console.out()).contains("model server: ollama model llama3.1 at " + ollama.baseUrl())
                    .contains("2 llm seats (ollama model llama3.1 at " + ollama.baseUrl() + ")")
                    .contains("2 llm seats (ollama model mistral at " + other.baseUrl() + ")")
                    .contains("2 rule bots").contains("model seats:")
                    .contains("Final leaderboard");
            JsonNode summary = Json.parse(console.lastLine());
            JsonNode seats = summary.get("seats");
            assertThat(seats).hasSize(6);
            for (int i = 0; i < 4; i++) {
                assertThat(seats.get(i).get("kind").asText()).isEqualTo("llm");
                assertThat(seats.get(i).get("calls").asLong()).isPositive();
                assertThat(seats.get(i).get("promptTokens").asLong()).isPositive();
                assertThat(seats.get(i).get("outputTokens").asLong()).isPositive();
                assertThat(seats.get(i).has("retries")).isTrue();
                assertThat(seats.get(i).get("problems").size()).isZero();
            }
            assertThat(seats.get(2).get("model").asText()).isEqualTo("mistral");
            assertThat(seats.get(4).get("kind").asText()).isEqualTo("rule");
            assertThat(other.calls()).isNotEmpty().allSatisfy(c -> assertThat(c.model()).isEqualTo("mistral"));
            assertThat(ollama.calls()).isNotEmpty().allSatisfy(c -> assertThat(c.model()).isEqualTo("llama3.1"));
            assertThat(Files.readString(out.resolve("summary.json"))).contains("\"promptTokens\"");
            assertThat(out.resolve("contexts")).isDirectory();
        }
    }

    @Test
    void anUnreachableServerStopsStartUpNamingTheUrlAndTheModel() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        assertThat(Main.execute("game", "--transport", "local", "--bots", "llm", "--base-url",
                "http://127.0.0.1:" + port)).isEqualTo(2);
        assertThat(console.err()).contains("cannot reach the Ollama server at http://127.0.0.1:" + port
                + " for model llama3.1 (connection refused)").contains("llm.base-url").doesNotContain("Exception");
    }

    @Test
    void aMissingModelStopsStartUpWithThePullCommand() {
        assertThat(game("--bots", "llm", "--model", "llama3.3:70b")).isEqualTo(2);
        assertThat(console.err()).contains("the model llama3.3:70b is not on the Ollama server at " + ollama.baseUrl())
                .contains("llama3.1:latest").contains("./maw llm pull --model llama3.3:70b");
        assertThat(ollama.calls()).isEmpty();
    }

    @Test
    void withLlmPullMissingTheGamePullsAMissingModelFirstAndPlays() {
        assertThat(game("--seats", "llm:4,rule:1", "--model", "phi3", "--set", "llm.pull=missing")).isZero();
        assertThat(console.out()).contains("pulling phi3 onto " + ollama.baseUrl() + " (llm.pull=missing)")
                .contains("success").contains("Final leaderboard");
        assertThat(ollama.calls()).as(console.out()).isNotEmpty().allMatch(c -> c.model().startsWith("phi3"));
        assertThat(game("--bots", "llm", "--model", "qwen9", "--set", "llm.pull=sometimes")).isEqualTo(2);
        assertThat(console.err()).contains("llm.pull").contains("missing, never");
    }

    @Test
    void missingPromptsAndContradictoryOptionsAreNamed() {
        assertThat(game("--bots", "llm", "--set", "llm.prompts=" + out.resolve("nowhere"))).isEqualTo(2);
        assertThat(console.err()).contains("the prompt directory").contains("nowhere").contains("llm.prompts");
        assertThat(game("--players", "5", "--seats", "llm:3,rule:3")).isEqualTo(2);
        assertThat(console.err()).contains("--players 5 does not match seats llm:3,rule:3 (6 seats");
        assertThat(game("--seats", "llm:3,robot:3")).isEqualTo(2);
        assertThat(console.err()).contains("invalid seat group 'robot:3' in seats (from --seats)");
    }

    @Test
    void llmCheckSaysWhatTheServerHas() {
        assertThat(Main.execute("llm", "check", "--base-url", ollama.baseUrl())).isZero();
        assertThat(console.out()).contains("ok: ollama model llama3.1 at " + ollama.baseUrl())
                .contains("llama3.1:latest").contains("slots: not said").containsPattern("one decision: \\w+ in "
                        + "[0-9.]+ s \\(1 call\\(s\\), \\d+ prompt tokens").contains("fast enough for either pace");
        assertThat(Main.execute("llm", "check", "--base-url", ollama.baseUrl(), "--model", "phi3")).isEqualTo(2);
        assertThat(console.err()).contains("./maw llm pull --model phi3");
    }

    @Test
    void llmCheckTalksToAnOpenAiCompatibleServerWithItsKey() {
        ollama.models("gpt-test").requireKey("sk-right");
        String[] base = {"llm", "check", "--provider", "openai", "--base-url", ollama.openAiBaseUrl(), "--model",
            "gpt-test"};
        assertThat(Main.execute(concat(base, "--set", "llm.api-key=sk-wrong"))).isEqualTo(2);
        assertThat(console.err()).contains("refused the API key").contains("llm.api-key");
        assertThat(Main.execute(concat(base, "--set", "llm.api-key=sk-right"))).isZero();
        assertThat(console.out()).contains("ok: openai model gpt-test at " + ollama.openAiBaseUrl());
    }

    @Test
    void llmCheckTellsALlamaCppServersSlotsAndThePaceThatSuitsTheModelsSpeed() {
        ollama.models("llama3.1").llamaCpp(true).slots(4).cost(maw.llm.standin.CostProfile.GPU_8B);
        assertThat(Main.execute("llm", "check", "--provider", "openai", "--base-url", ollama.openAiBaseUrl(),
                "--set", "llm.retries=0")).as(console.err()).isZero();
        assertThat(console.out()).contains("slots: 4 (llama.cpp: each seat's calls keep to its own slot)")
                .contains("fast enough for either pace");
        assertThat(LlmCommand.advice(95)).contains("plays by turns").contains("before most seats act");
        assertThat(LlmCommand.advice(2)).contains("give a day at least 60 s");
        assertThat(LlmCommand.advice(5)).contains("at least 120 s");
    }

    @Test
    void llmPullShowsItsProgressAndTheModelIsThereAfterwards() {
        assertThat(Main.execute("llm", "pull", "--base-url", ollama.baseUrl(), "--model", "phi3")).isZero();
        assertThat(console.out()).contains("pulling phi3 onto " + ollama.baseUrl()).contains("pulling manifest")
                .contains("pulling 8eeb52dfb3bb   0.0% (0.0 KB of 4.58 GB)")
                .contains("100.0% (4.58 GB of 4.58 GB)").contains("success").contains("phi3 is on");
        assertThat(Main.execute("llm", "check", "--base-url", ollama.baseUrl(), "--model", "phi3")).isZero();
    }

    @Test
    void benchLlmPacesPlaysSixModelSeatsOnOneServerAndReportsEachTable() throws Exception {
        int exit = Main.execute("bench", "llm", "paces", "--set", "transport=local", "--profiles", "instant",
                "--paces", "turns,clock", "--slots", "1", "--days", "instant=2", "--day-seconds", "5",
                "--night-seconds", "3", "--json");
        assertThat(exit).as(console.err()).isZero();
        JsonNode tables = Json.parse(console.lastLine()).get("tables");
        assertThat(tables).hasSize(2);
        JsonNode turns = tables.get(0);
        assertThat(turns.get("pace").asText()).isEqualTo("turns");
        assertThat(turns.get("leastActedShare").asDouble()).as("by turns every living seat acts").isEqualTo(1.0);
        assertThat(turns.get("mostCallsAhead").asInt()).isZero();
        assertThat(turns.get("perDay").size()).isPositive();
        assertThat(turns.get("decisions").asInt()).isPositive();
        assertThat(Main.execute("bench", "llm", "paces", "--profiles", "tpu")).isEqualTo(2);
        assertThat(console.err()).contains("invalid value 'tpu' for --profiles");
        assertThat(Main.execute("bench", "llm", "paces", "--paces", "sometimes")).isEqualTo(2);
        assertThat(console.err()).contains("invalid value 'sometimes' for --paces: expected clock or turns");
    }

    @Test
    void benchLlmReportsItsFiguresAsJson() throws Exception {
        int exit = Main.execute("bench", "llm", "--set", "transport=local", "--delay-ms", "20", "--days", "2",
                "--think-seconds", "0.05", "--json");
        assertThat(exit).as(console.err()).isZero();
        JsonNode j = Json.parse(console.lastLine());
        assertThat(j.get("calls").asLong()).isPositive();
        assertThat(j.get("callMillisSum").asLong()).isPositive();
        assertThat(j.get("ratio").asDouble()).isPositive();
        assertThat(j.get("withThink.thinkMillis").asLong()).isEqualTo(50);
        assertThat(j.get("longDays").asInt()).isEqualTo(2);
        assertThat(j.get("longLargestEstimatedPromptTokens").asInt()).isPositive()
                .isLessThanOrEqualTo(j.get("contextBudget").asInt());
        assertThat(j.get("underBudget").asBoolean()).isTrue();
        assertThat(console.out()).contains("ratio").contains("(target <= 0.5)");
    }

    @Test
    void theApiKeyIsNeverPrinted() {
        assertThat(Main.execute("config", "--set", "llm.api-key=sk-secret-123")).isZero();
        assertThat(console.out()).contains("llm.api-key").contains("(set, not shown)").doesNotContain("sk-secret-123");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
