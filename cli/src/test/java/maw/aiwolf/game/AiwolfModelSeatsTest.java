package maw.aiwolf.game;

import static org.assertj.core.api.Assertions.assertThat;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import maw.aiwolf.seat.AiwolfBotAgent;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Journal;
import maw.agents.model.ModelInterfaceAgent;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.aiwolf.AiwolfJournal;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.protocol.Protocol;
import maw.aiwolf.protocol.Version;
import maw.llm.LlmSettings;
import maw.llm.PromptTemplates;
import maw.llm.standin.OllamaStandIn;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Model seats in an AIWolf game over the real ejabberd, the model being the Ollama stand-in: they get the AIWolf
 * guiding prompts of their role with the players' agent numbers, a talk in prose is sent back and answered again in
 * protocol text, a structured sentence is written as text, and every talk of theirs in the game is protocol 3.6.
 */
class AiwolfModelSeatsTest {

    @TempDir
    Path out;

    @Test
    void modelSeatsTalkProtocolAndPlayAWholeGameWithRuleBots() throws Exception {
        try (OllamaStandIn ollama = new OllamaStandIn()) {
            LlmSettings settings = LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl());
            PromptTemplates prompts = new PromptTemplates(TestXmpp.home().resolve("prompts"));
            prompts.check();
            List<GameTable.SeatFiller> fillers = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                fillers.add(i < 3 ? ModelInterfaceAgent.filler(settings, prompts, Duration.ZERO, out.resolve("contexts"))
                        : AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES));
            }
            TestXmpp xmpp = TestXmpp.get();
            GameTable table = new GameTable(new GameTable.Spec("aiwolf-llm-", GameTable.defaultNames(5), fillers, 1, 5,
                    new AiwolfVariant().ruleset(AiwolfOptions.of(5, Duration.ofSeconds(20))), out), xmpp.domain());
            xmpp.server().register(table.accounts());
            GameTable.Result r;
            try (Journal journal = new Journal(out.resolve("game.jsonl"), table.gameId())) {
                Listeners listeners = new Listeners(journal);
                r = table.play(xmpp.transport(), listeners, listeners, Duration.ofMinutes(3));
            }
            assertThat(r.rounds().getFirst().winner()).isIn("villagers", "werewolves");
            List<String> models = List.of("Alice", "Bob", "Carol");
            assertThat(ollama.calls()).isNotEmpty().allSatisfy(c -> assertThat(c.system())
                    .contains("in an AIWolf game").contains("Agent[01] Alice"));
            assertThat(r.seats()).filteredOn(s -> models.contains(s.name())).allSatisfy(s -> {
                assertThat((Long) s.report().get("calls")).isPositive();
                assertThat(((Map<?, ?>) s.report().get("problems")).keySet().stream().map(Object::toString).toList()).isSubsetOf(List.of("invalid_talk"));
            });
            // The prose talks were sent back with where they go wrong, and answered in protocol.
            assertThat(ollama.calls()).anySatisfy(c -> assertThat(c.lastUser())
                    .startsWith("That answer could not be used").contains("not AIWolf protocol 3.6 text"));
            List<String> log = AiwolfJournal.read(out.resolve("game.jsonl")).getFirst().officialLog();
            List<String> talks = log.stream().filter(l -> l.contains(",talk,") || l.contains(",whisper,")).toList();
            assertThat(talks).allSatisfy(l -> assertThat(Protocol.isValid(l.split(",", 6)[5], Version.V3_6)).isTrue());
            // The model seats' own sentences reached the game (Alice, Bob and Carol are agents 1 to 3).
            assertThat(talks).anyMatch(l -> l.matches("1,talk,\\d+,\\d+,[123],VOTE Agent\\[\\d\\d]"));
        }
    }
}
