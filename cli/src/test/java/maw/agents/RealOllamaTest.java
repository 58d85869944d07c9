package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import maw.agents.maw.MawTables;
import maw.agents.model.ModelInterfaceAgent;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.game.maw.GameOptions;
import maw.llm.LlmSettings;
import maw.llm.ModelServer;
import maw.llm.PromptTemplates;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short game against a real Ollama: runs only when {@code OLLAMA_BASE_URL} is set (the model is
 * {@code OLLAMA_MODEL}, llama3.1 by default), and skips otherwise. Three model seats and two rule bots, two days at
 * most, over the test ejabberd.
 */
@EnabledIfEnvironmentVariable(named = "OLLAMA_BASE_URL", matches = ".+")
class RealOllamaTest {

    @TempDir
    Path out;

    @Test
    void aShortGameWithARealModel() throws Exception {
        String model = System.getenv().getOrDefault("OLLAMA_MODEL", "llama3.1");
        LlmSettings settings = LlmSettings.ollamaDefaults().withBaseUrl(System.getenv("OLLAMA_BASE_URL"))
                .withModel(model);
        ModelServer.check(settings);
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        GameTable.SeatFiller llm = ModelInterfaceAgent.filler(settings,
                new PromptTemplates(TestXmpp.home().resolve("prompts")), Duration.ofSeconds(1), out);
        for (int i = 0; i < 3; i++) {
            fillers.add(llm);
        }
        fillers.add(GameTable.ruleBots());
        fillers.add(GameTable.ruleBots());
        TestXmpp xmpp = TestXmpp.get();
        GameTable table = new GameTable(MawTables.spec("real-", GameTable.defaultNames(5), fillers, 1, 3,
                GameOptions.defaults().withTimers(Duration.ofSeconds(180), Duration.ofSeconds(120)).withDayCap(2)
                        .withEndWhenAllVoted(true), out), xmpp.domain());
        xmpp.server().register(table.accounts());
        Listeners none = new Listeners();
        GameTable.Result r = table.play(xmpp.transport(), none, none, Duration.ofMinutes(20));
        assertThat(r.rounds()).hasSize(1);
        long usable = 0;
        for (GameTable.SeatSummary s : r.seats().subList(0, 3)) {
            assertThat((Long) s.report().get("calls")).as(s.name()).isPositive();
            usable += (Long) s.report().get("decisions") - (Long) s.report().get("gaveUp");
        }
        assertThat(usable).as("decisions the model made itself").isPositive();
    }
}
