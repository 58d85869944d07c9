package maw.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import maw.llm.LlmSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The language-model settings and the seat plan: one place, rising order, per-seat overrides, named errors. */
class LlmConfigTest {

    @TempDir
    Path home;

    private MawConfig load(String yaml, Map<String, String> env, Map<String, MawConfig.Value> flags)
            throws IOException {
        if (yaml != null) {
            Files.writeString(home.resolve("maw.yaml"), yaml);
        }
        return MawConfig.load(home, null, env, flags);
    }

    @Test
    void theDefaultsAreLlama31OnALocalOllamaWithTimeoutsForCpuInference() throws IOException {
        LlmSettings s = LlmConfig.settings(load(null, Map.of(), Map.of()));
        assertThat(s.provider()).isEqualTo(LlmSettings.Provider.OLLAMA);
        assertThat(s.baseUrl()).isEqualTo("http://localhost:11434");
        assertThat(s.model()).isEqualTo("llama3.1");
        assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(300));
        assertThat(s.contextBudget()).isEqualTo(3072);
        assertThat(LlmConfig.prompts(load(null, Map.of(), Map.of()))).isEqualTo(home.resolve("prompts"));
    }

    @Test
    void fileThenEnvironmentThenFlagsEachWin() throws IOException {
        String yaml = "llm:\n  provider: openai\n  base-url: http://gpu-box:8000/v1\n  model: from-file\n"
                + "  temperature: 0.2\n";
        LlmSettings file = LlmConfig.settings(load(yaml, Map.of(), Map.of()));
        assertThat(file.provider()).isEqualTo(LlmSettings.Provider.OPENAI);
        assertThat(file.baseUrl()).isEqualTo("http://gpu-box:8000/v1");
        assertThat(file.model()).isEqualTo("from-file");
        assertThat(file.temperature()).isEqualTo(0.2);
        Map<String, String> env = Map.of("MAW_LLM_MODEL", "from-env", "MAW_LLM_API_KEY", "sk-env",
                "MAW_LLM_BASE_URL", "https://llm.example.org/v1");
        LlmSettings withEnv = LlmConfig.settings(load(yaml, env, Map.of()));
        assertThat(withEnv.model()).isEqualTo("from-env");
        assertThat(withEnv.apiKey()).isEqualTo("sk-env");
        assertThat(withEnv.baseUrl()).isEqualTo("https://llm.example.org/v1");
        LlmSettings withFlag = LlmConfig.settings(load(yaml, env,
                Map.of("llm.model", new MawConfig.Value("from-flag", "--model"))));
        assertThat(withFlag.model()).isEqualTo("from-flag");
        assertThat(withFlag.apiKey()).isEqualTo("sk-env");
    }

    @Test
    void badValuesAreNamedWithTheirSource() throws IOException {
        assertThatThrownBy(() -> load(null, Map.of("MAW_LLM_BASE_URL", "localhost:11434"), Map.of()))
                .isInstanceOf(ConfigException.class).hasMessageContaining("llm.base-url")
                .hasMessageContaining("environment MAW_LLM_BASE_URL").hasMessageContaining("http://");
        assertThatThrownBy(() -> load(null, Map.of("MAW_LLM_PROVIDER", "anthropic"), Map.of()))
                .hasMessageContaining("llm.provider").hasMessageContaining("ollama, openai");
        assertThatThrownBy(() -> load(null, Map.of("MAW_LLM_TIMEOUT", "0"), Map.of()))
                .hasMessageContaining("llm.timeout");
        assertThatThrownBy(() -> load(null, Map.of("MAW_LLM_CONTEXT_BUDGET", "100"), Map.of()))
                .hasMessageContaining("llm.context-budget").hasMessageContaining("512");
        assertThatThrownBy(() -> load(null, Map.of("MAW_LLM_TEMPERATURE", "hot"), Map.of()))
                .hasMessageContaining("llm.temperature");
        assertThatThrownBy(() -> load(null, Map.of("MAW_LLM_HINT", "yes"), Map.of()))
                .hasMessageContaining("llm.hint").hasMessageContaining("none, reading");
        assertThat(LlmConfig.readingHint(load(null, Map.of("MAW_LLM_HINT", "reading"), Map.of()))).isTrue();
        assertThat(LlmConfig.readingHint(load(null, Map.of(), Map.of()))).isFalse();
        MawConfig mixed = load(null, Map.of(), Map.of("seats", new MawConfig.Value("llm[hint=reading]:3,llm:3",
                "--seats")));
        List<SeatPlan.Group> groups = SeatPlan.parse(mixed.value(Setting.SEATS)).groups();
        assertThat(LlmConfig.readingHint(mixed.with(groups.get(0).overrides(), "seat group 1"))).isTrue();
        assertThat(LlmConfig.readingHint(mixed.with(groups.get(1).overrides(), "seat group 2"))).isFalse();
    }

    @Test
    void aSeatPlanMixesKindsAndOverridesModelsPerGroup() throws IOException {
        MawConfig c = load(null, Map.of(), Map.of("seats", new MawConfig.Value(
                "llm[model=qwen2.5:7b;base-url=http://gpu:11434]:2, llm:1 ,rule:3", "--seats")));
        SeatPlan plan = SeatPlan.parse(c.value(Setting.SEATS));
        assertThat(plan.seats()).isEqualTo(6);
        assertThat(plan.perSeat()).extracting(SeatPlan.Group::kind).containsExactly(SeatPlan.Kind.LLM,
                SeatPlan.Kind.LLM, SeatPlan.Kind.LLM, SeatPlan.Kind.RULE, SeatPlan.Kind.RULE, SeatPlan.Kind.RULE);
        LlmSettings first = LlmConfig.settings(c.with(plan.groups().get(0).overrides(), "test"));
        assertThat(first.model()).isEqualTo("qwen2.5:7b");
        assertThat(first.baseUrl()).isEqualTo("http://gpu:11434");
        LlmSettings second = LlmConfig.settings(c.with(plan.groups().get(1).overrides(), "test"));
        assertThat(second.model()).isEqualTo("llama3.1");
    }

    @Test
    void aSeatPlanInMawYamlIsAList() throws IOException {
        MawConfig c = load("llm:\n  model: llama3.1:8b\nseats:\n  - llm: 2\n    model: mistral\n    provider: openai\n"
                + "    base-url: http://vllm:8000/v1\n  - llm: 2\n  - rule: 2\n", Map.of(), Map.of());
        SeatPlan plan = SeatPlan.parse(c.value(Setting.SEATS));
        assertThat(plan.groups()).hasSize(3);
        LlmSettings mistral = LlmConfig.settings(c.with(plan.groups().get(0).overrides(), "test"));
        assertThat(mistral.provider()).isEqualTo(LlmSettings.Provider.OPENAI);
        assertThat(mistral.model()).isEqualTo("mistral");
        assertThat(LlmConfig.settings(c.with(plan.groups().get(1).overrides(), "test")).model())
                .isEqualTo("llama3.1:8b");
    }

    @Test
    void aBadSeatPlanIsNamed() {
        assertThatThrownBy(() -> load(null, Map.of("MAW_SEATS", "llm:3,wizard:3"), Map.of()))
                .isInstanceOf(ConfigException.class).hasMessageContaining("'wizard:3'")
                .hasMessageContaining("environment MAW_SEATS").hasMessageContaining("rule, llm, human or outside");
        assertThatThrownBy(() -> load(null, Map.of("MAW_SEATS", "llm:0"), Map.of()))
                .hasMessageContaining("a number of seats from 1 to 60");
        assertThatThrownBy(() -> load(null, Map.of("MAW_SEATS", "rule[model=x]:2"), Map.of()))
                .hasMessageContaining("no settings for rule seats");
        assertThatThrownBy(() -> load(null, Map.of("MAW_SEATS", "llm[colour=red]:2"), Map.of()))
                .hasMessageContaining("not 'colour'");
        assertThatThrownBy(() -> load(null, Map.of("MAW_SEATS", "llm[timeout=never]:2"), Map.of()))
                .hasMessageContaining("llm.timeout").hasMessageContaining("seat group llm[timeout=never]:2");
        assertThatThrownBy(() -> load(null, Map.of("MAW_SEATS", "llm[model=x:2"), Map.of()))
                .hasMessageContaining("without its ']'");
    }

    @Test
    void theApiKeyIsASecret() {
        assertThat(Setting.LLM_API_KEY.secret()).isTrue();
        assertThat(Setting.LLM_MODEL.secret()).isFalse();
        assertThat(Setting.LLM_BASE_URL.envName()).isEqualTo("MAW_LLM_BASE_URL");
    }
}
