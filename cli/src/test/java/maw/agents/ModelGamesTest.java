package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import maw.agents.maw.MawTables;
import maw.agents.model.ModelInterfaceAgent;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.game.maw.GameOptions;
import maw.llm.LlmSettings;
import maw.llm.ModelSeat;
import maw.llm.PromptTemplates;
import maw.llm.standin.GameBrain;
import maw.llm.standin.OllamaStandIn.Answer;
import maw.llm.standin.OllamaStandIn;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole games over a real ejabberd with language-model seats, the model being a test double that speaks Ollama's
 * API (and the OpenAI-compatible one): all-model tables, tables that mix models, providers and rule bots, and a
 * table where every way a model fails happens mid-game.
 */
class ModelGamesTest {

    private static final Pattern NAME = Pattern.compile("You are ([^,.\\n]+)[,.]");

    @TempDir
    Path out;

    private final List<OllamaStandIn> servers = new ArrayList<>();

    @AfterEach
    void close() {
        servers.forEach(OllamaStandIn::close);
    }

    private OllamaStandIn server() throws Exception {
        OllamaStandIn s = new OllamaStandIn();
        servers.add(s);
        return s;
    }

    private static PromptTemplates prompts() {
        return new PromptTemplates(TestXmpp.home().resolve("prompts"));
    }

    private GameTable.Result play(String prefix, List<GameTable.SeatFiller> fillers, GameOptions options)
            throws Exception {
        TestXmpp xmpp = TestXmpp.get();
        GameTable table = new GameTable(MawTables.spec(prefix + TestXmpp.password(prefix).substring(0, 4) + "-",
                GameTable.defaultNames(fillers.size()), fillers, 1, 21, options, out), xmpp.domain());
        xmpp.server().register(table.accounts());
        Listeners none = new Listeners();
        return table.play(xmpp.transport(), none, none, Duration.ofMinutes(3));
    }

    private static List<GameTable.SeatFiller> seats(int n, GameTable.SeatFiller filler) {
        List<GameTable.SeatFiller> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(filler);
        }
        return out;
    }

    @Test
    void sixModelSeatsPlayAWholeGame() throws Exception {
        OllamaStandIn ollama = server();
        LlmSettings settings = LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl());
        GameTable.Result r = play("llm6", seats(6, ModelInterfaceAgent.filler(settings, prompts(),
                Duration.ofMillis(200), out.resolve("contexts"))), GameOptions.defaults()
                .withTimers(Duration.ofSeconds(20), Duration.ofSeconds(20)).withEndWhenAllVoted(true));
        checkRound(r);
        assertThat(r.seats()).extracting(GameTable.SeatSummary::name)
                .containsExactlyElementsOf(GameTable.defaultNames(6));
        assertThat(r.seats()).allSatisfy(s -> {
            assertThat(s.kind()).isEqualTo("llm");
            assertThat((Long) s.report().get("calls")).isPositive();
            assertThat((Integer) s.report().get("largestPromptTokens")).isLessThanOrEqualTo(3072);
            assertThat((Map<?, ?>) s.report().get("problems")).isEmpty();
        });
        assertThat(ollama.calls()).anySatisfy(c -> assertThat(c.system()).contains("only the werewolves meet"));
        assertThat(ollama.calls()).allSatisfy(c -> assertThat(c.model()).isEqualTo("llama3.1"));
        assertThat(out.resolve("contexts").resolve("Alice-round-1.jsonl")).exists();
    }

    @Test
    void oneTableMixesModelsProvidersAndRuleBots() throws Exception {
        OllamaStandIn ollama = server().models("qwen2.5:7b");
        OllamaStandIn openai = server().models("gpt-test");
        LlmSettings onOllama = LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl()).withModel("qwen2.5:7b");
        LlmSettings onOpenAi = LlmSettings.ollamaDefaults().withProvider(LlmSettings.Provider.OPENAI,
                openai.openAiBaseUrl()).withModel("gpt-test").withApiKey("sk-test");
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        fillers.addAll(seats(2, ModelInterfaceAgent.filler(onOllama, prompts(), Duration.ofMillis(200), null)));
        fillers.addAll(seats(2, ModelInterfaceAgent.filler(onOpenAi, prompts(), Duration.ofMillis(200), null)));
        fillers.addAll(seats(2, GameTable.ruleBots()));
        GameTable.Result r = play("mix", fillers, GameOptions.defaults()
                .withTimers(Duration.ofSeconds(20), Duration.ofSeconds(20)).withEndWhenAllVoted(true));
        checkRound(r);
        assertThat(r.seats()).extracting(GameTable.SeatSummary::kind)
                .containsExactly("llm", "llm", "llm", "llm", "rule", "rule");
        assertThat(r.seats().subList(0, 4)).allSatisfy(s -> assertThat((Map<?, ?>) s.report().get("problems")).isEmpty());
        assertThat(r.seats().get(0).report()).containsEntry("model", "qwen2.5:7b").containsEntry("provider", "ollama");
        assertThat(r.seats().get(2).report()).containsEntry("model", "gpt-test").containsEntry("provider", "openai");
        assertThat(ollama.calls()).isNotEmpty().allSatisfy(c -> {
            assertThat(c.api()).isEqualTo("ollama");
            assertThat(c.model()).isEqualTo("qwen2.5:7b");
            assertThat(c.system()).containsAnyOf("You are Alice", "You are Bob");
        });
        assertThat(openai.calls()).isNotEmpty().allSatisfy(c -> {
            assertThat(c.api()).isEqualTo("openai");
            assertThat(c.model()).isEqualTo("gpt-test");
            assertThat(c.system()).containsAnyOf("You are Carol", "You are Dave");
        });
    }

    @Test
    void everyWayAModelFailsMidGameIsCountedAndTheGameGoesOn() throws Exception {
        OllamaStandIn ollama = server();
        GameBrain good = new GameBrain();
        java.util.concurrent.ConcurrentHashMap<String, Integer> turns = new java.util.concurrent.ConcurrentHashMap<>();
        ollama.brain(call -> {
            Matcher m = NAME.matcher(call.system());
            String who = m.find() ? m.group(1) : "";
            int turn = turns.merge(who, 1, Integer::sum);
            return switch (who) {
                case "Alice" -> turn <= 2 ? good.answer(call) : new Answer.Error(500, "model runner crashed");
                case "Bob" -> new Answer.Malformed("<html>Bad Gateway</html>");
                case "Carol" -> new Answer.Text("I think Dave is a werewolf, so I vote for Dave.");
                case "Dave" -> new Answer.Slow(Duration.ofSeconds(3), good.answer(call));
                case "Eve" -> new Answer.Text("{\"action\": \"accuse\", \"target\": \"Bob\"}");
                default -> good.answer(call);
            };
        });
        LlmSettings settings = LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl())
                .withTimeout(Duration.ofSeconds(1)).withRetries(1);
        GameTable.Result r = play("faults", seats(6, ModelInterfaceAgent.filler(settings, prompts(),
                Duration.ofMillis(100), null)), GameOptions.defaults()
                .withTimers(Duration.ofSeconds(4), Duration.ofSeconds(3)).withDayCap(2).withEndWhenAllVoted(true));
        assertThat(r.rounds()).hasSize(1);
        Map<String, Map<String, Object>> bySeat = new java.util.HashMap<>();
        r.seats().forEach(s -> bySeat.put(s.name(), s.report()));
        assertThat(problems(bySeat.get("Alice"))).containsKey("http_error");
        assertThat(problems(bySeat.get("Bob"))).containsKey("http_error");
        assertThat(problems(bySeat.get("Carol"))).containsKey("not_json");
        assertThat(problems(bySeat.get("Dave"))).containsKey("timeout");
        assertThat(problems(bySeat.get("Eve"))).containsKey("unknown_action");
        assertThat(problems(bySeat.get("Frank"))).isEmpty();
        for (String bad : List.of("Bob", "Carol", "Dave", "Eve")) {
            assertThat((Long) bySeat.get(bad).get("gaveUp")).as(bad).isPositive();
            assertThat((Long) bySeat.get(bad).get("retries")).as(bad).isPositive();
        }
    }

    @Test
    void seatsToldTheTablesReadingKeepTheirPromptsUnderTheBudgetWithAStablePrefix() throws Exception {
        OllamaStandIn ollama = server();
        int budget = 3072;
        LlmSettings settings = LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl()).withContextBudget(budget);
        GameTable.Result r = play("hint", seats(6, ModelInterfaceAgent.filler(settings, prompts(),
                Duration.ofMillis(100), null, true)), GameOptions.defaults()
                .withTimers(Duration.ofSeconds(20), Duration.ofSeconds(20)).withEndWhenAllVoted(true));
        checkRound(r);
        assertThat(ollama.calls()).anySatisfy(c -> assertThat(c.lastUser()).contains(ModelSeat.HINT)
                .contains("Most suspect now: "));
        assertThat(ollama.calls()).anySatisfy(c -> assertThat(c.lastUser())
                .contains("The village, reading the table, suspects most: "));
        Map<String, OllamaStandIn.Call> previous = new java.util.HashMap<>();
        int compared = 0;
        for (OllamaStandIn.Call c : ollama.calls()) {
            Matcher m = NAME.matcher(c.system());
            String who = m.find() ? m.group(1) : "?";
            OllamaStandIn.Call before = previous.put(who, c);
            if (before != null && before.system().equals(c.system())) {
                // The same phase: the prompt begins with the seat's previous one (a server's prompt cache reuses it).
                assertThat(c.messages().size()).as(who).isGreaterThan(before.messages().size());
                assertThat(c.messages().subList(0, before.messages().size())).as(who)
                        .isEqualTo(before.messages());
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(10);
        assertThat(r.seats()).allSatisfy(s -> {
            assertThat(((Number) s.report().get("largestEstimatedPromptTokens")).intValue()).isLessThanOrEqualTo(budget);
            assertThat((Map<?, ?>) s.report().get("problems")).isEmpty();
        });
    }

    @Test
    @SuppressWarnings("unchecked")
    void aPoolOfThreeModelServersLosesOneMidGameAndTheGameGoesOn() throws Exception {
        OllamaStandIn first = server();
        OllamaStandIn second = server();
        OllamaStandIn third = server();
        GameBrain brain = new GameBrain();
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        OllamaStandIn.Brain counting = call -> {
            if (calls.incrementAndGet() == 12) {
                Thread.ofVirtual().start(second::close); // the second server dies mid-game
            }
            return brain.answer(call);
        };
        for (OllamaStandIn s : List.of(first, second, third)) {
            s.brain(counting).delay(Duration.ofMillis(50));
        }
        LlmSettings pool = LlmSettings.ollamaDefaults().withBaseUrl(first.baseUrl() + ", " + second.baseUrl() + " "
                + third.baseUrl() + "*2");
        assertThat(pool.endpoints()).hasSize(3);
        GameTable.Result r = play("pool", seats(6, ModelInterfaceAgent.filler(pool, prompts(), Duration.ofMillis(100),
                null)), GameOptions.defaults().withTimers(Duration.ofSeconds(20), Duration.ofSeconds(20))
                .withEndWhenAllVoted(true));
        checkRound(r);
        // The pool took the failure: no seat saw a failed call.
        assertThat(r.seats()).allSatisfy(s -> assertThat((Map<?, ?>) s.report().get("problems")).isEmpty());
        // Each seat's calls at each server, added up.
        Map<String, long[]> servers = new java.util.TreeMap<>();
        r.seats().forEach(s -> ((Map<String, Map<String, Object>>) s.report().get("endpoints")).forEach((url, m) -> {
            long[] v = servers.computeIfAbsent(url, k -> new long[2]);
            v[0] += (Long) m.get("calls");
            v[1] += (Long) m.get("errors");
        }));
        assertThat(servers).containsOnlyKeys(first.baseUrl(), second.baseUrl(), third.baseUrl());
        assertThat(servers.get(second.baseUrl())[1]).as("the dead server's failed calls").isPositive();
        long after = first.calls().size() + third.calls().size();
        assertThat(after).as("calls answered by the two that lived").isGreaterThan(12 - second.calls().size());
        assertThat(third.calls().size()).as("weight 2 takes more").isGreaterThan(first.calls().size() / 2);
        // Every answer a seat used came from a server of the pool (the rest were failures, or abandoned by a seat).
        long seatCalls = r.seats().stream().mapToLong(s -> (Long) s.report().get("calls")).sum();
        long answered = servers.values().stream().mapToLong(v -> v[0] - v[1]).sum();
        assertThat(seatCalls).isPositive().isLessThanOrEqualTo(answered);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Long> problems(Map<String, Object> report) {
        return (Map<String, Long>) report.get("problems");
    }

    /** The one round ended as the rules say it must, whatever the models said. */
    private static void checkRound(GameTable.Result r) {
        assertThat(r.rounds()).hasSize(1);
        maw.testing.Rounds.followTheRules(r.rounds().get(0), 6);
    }
}
