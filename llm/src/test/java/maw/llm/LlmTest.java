package maw.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import maw.llm.standin.OllamaStandIn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The design's LLM class: its own context per agent, kept under the token budget for a game of any length. */
class LlmTest {

    private final OllamaStandIn ollama;

    LlmTest() throws Exception {
        ollama = new OllamaStandIn().brain(c -> new OllamaStandIn.Answer.Text("{\"action\": \"listen\"}"));
    }

    @AfterEach
    void close() {
        ollama.close();
    }

    private LlmSettings settings(int budget) {
        return LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl()).withContextBudget(budget);
    }

    @Test
    void eachAgentKeepsItsOwnContext() throws Exception {
        Llm ann = new Llm(settings(4000));
        Llm bob = new Llm(settings(4000));
        ann.prompt("You are Ann.", "Ann's secret: the moon.", null);
        bob.prompt("You are Bob.", "Hello?", null);
        ann.prompt("You are Ann.", "And now?", null);
        List<OllamaStandIn.Call> calls = ollama.calls();
        assertThat(calls.get(1).messages()).extracting(OllamaStandIn.Message::content).doesNotContain("Ann's secret: the moon.");
        assertThat(calls.get(2).messages()).extracting(OllamaStandIn.Message::content)
                .containsExactly("You are Ann.", "Ann's secret: the moon.", "{\"action\": \"listen\"}", "And now?");
        assertThat(ann.calls()).isEqualTo(2);
        assertThat(ann.promptTokens()).isEqualTo(calls.get(0).promptTokens() + calls.get(2).promptTokens());
        assertThat(ann.outputTokens()).isPositive();
    }

    @Test
    void theBudgetIsHeldInTheServersTokensOnceItsCountsHaveTaughtTheEstimate() throws Exception {
        // A model whose tokenizer cuts words into pieces of two letters counts more than MAW's estimate says.
        ollama.tokenPieces(2);
        int budget = 1000;
        Llm llm = new Llm(settings(budget));
        String system = "You are Ann, a villager. " + "Remember everything that happens in the village. ".repeat(4);
        for (int turn = 1; turn <= 40; turn++) {
            llm.prompt(system, "- Bob: yesterday everybody suspected Carolyn and Frederick " + turn
                    + " times, remember.\n- Carolyn: preposterous accusations everywhere.", null);
        }
        List<OllamaStandIn.Served> served = ollama.served().stream().map(OllamaStandIn.Call::served).toList();
        assertThat(llm.tokenScale().largestSeen()).as("the server counts more than the estimate").isGreaterThan(1.3);
        // Once the first answer's count is in, every prompt and its answer fit the context asked for (num_ctx).
        assertThat(served.subList(1, served.size())).allSatisfy(s -> {
            assertThat(s.truncated()).isFalse();
            assertThat(s.promptTokens()).isLessThanOrEqualTo(budget);
        });
        assertThat(llm.largestEstimatedPrompt()).as("the estimate, scaled, is the server's").isLessThanOrEqualTo(
                (int) (budget * 1.05));
    }

    @Test
    void everyPromptOfAVeryLongGameStaysUnderTheBudget() throws Exception {
        int budget = 1200;
        Llm llm = new Llm(settings(budget));
        String system = "You are Ann, a villager. " + "Remember the rules of the game well. ".repeat(20);
        for (int turn = 1; turn <= 300; turn++) {
            List<String> news = new ArrayList<>();
            news.add("- Day " + turn + " begins. Player" + turn + " was murdered in the night.");
            for (int i = 0; i < 6; i++) {
                news.add("- Bob: I keep thinking about turn " + turn + " and what Cid said " + i + " times.");
            }
            llm.prompt(system, String.join("\n", news), null);
        }
        int largest = ollama.calls().stream().mapToInt(OllamaStandIn.Call::promptTokens).max().orElseThrow();
        assertThat(largest).as("the server's own count of the largest prompt").isLessThanOrEqualTo(budget);
        assertThat(llm.largestPrompt()).isEqualTo(largest);
        assertThat(llm.contextSize()).isLessThan(600);
    }

    @Test
    void onceTheBudgetIsReachedMostPromptsStillBeginWithThePreviousOne() throws Exception {
        Llm llm = new Llm(settings(1200));
        String system = "You are Ann, a villager. " + "Remember the rules of the game well. ".repeat(20);
        for (int turn = 1; turn <= 60; turn++) {
            llm.prompt(system, "- Day " + turn + " begins.\n" + "- Bob: I keep thinking about turn " + turn
                    + " and what Cid said.\n".repeat(4), null);
        }
        List<OllamaStandIn.Call> calls = ollama.calls();
        int continued = 0;
        for (int i = 31; i < calls.size(); i++) { // well past the first cut
            List<OllamaStandIn.Message> before = calls.get(i - 1).messages();
            List<OllamaStandIn.Message> now = calls.get(i).messages();
            if (now.size() > before.size() && now.subList(0, before.size()).equals(before)) {
                continued++;
            }
        }
        assertThat(llm.droppedExchanges()).isPositive();
        // A cut frees a quarter of the budget, so the prompts after it append to it instead of each losing its oldest
        // exchange (which would make every prompt past the budget a new one for the model server's cache).
        assertThat(continued).as("prompts that begin with the previous prompt, of 29").isGreaterThanOrEqualTo(18);
        assertThat(calls).allSatisfy(c -> assertThat(c.promptTokens()).isLessThanOrEqualTo(1200));
    }

    @Test
    void whatIsCutLeavesItsAnnouncementsInARunningSummaryButNotTheChatter() throws Exception {
        Llm llm = new Llm(settings(600));
        llm.summaryKeeps(line -> !line.startsWith("Bob:"));
        for (int turn = 1; turn <= 40; turn++) {
            llm.prompt("You are Ann.", "Day " + turn + " begins.\nBob: chatter number " + turn + " goes on and on.", null);
        }
        assertThat(llm.summary()).isNotEmpty().allSatisfy(l -> assertThat(l).startsWith("Day "));
        assertThat(ollama.calls().get(39).system()).contains("Earlier in the game (a summary):\nDay ");
    }

    @Test
    void aSingleEnormousMessageIsCutToItsNewestLines() throws Exception {
        Llm llm = new Llm(settings(400));
        StringBuilder flood = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            flood.append("line ").append(i).append(" of a flood of news\n");
        }
        llm.prompt("You are Ann.", flood.toString().strip(), null);
        OllamaStandIn.Call call = ollama.calls().get(0);
        assertThat(call.promptTokens()).isLessThanOrEqualTo(400);
        assertThat(call.lastUser()).startsWith("(earlier lines left out)").endsWith("line 499 of a flood of news");
    }

    @Test
    void aSavedContextLoadsBack(@TempDir Path dir) throws Exception {
        Llm a = new Llm(settings(4000));
        a.prompt("You are Ann.", "First news.", null);
        a.prompt("You are Ann.", "Second news.", null);
        a.save(dir.resolve("ann.jsonl"));
        Llm b = new Llm(settings(4000));
        b.load(dir.resolve("ann.jsonl"));
        assertThat(b.contextSize()).isEqualTo(4);
        b.prompt("You are Ann.", "Third news.", null);
        assertThat(ollama.calls().get(2).messages()).extracting(OllamaStandIn.Message::content)
                .containsSubsequence("First news.", "Second news.", "Third news.");
    }
}
