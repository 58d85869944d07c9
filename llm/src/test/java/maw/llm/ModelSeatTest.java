package maw.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import maw.base.Act;
import maw.llm.standin.OllamaStandIn;
import maw.llm.standin.OllamaStandIn.Answer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every way a model's answer goes wrong: bounded retries, then the seat listens; each kind is counted. */
class ModelSeatTest {

    private final OllamaStandIn ollama;
    private final Deque<Answer> script = new ArrayDeque<>();

    ModelSeatTest() throws Exception {
        ollama = new OllamaStandIn().brain(c -> script.isEmpty() ? new Answer.Text("{\"action\":\"listen\"}")
                : script.poll());
    }

    @AfterEach
    void close() {
        ollama.close();
    }

    private ModelSeat seat(LlmSettings s) {
        return new ModelSeat(new Llm(s), new PromptTemplates(Views.prompts()));
    }

    private ModelSeat seat() {
        return seat(LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl()).withRetries(2));
    }

    private Act decide(ModelSeat s, Answer... answers) {
        script.clear();
        script.addAll(List.of(answers));
        return s.decide(Views.villagerDay(), List.of("Bob: I suspect Cid."));
    }

    private static Answer text(String s) {
        return new Answer.Text(s);
    }

    @Test
    void aGoodAnswerIsTheDecisionAndTheGuidingPromptAndNewsAreSent() {
        ModelSeat s = seat();
        assertThat(decide(s, text("{\"action\":\"vote\",\"target\":\"Cid\"}"))).isEqualTo(new Act.Vote("Cid"));
        OllamaStandIn.Call call = ollama.calls().get(0);
        assertThat(call.system()).contains("You are Ann");
        assertThat(call.lastUser()).contains("Valid vote targets: Bob, Cid, Dee, Eve.");
        assertThat(call.lastUser()).contains("- Bob: I suspect Cid.").contains("Your turn.");
        assertThat(call.format().get("properties").get("target").get("enum").toString())
                .isEqualTo("[\"Bob\",\"Cid\",\"Dee\",\"Eve\"]");
        assertThat(s.stats().problems()).isEmpty();
    }

    @Test
    void jsonWrappedInProseIsAcceptedAndCounted() {
        ModelSeat s = seat();
        assertThat(decide(s, text("Sure! {\"action\":\"speak\",\"message\":\"Cid is odd.\"} Hope it helps")))
                .isEqualTo(new Act.Speak("Cid is odd."));
        assertThat(s.stats().problems()).containsEntry("wrapped_in_prose", 1L);
        assertThat(s.stats().retries()).isZero();
    }

    @Test
    void eachBadAnswerIsSentBackWithWhatWasWrongUntilAGoodOne() {
        ModelSeat s = seat();
        assertThat(decide(s, text("I vote for Cid!"), text("{\"action\":\"dance\"}"),
                text("{\"action\":\"vote\",\"target\":\"Cid\"}"))).isEqualTo(new Act.Vote("Cid"));
        assertThat(s.stats().problems()).containsEntry("not_json", 1L).containsEntry("unknown_action", 1L);
        assertThat(s.stats().retries()).isEqualTo(2);
        assertThat(ollama.calls().get(1).lastUser()).startsWith("That answer could not be used: no JSON object");
        assertThat(ollama.calls().get(2).lastUser()).contains("unknown action \"dance\"");
    }

    @Test
    void afterTheRetriesTheSeatListens() {
        ModelSeat s = seat();
        assertThat(decide(s, text("{\"action\":\"vote\",\"target\":\"Fay\"}"), text("{\"action\":\"speak\"}"),
                text("{\"action\":\"speak\",\"message\":\"" + "x".repeat(201) + "\"}")))
                .isEqualTo(new Act.Listen());
        assertThat(s.stats().problems()).containsEntry("invalid_target", 1L).containsEntry("empty_message", 1L)
                .containsEntry("message_too_long", 1L);
        assertThat(ollama.calls()).hasSize(3);
    }

    @Test
    void timeoutsAndHttpErrorsAreRetriedAndCounted() {
        ModelSeat s = seat(LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl()).withRetries(2)
                .withTimeout(Duration.ofMillis(400)));
        assertThat(decide(s, new Answer.Slow(Duration.ofSeconds(2), text("{\"action\":\"listen\"}")),
                new Answer.Error(500, "CUDA out of memory"), text("{\"action\":\"vote\",\"target\":\"Bob\"}")))
                .isEqualTo(new Act.Vote("Bob"));
        assertThat(s.stats().problems()).containsEntry("timeout", 1L).containsEntry("http_error", 1L);
    }

    @Test
    void aMalformedResponseBodyIsAnHttpErrorNotACrash() {
        ModelSeat s = seat();
        assertThat(decide(s, new Answer.Malformed("<html>Bad gateway</html>"), new Answer.Malformed("{\"done\":"),
                new Answer.Malformed(""))).isEqualTo(new Act.Listen());
        assertThat(s.stats().problems().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(3);
    }

    @Test
    void anOpenAiCompatibleEndpointPlaysTheSame() {
        ollama.requireKey("sk-maw");
        LlmSettings openai = LlmSettings.ollamaDefaults().withProvider(LlmSettings.Provider.OPENAI,
                ollama.openAiBaseUrl()).withApiKey("sk-maw");
        ModelSeat s = seat(openai);
        assertThat(decide(s, text("{\"action\":\"vote\",\"target\":\"Dee\"}"))).isEqualTo(new Act.Vote("Dee"));
        assertThat(ollama.calls().get(0).api()).isEqualTo("openai");
        // Structured output as OpenAI takes it: a strict schema, the turn's actions and targets as enumerations.
        com.fasterxml.jackson.databind.JsonNode format = ollama.calls().get(0).format();
        assertThat(format.get("type").asText()).isEqualTo("json_schema");
        assertThat(format.at("/json_schema/strict").asBoolean()).isTrue();
        assertThat(format.at("/json_schema/schema/additionalProperties").asBoolean(true)).isFalse();
        assertThat(format.at("/json_schema/schema/required").toString()).contains("action", "message", "target");
        assertThat(format.at("/json_schema/schema/properties/action/enum").toString()).contains("vote", "listen");
        assertThat(format.at("/json_schema/schema/properties/target").toString()).contains("Dee", "null");
        assertThat(s.llm().promptTokens()).isPositive();
    }

    @Test
    void anOpenAiServerThatRefusesTheSchemaIsAskedForPlainJsonModeFromThenOn() {
        ollama.refusesSchema(true);
        LlmSettings openai = LlmSettings.ollamaDefaults().withProvider(LlmSettings.Provider.OPENAI,
                ollama.openAiBaseUrl()).withRetries(0);
        ModelSeat s = seat(openai);
        assertThat(decide(s, text("{\"action\":\"vote\",\"target\":\"Dee\"}"))).isEqualTo(new Act.Vote("Dee"));
        assertThat(decide(s, text("{\"action\":\"listen\"}"))).isEqualTo(new Act.Listen());
        // The refused call is not counted against the seat: it was asked again at once, in JSON mode.
        assertThat(s.stats().problems()).isEmpty();
        assertThat(ollama.calls()).as("the calls served (the refused one is not)")
                .extracting(c -> c.format().get("type").asText()).containsExactly("json_object", "json_object");
        assertThat(ModelClients.single(openai).refusesSchema()).isTrue();
    }

    @Test
    void aTurnThatIsOverIsAbandonedAtOnceAndCountedAsCancelledNotAsAProblem() throws Exception {
        ModelSeat s = seat();
        script.add(new Answer.Slow(Duration.ofSeconds(10), text("{\"action\":\"listen\"}")));
        java.util.concurrent.CompletableFuture<Act> result = new java.util.concurrent.CompletableFuture<>();
        Thread turn = Thread.ofVirtual().start(() -> result.complete(s.decide(Views.villagerDay(), List.of())));
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (ollama.calls().isEmpty() && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000); // until the model has the question
        }
        assertThat(ollama.calls()).hasSize(1);
        turn.interrupt();
        // The model would answer after 10 s; the turn is given up long before.
        assertThat(result.get(5, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(new Act.Listen());
        assertThat(s.stats().cancelledCount()).isEqualTo(1);
        assertThat(s.stats().problems()).isEmpty();
        assertThat(s.stats().retries()).isZero();
        assertThat(s.llm().contextSize()).isZero();
    }

    @Test
    void aHintGoesWithTheTurnOnceAndAgainWhenItChangesOrTheContextForgetsIt() {
        ModelSeat s = seat();
        List<String> hint = List.of("Most suspect now: Cid (named by Bob today).");
        s.turn(Views.villagerDay(), List.of("Bob: I suspect Cid."), hint);
        s.turn(Views.villagerDay(), List.of("Cid: not me."), hint);
        s.turn(Views.villagerDay(), List.of("Dee: hm."), List.of("Most suspect now: Dee."));
        s.llm().clear();
        s.turn(Views.villagerDay(), List.of(), List.of("Most suspect now: Dee."));
        List<OllamaStandIn.Call> calls = ollama.calls();
        assertThat(calls.get(0).lastUser()).contains(ModelSeat.HINT + "\n  Most suspect now: Cid (named by Bob today).");
        assertThat(calls.get(1).lastUser()).contains("The reading of the table is unchanged.")
                .doesNotContain(ModelSeat.HINT);
        assertThat(calls.get(2).lastUser()).contains("  Most suspect now: Dee.");
        assertThat(calls.get(3).lastUser()).contains("  Most suspect now: Dee.");
        // The hint comes after the news and before the turn's state, so each prompt begins with the one before.
        String user = calls.get(0).lastUser();
        assertThat(user.indexOf("- Bob: I suspect Cid.")).isLessThan(user.indexOf(ModelSeat.HINT));
        assertThat(user.indexOf(ModelSeat.HINT)).isLessThan(user.indexOf("Valid vote targets"));
        assertThat(calls.get(1).messages().subList(0, 2)).isEqualTo(calls.get(0).messages());
        assertThat(calls.get(1).messages().get(2).role()).isEqualTo("assistant");
    }
}
