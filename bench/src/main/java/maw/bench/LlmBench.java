package maw.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import maw.agents.maw.MawTables;
import maw.agents.model.ModelInterfaceAgent;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.agents.table.Network;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.SeatView;
import maw.game.maw.GameOptions;
import maw.llm.Llm;
import maw.llm.LlmSettings;
import maw.llm.ModelSeat;
import maw.llm.PromptTemplates;
import maw.llm.standin.Chatterbox;
import maw.llm.standin.GameBrain;
import maw.llm.standin.OllamaStandIn;
import maw.runtime.Transport;

/**
 * {@code maw bench llm}: language-model seats against a stand-in Ollama that answers every call after a fixed delay.
 * (1) A 6-player all-model game: its wall time against the sum of its model calls' latencies (seats think in
 * parallel, so the game takes a fraction of the calls' total), with calls and prompt tokens per decision. (2) A
 * 10-day game of seats that only talk (each context grows as fast as it can): the largest prompt any seat sent, by
 * the server's count and by MAW's conservative estimate, against the context budget.
 */
public final class LlmBench {

    /** One all-model game: its times, and its seats' calls added up. */
    public record Game(long thinkMillis, long wallMillis, long playMillis, long callMillisSum, long calls,
            long decisions, long promptTokens, long outputTokens, String winner, int days, double prefixShare,
            double prefixShareAfterFirst, int largestEstimate) {

        public double promptTokensPerDecision() {
            return (double) promptTokens / Math.max(1, decisions);
        }


        public double ratio() {
            return (double) wallMillis / Math.max(1, callMillisSum);
        }

        Map<String, Object> toJson(String prefix) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(prefix + "thinkMillis", thinkMillis);
            m.put(prefix + "wallMillis", wallMillis);
            m.put(prefix + "playMillis", playMillis);
            m.put(prefix + "callMillisSum", callMillisSum);
            m.put(prefix + "ratio", Figures.round(ratio()));
            m.put(prefix + "playRatio", Figures.round((double) playMillis / Math.max(1, callMillisSum)));
            m.put(prefix + "calls", calls);
            m.put(prefix + "decisions", decisions);
            m.put(prefix + "callsPerDecision", Figures.round((double) calls / Math.max(1, decisions)));
            m.put(prefix + "promptTokensPerDecision", Figures.round((double) promptTokens / Math.max(1, decisions)));
            m.put(prefix + "outputTokens", outputTokens);
            m.put(prefix + "days", days);
            m.put(prefix + "winner", winner);
            m.put(prefix + "prefixShare", Figures.round(prefixShare));
            m.put(prefix + "prefixShareAfterFirstOfPhase", Figures.round(prefixShareAfterFirst));
            m.put(prefix + "largestEstimatedPromptTokens", largestEstimate);
            return m;
        }
    }

    /**
     * Everything one run measured: the all-model game with no wait before turns (the seats' parallelism alone), the
     * same game with Algorithm 1's random wait, and the long talking game.
     */
    public record Result(int players, long delayMillis, Game parallel, Game withThink, Game withHint, int longDays,
            long longCalls,
            int longLargestPrompt, int longLargestEstimate, long longDroppedExchanges, long longWallMillis,
            int budget) {

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("players", players);
            m.put("delayMillis", delayMillis);
            m.putAll(parallel.toJson(""));
            m.putAll(withThink.toJson("withThink."));
            m.putAll(withHint.toJson("withHint."));
            m.put("hintPromptTokensRatio", Figures.round(withHint.promptTokensPerDecision()
                    / Math.max(1, parallel.promptTokensPerDecision())));
            m.put("hintUnderBudget", withHint.largestEstimate() <= budget);
            m.put("longDays", longDays);
            m.put("longCalls", longCalls);
            m.put("longLargestPromptTokens", longLargestPrompt);
            m.put("longLargestEstimatedPromptTokens", longLargestEstimate);
            m.put("longDroppedExchanges", longDroppedExchanges);
            m.put("longWallMillis", longWallMillis);
            m.put("contextBudget", budget);
            m.put("underBudget", longLargestPrompt <= budget && longLargestEstimate <= budget);
            return m;
        }
    }

    private final Transport transport;
    private final Consumer<Map<String, String>> provision;
    private final Path prompts;
    private final PrintStream out;

    public LlmBench(Transport transport, Consumer<Map<String, String>> provision, Path prompts, PrintStream out) {
        this.transport = transport;
        this.provision = provision;
        this.prompts = prompts;
        this.out = out;
    }

    public Result run(int players, Duration delay, Duration think, int budget, int longDays, long seed)
            throws Exception {
        PromptTemplates templates = new PromptTemplates(prompts);
        templates.check();
        warmUp(templates);
        Game parallel = modelGame(players, delay, Duration.ZERO, budget, templates, seed, "bench-llm-a-", false);
        Game withThink = modelGame(players, delay, think, budget, templates, seed, "bench-llm-b-", false);
        Game withHint = modelGame(players, delay, Duration.ZERO, budget, templates, seed, "bench-llm-h-", true);

        GameTable.Result chatty;
        try (OllamaStandIn ollama = new OllamaStandIn().brain(new Chatterbox()).delay(Duration.ofMillis(20))) {
            LlmSettings settings = LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl()).withContextBudget(budget);
            out.printf("a %d-day game of seats that only talk (context budget %d tokens) ...%n", longDays, budget);
            chatty = play("bench-llm-long-", players, ModelInterfaceAgent.filler(settings, templates,
                    Duration.ofMillis(200), null), seed, GameOptions.defaults()
                    .withTimers(Duration.ofMillis(2000), Duration.ofMillis(1000)).withDayCap(longDays));
        }
        int largest = max(chatty, "largestPromptTokens");
        int largestEstimate = max(chatty, "largestEstimatedPromptTokens");
        out.printf("  %d day(s), %d calls; largest prompt %d tokens (MAW's estimate %d); %d exchanges moved into "
                + "summaries%n", chatty.rounds().get(0).days(), sum(chatty, "calls"), largest, largestEstimate,
                sum(chatty, "droppedExchanges"));
        return new Result(players, delay.toMillis(), parallel, withThink, withHint, chatty.rounds().get(0).days(),
                sum(chatty, "calls"), largest, largestEstimate, sum(chatty, "droppedExchanges"), chatty.wallMillis(),
                budget);
    }

    /** A few calls first, so that loading the model client's classes is not counted as the first game's. */
    private void warmUp(PromptTemplates templates) throws Exception {
        out.printf("warming up the model client ...%n");
        try (OllamaStandIn ollama = new OllamaStandIn()) {
            ModelSeat seat = new ModelSeat(new Llm(LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl())),
                    templates);
            SeatView view = new SeatView("Ann", Role.VILLAGER, List.of(), Phase.DAY, 1, 0,
                    List.of("Ann", "Bob", "Cid"), List.of(), List.of("Bob", "Cid"),
                    List.of(Act.Kind.SPEAK, Act.Kind.VOTE, Act.Kind.LISTEN), null, "Village", 200, List.of(), null,
                    false, Map.of());
            for (int i = 0; i < 50; i++) {
                seat.decide(view, List.of("Bob: warming up."));
            }
        }
    }

    private Game modelGame(int players, Duration delay, Duration think, int budget, PromptTemplates templates,
            long seed, String prefix, boolean hint) throws Exception {
        GameTable.Result game;
        PromptPrefix shares;
        try (OllamaStandIn ollama = new OllamaStandIn().brain(new GameBrain()).delay(delay)) {
            LlmSettings settings = LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl()).withContextBudget(budget);
            out.printf("a %d-player game of model seats%s; the model answers after %d ms, seats wait 0..%d ms first "
                    + "...%n", players, hint ? " told the table's reading each turn" : "", delay.toMillis(),
                    think.toMillis());
            game = play(prefix, players, ModelInterfaceAgent.filler(settings, templates, think, null, hint), seed,
                    GameOptions.defaults().withTimers(Duration.ofSeconds(60), Duration.ofSeconds(60))
                            .withEndWhenAllVoted(true));
            shares = PromptPrefix.of(ollama.calls());
        }
        Game g = new Game(think.toMillis(), game.wallMillis(), game.playMillis(), sum(game, "callMillis"),
                sum(game, "calls"), sum(game, "decisions"), sum(game, "promptTokens"), sum(game, "outputTokens"),
                game.rounds().get(0).winner(), game.rounds().get(0).days(), shares.share(), shares.shareAfterFirst(),
                max(game, "largestEstimatedPromptTokens"));
        out.printf("  %s after %d day(s): %d ms (%d playing); %d calls, %d ms of calls in all: ratio %.2f; %.0f prompt "
                + "tokens a decision, %.0f%% of a prompt repeats the seat's previous one (%.0f%% after a phase's "
                + "first)%n", g.winner(), g.days(), g.wallMillis(), g.playMillis(), g.calls(), g.callMillisSum(),
                g.ratio(), g.promptTokensPerDecision(), 100 * g.prefixShare(), 100 * g.prefixShareAfterFirst());
        return g;
    }

    private GameTable.Result play(String prefix, int players, GameTable.SeatFiller filler, long seed,
            GameOptions options) throws Exception {
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            fillers.add(filler);
        }
        GameTable table = GameTable.on(Network.of(transport, provision), new GameTable.Spec(prefix,
                GameTable.defaultNames(players), fillers, 1, seed, MawTables.ruleset(options), null));
        Listeners none = new Listeners();
        return table.play(none, none, Duration.ofMinutes(30));
    }

    private static long sum(GameTable.Result r, String key) {
        return r.seats().stream().mapToLong(s -> ((Number) s.report().getOrDefault(key, 0)).longValue()).sum();
    }

    private static int max(GameTable.Result r, String key) {
        return r.seats().stream().mapToInt(s -> ((Number) s.report().getOrDefault(key, 0)).intValue()).max()
                .orElse(0);
    }
}
