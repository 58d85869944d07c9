package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import maw.agents.model.ModelInterfaceAgent;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.SeatView;
import maw.llm.Llm;
import maw.llm.LlmSettings;
import maw.llm.ModelSeat;
import maw.llm.PromptTemplates;
import maw.llm.standin.OllamaStandIn;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.local.LocalTransport;
import maw.testing.Agents;
import maw.testing.Await;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ModelInterface agent: Algorithm 1 of the design between a Player's get_input and the model. */
class ModelInterfaceAgentTest {

    @TempDir
    Path contexts;

    private final LocalTransport local = new LocalTransport();
    private final Agents agents = new Agents(local);
    private final OllamaStandIn ollama;
    private final Jid playerJid = Jid.of("player", "localhost");
    private final Jid uiJid = Jid.of("ui", "localhost");

    ModelInterfaceAgentTest() throws Exception {
        ollama = new OllamaStandIn();
        for (String n : new String[] {"player", "ui", "stranger", "gm"}) {
            local.register(n, "pw");
        }
    }

    @AfterEach
    void stop() {
        agents.close();
        ollama.close();
    }

    private ModelInterfaceAgent ui(Duration think) throws Exception {
        LlmSettings settings = LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl());
        return agents.start(new ModelInterfaceAgent(uiJid, "pw", "Ann", new ModelSeat(new Llm(settings),
                new PromptTemplates(TestXmpp.home().resolve("prompts"))), think, playerJid, contexts, 1));
    }

    private ScriptedSeat seat(String local) throws Exception {
        return agents.start(new ScriptedSeat(Jid.of(local, "localhost"), "pw", local, Jid.of("gm", "localhost")));
    }

    private static SeatView dayView(List<String> unseen) {
        return new SeatView("Ann", Role.VILLAGER, List.of(), Phase.DAY, 1, 0,
                List.of("Ann", "Bob", "Cid", "Dee"), List.of("Eve"), List.of("Bob", "Cid", "Dee"),
                List.of(Act.Kind.SPEAK, Act.Kind.VOTE, Act.Kind.LISTEN), Map.of(), "Village", 200, unseen,
                null, false, Map.of());
    }

    private static void ask(ScriptedSeat from, String id, int round, String purpose, SeatView view) {
        ask(from, id, round, purpose, 0, view);
    }

    private static void ask(ScriptedSeat from, String id, int round, String purpose, int attempt,
            SeatView view) {
        from.send(Message.builder().to(Jid.of("ui", "localhost")).performative(Performative.REQUEST)
                .ontology(GameAgent.ONTOLOGY).replyWith(id).body(new SeatCatalog.GetInput("g1", round,
                        SeatCatalog.Purpose.valueOf(purpose.toUpperCase(java.util.Locale.ROOT)), attempt, view))
                .build());
    }

    private static Message answerTo(ScriptedSeat seat, String id) throws InterruptedException {
        return seat.next(m -> id.equals(m.inReplyTo()));
    }

    @Test
    void aModelSeatWhispersWhenItsTurnAllowsIt() throws Exception {
        ollama.brain(call -> new OllamaStandIn.Answer.Text(
                "{\"action\":\"whisper\",\"target\":\"bob\",\"message\":\"Vote Cid with me.\"}"));
        ui(Duration.ZERO);
        ScriptedSeat player = seat("player");
        SeatView v = dayView(List.of("Day 1 begins."));
        SeatView withWhispers = new SeatView(v.you(), v.role(), v.partners(), v.phase(), v.day(),
                v.deadline(), v.living(), v.dead(), v.valid_targets(), List.of(Act.Kind.SPEAK, Act.Kind.VOTE,
                        Act.Kind.WHISPER, Act.Kind.LISTEN), Map.of(Act.Kind.WHISPER, v.valid_targets()),
                v.room(), v.max_message_length(), v.unseen(), null, false, Map.of());
        ask(player, "w1", 1, "act", withWhispers);
        Message answer = answerTo(player, "w1");
        assertThat(answer.json().get("action").asText()).isEqualTo("whisper");
        assertThat(answer.json().get("target").asText()).isEqualTo("Bob");
        assertThat(answer.json().get("message").asText()).isEqualTo("Vote Cid with me.");
        assertThat(ollama.calls().get(0).system()).contains("A whisper");
        assertThat(ollama.calls().get(0).lastUser()).contains("\"action\": \"whisper\"");
    }

    @Test
    void aTurnSendsTheGuidingPromptAndTheUnseenLinesAndForwardsTheDecision() throws Exception {
        ui(Duration.ZERO);
        ScriptedSeat player = seat("player");
        ask(player, "q1", 1, "act", dayView(List.of("Day 1 begins.", "Bob: Good morning.")));
        Message answer = answerTo(player, "q1");
        assertThat(answer.is(Performative.INFORM)).isTrue();
        assertThat(answer.json().get("type").asText()).isEqualTo("player_action");
        assertThat(answer.json().get("action").asText()).isEqualTo("speak");
        assertThat(answer.json().get("message").asText()).startsWith("I suspect ");
        OllamaStandIn.Call call = ollama.calls().get(0);
        assertThat(call.system()).contains("You are Ann").contains("It is day 1");
        // The state of the turn goes after the news, so that the guiding prompt stays the same through the day.
        assertThat(call.lastUser()).contains("- Day 1 begins.").contains("- Bob: Good morning.")
                .contains("Valid vote targets: Bob, Cid, Dee.").contains("Dead: Eve.");
        assertThat(call.lastUser().indexOf("Good morning")).isLessThan(call.lastUser().indexOf("Valid vote targets"));
    }

    @Test
    void theSeatGivesItsNameAndAnotherWhenTheFirstWasRefused() throws Exception {
        ui(Duration.ZERO);
        ScriptedSeat player = seat("player");
        SeatView lobby = new SeatView(null, null, List.of(), Phase.LOBBY, 0, 0, List.of(), List.of(),
                List.of(), List.of(), Map.of(), null, 0, List.of(), null, false, Map.of());
        ask(player, "n1", 0, "name", lobby);
        assertThat(answerTo(player, "n1").json().get("name").asText()).isEqualTo("Ann");
        ask(player, "n2", 0, "name", 1, lobby);
        assertThat(answerTo(player, "n2").json().get("name").asText()).isEqualTo("Ann 2");
        ask(player, "n3", 0, "name", 2, lobby);
        assertThat(answerTo(player, "n3").json().get("name").asText()).as("a new name at every attempt")
                .isEqualTo("Ann 3");
        assertThat(ollama.calls()).isEmpty();
    }

    @Test
    void aStrangerIsRefusedAndCostsNoModelCall() throws Exception {
        ui(Duration.ZERO);
        ScriptedSeat stranger = seat("stranger");
        ask(stranger, "s1", 1, "act", dayView(List.of()));
        Message answer = answerTo(stranger, "s1");
        assertThat(answer.is(Performative.REFUSE)).isTrue();
        assertThat(answer.json().get("reason").asText()).contains("from its own player only");
        assertThat(ollama.calls()).isEmpty();
    }

    @Test
    void questionsThatArriveWhileTheSeatWaitsAreOneTurnAndNothingIsLost() throws Exception {
        // Algorithm 1's wait before a turn is drawn from the seat's seed: with seed 1 and at most 3 s it is 1,388 ms,
        // and the second question follows the first within microseconds (the in-JVM transport delivers at once).
        ui(Duration.ofSeconds(3));
        ScriptedSeat player = seat("player");
        ask(player, "q1", 1, "act", dayView(List.of("Bob: first line.")));
        ask(player, "q2", 1, "act", dayView(List.of("Cid: second line.")));
        assertThat(answerTo(player, "q1").json().get("action").asText()).isEqualTo("listen");
        assertThat(answerTo(player, "q2").json().get("action").asText()).isEqualTo("speak");
        assertThat(ollama.calls()).singleElement().satisfies(c -> assertThat(c.lastUser())
                .contains("- Bob: first line.").contains("- Cid: second line."));
    }

    @Test
    void aNewRoundStartsAFreshContextAndTheLastOneIsSaved() throws Exception {
        ModelInterfaceAgent ui = ui(Duration.ZERO);
        ScriptedSeat player = seat("player");
        ask(player, "r1a", 1, "act", dayView(List.of("Round 1 begins.")));
        answerTo(player, "r1a");
        ask(player, "r1b", 1, "act", dayView(List.of("Bob: hello.")));
        answerTo(player, "r1b");
        assertThat(ollama.calls().get(1).messages()).hasSize(4); // system, the first exchange, the new lines
        ask(player, "r2", 2, "act", dayView(List.of("Round 2 begins.")));
        answerTo(player, "r2");
        assertThat(ollama.calls().get(2).messages()).hasSize(2);
        assertThat(contexts.resolve("Ann-round-1.jsonl")).content().contains("Round 1 begins.")
                .contains("Bob: hello.").doesNotContain("Round 2");
        assertThat(ui.report()).containsEntry("calls", 3L).containsEntry("decisions", 3L);
    }

    @Test
    void aQuestionOfTheNextPhaseAbandonsTheCallInFlightAndItsNewsGoesWithTheNewTurn() throws Exception {
        java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
        maw.llm.standin.GameBrain brain = new maw.llm.standin.GameBrain();
        ollama.brain(call -> n.incrementAndGet() == 1
                ? new OllamaStandIn.Answer.Slow(Duration.ofSeconds(30), brain.answer(call)) : brain.answer(call));
        ModelInterfaceAgent ui = ui(Duration.ZERO);
        ScriptedSeat player = seat("player");
        ask(player, "day", 1, "act", dayView(List.of("Bob votes for Cid.")));
        Await.until("the model is asked about the day", () -> ollama.calls().size() == 1);
        Await.until("the seat counts its thinking time", () -> ui.thinkingMillis() > 0);
        SeatView night = new SeatView("Ann", Role.WEREWOLF, List.of("Dee"), Phase.NIGHT, 1, 0,
                List.of("Ann", "Bob", "Cid", "Dee"), List.of("Eve"), List.of("Bob", "Cid"),
                List.of(Act.Kind.SPEAK, Act.Kind.VOTE, Act.Kind.LISTEN), Map.of(), "Hideout", 200,
                List.of("Night 1 falls."), null, false, Map.of());
        ask(player, "night", 1, "act", night);
        assertThat(answerTo(player, "day").json().get("action").asText()).isEqualTo("listen");
        assertThat(answerTo(player, "night").json().get("message").asText()).startsWith("Tonight we take ");
        assertThat(ollama.calls()).hasSize(2);
        assertThat(ollama.calls().get(1).lastUser()).contains("- Bob votes for Cid.").contains("- Night 1 falls.");
        assertThat(ui.report()).containsEntry("cancelled", 1L).containsEntry("calls", 1L);
        assertThat(ui.thinkingMillis()).isZero();
    }
}
