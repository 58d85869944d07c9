package maw.bench;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.table.GameTable;
import maw.agents.table.Network;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.client.ModelMind;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.link.AgentLink;
import maw.aiwolf.nlp.NlpClient;
import maw.aiwolf.nlp.NlpGames;
import maw.aiwolf.nlp.NlpServer;
import maw.aiwolf.seat.AiwolfBotAgent;
import maw.aiwolf.seat.AiwolfTalkWriter;
import maw.llm.Llm;
import maw.llm.LlmSettings;
import maw.llm.ModelSeat;
import maw.llm.PromptTemplates;
import maw.llm.standin.OllamaStandIn;
import maw.runtime.local.LocalTransport;

/**
 * {@code maw bench aiwolf-nlp}: the NLP contest's games (5, 9 and 13 players) with every seat one of our agents
 * connected over loopback WebSocket to our NLP server ({@code aiwolf-nlp connect} against {@code aiwolf-nlp serve}),
 * against the same games with the seats in the process, one after another in one run: games per second and a
 * request's round trip; then the WebSocket games again with agents that answer as the contest's sample agent was seen
 * to (divining, guarding and attacking themselves, voting for themselves every other time), whose answers are dropped
 * at once, so their games go as fast. Then a game of model seats over WebSocket against MAW's Ollama stand-in answering each call
 * after a fixed delay: its wall time against the sum of its model calls' latencies.
 */
public final class AiwolfNlpBench {

    /** One village's figures. */
    public record Row(String setting, int players, int games, double inProcessGamesPerSecond,
            double webSocketGamesPerSecond, double medianRoundTripMicros, double p99RoundTripMicros, long requests,
            double carelessGamesPerSecond, double requestsPerSecond, double carelessRequestsPerSecond) {

        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("setting", setting);
            m.put("players", players);
            m.put("games", games);
            m.put("inProcessGamesPerSecond", Figures.round(inProcessGamesPerSecond));
            m.put("webSocketGamesPerSecond", Figures.round(webSocketGamesPerSecond));
            m.put("webSocketToInProcessRatio", Figures.round(webSocketGamesPerSecond / inProcessGamesPerSecond));
            m.put("medianRoundTripMicros", Figures.round(medianRoundTripMicros));
            m.put("p99RoundTripMicros", Figures.round(p99RoundTripMicros));
            m.put("requests", requests);
            m.put("carelessWebSocketGamesPerSecond", Figures.round(carelessGamesPerSecond));
            m.put("requestsPerSecond", Figures.round(requestsPerSecond));
            m.put("carelessRequestsPerSecond", Figures.round(carelessRequestsPerSecond));
            m.put("carelessToWellBehavedRatio", Figures.round(carelessRequestsPerSecond / requestsPerSecond));
            return m;
        }
    }

    /** The model-seat game's figures. */
    public record ModelRow(int players, long callDelayMillis, long wallMillis, long modelCalls, long callMillisSum,
            int modelAnswers, int fallbacks) {

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("players", players);
            m.put("callDelayMillis", callDelayMillis);
            m.put("wallMillis", wallMillis);
            m.put("modelCalls", modelCalls);
            m.put("callMillisSum", callMillisSum);
            m.put("wallToCallsRatio", Figures.round(callMillisSum == 0 ? 0 : (double) wallMillis / callMillisSum));
            m.put("modelAnswers", modelAnswers);
            m.put("fallbacks", fallbacks);
            return m;
        }
    }

    private static final Duration ACTION = Duration.ofSeconds(10);

    private final PrintStream out;

    public AiwolfNlpBench(PrintStream out) {
        this.out = out;
    }

    public List<Row> run(int games, long seed) throws Exception {
        List<Row> rows = new ArrayList<>();
        // The turn-based tracks by their village, then the speak-anytime track (group chat): its agents say a line
        // every 20 ms while they have lines left, then Over, so that each day's talk ends early.
        String[] settings = {null, null, null, "freeform_en_5"};
        int[] villages = {5, 9, 13, 5};
        for (int t = 0; t < settings.length; t++) {
            String setting = settings[t];
            int players = villages[t];
            AiwolfOptions options = setting == null ? AiwolfOptions.natural(players, ACTION.plusSeconds(2))
                    : AiwolfOptions.natural(setting, ACTION.plusSeconds(2));
            inProcess(players, 2, seed - 10, options); // warm up
            long t0 = System.nanoTime();
            inProcess(players, games, seed, options);
            double local = games / ((System.nanoTime() - t0) / 1e9);
            List<Long> trips = new ArrayList<>();
            double ws = webSocket(players, games, seed, options, false, trips);
            List<Long> carelessTrips = new ArrayList<>();
            double careless = webSocket(players, games, seed, options, true, carelessTrips);
            if (setting != null) {
                // In group chat the talk is no request: the round trips are the votes', divinations', attacks'.
                out.printf(Locale.ROOT, "  speak-anytime (%s):%n", setting);
            }
            // The careless agents' games may be longer (an attack vote naming nobody valid kills nobody): the
            // server's pace is the requests it has answered a second.
            double requestRate = trips.size() * ws / games;
            double carelessRequestRate = carelessTrips.size() * careless / games;
            trips.sort(null);
            double median = trips.isEmpty() ? 0 : trips.get(trips.size() / 2) / 1000.0;
            double p99 = trips.isEmpty() ? 0 : trips.get((int) Math.min(trips.size() - 1, trips.size() * 0.99)) / 1000.0;
            Row r = new Row(setting, players, games, local, ws, median, p99, trips.size(), careless, requestRate,
                    carelessRequestRate);
            out.printf(Locale.ROOT, "  %2d players: %.2f games/s every seat over WebSocket, %.2f in process (ratio "
                    + "%.2f); a request's round trip: median %.0f us, 99th percentile %.0f us (%,d requests, %.0f a "
                    + "second); agents answering carelessly: %.2f games/s, %.0f requests a second (%.2f of the "
                    + "well-behaved's)%n", players, ws, local, ws / local, median, p99, trips.size(), requestRate,
                    careless, carelessRequestRate, carelessRequestRate / requestRate);
            rows.add(r);
        }
        return rows;
    }

    /** Games per second of {@code games} games at our NLP server, every seat one of our agents over WebSocket. */
    private static double webSocket(int players, int games, long seed, AiwolfOptions options, boolean careless,
            List<Long> trips) throws Exception {
        try (NlpServer server = new NlpServer("127.0.0.1", 0, ACTION, Duration.ofSeconds(5), null)) {
            URI url = URI.create("ws://127.0.0.1:" + server.port() + "/ws");
            List<CompletableFuture<NlpClient.Played>> clients = connect(players, url, NlpClient.rules(), games + 1,
                    seed, careless, options.settings().nlp().talk().groupChat() ? Duration.ofMillis(20) : null);
            // As at the contest's server, each game's connections end with it: the agents connect again for the next.
            NlpGames.play(server, gather(server, players), List.of(), options, GameTable.newGameId(), seed - 10,
                    new LocalTransport(), "", null, null, null); // warm up
            long t1 = System.nanoTime();
            for (int g = 0; g < games; g++) {
                List<AgentLink> links = gather(server, players);
                NlpGames.play(server, links, List.of(), options, GameTable.newGameId(), seed + g, new LocalTransport(),
                        "", null, null, null);
                links.forEach(l -> trips.addAll(l.roundTrips()));
            }
            double rate = games / ((System.nanoTime() - t1) / 1e9);
            for (CompletableFuture<NlpClient.Played> c : clients) {
                c.get(30, TimeUnit.SECONDS);
            }
            return rate;
        }
    }

    /**
     * A 5-player game of model seats over WebSocket, the stand-in answering each call after {@code delay}: its wall
     * time against the sum of its calls' latencies.
     */
    public ModelRow models(Duration delay, Path promptDir, long seed) throws Exception {
        int players = 5;
        try (OllamaStandIn ollama = new OllamaStandIn();
                NlpServer server = new NlpServer("127.0.0.1", 0, ACTION, Duration.ofSeconds(5), null)) {
            ollama.delay(delay);
            LlmSettings settings = LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl());
            PromptTemplates prompts = new PromptTemplates(promptDir);
            prompts.check();
            List<ModelMind> minds = new CopyOnWriteArrayList<>();
            List<ModelSeat> seats = new CopyOnWriteArrayList<>();
            NlpClient.Minds models = (me, agents, s, limit, talk) -> {
                ModelSeat seat = new ModelSeat(new Llm(settings), prompts)
                        .talk(new AiwolfTalkWriter());
                seats.add(seat);
                ModelMind m = ModelMind.natural(me, agents, s, seat, limit, NlpClient.talkLength(talk));
                minds.add(m);
                return m;
            };
            URI url = URI.create("ws://127.0.0.1:" + server.port() + "/ws");
            List<CompletableFuture<NlpClient.Played>> clients = connect(players, url, models, 1, seed);
            List<AgentLink> links = gather(server, players);
            long t0 = System.nanoTime();
            NlpGames.play(server, links, List.of(), AiwolfOptions.natural(players, ACTION.plusSeconds(2)), "bench-model",
                    seed, new LocalTransport(), "", null, null, null);
            long wall = (System.nanoTime() - t0) / 1_000_000;
            for (CompletableFuture<NlpClient.Played> c : clients) {
                c.get(30, TimeUnit.SECONDS);
            }
            long calls = seats.stream().mapToLong(s -> s.llm().calls()).sum();
            long sum = seats.stream().mapToLong(s -> s.llm().callMillis()).sum();
            ModelRow r = new ModelRow(players, delay.toMillis(), wall, calls, sum,
                    minds.stream().mapToInt(ModelMind::modelAnswers).sum(),
                    minds.stream().mapToInt(ModelMind::fallbacks).sum());
            out.printf(Locale.ROOT, "  model seats: a %d-player game over WebSocket in %,d ms; %d model calls of %d ms "
                    + "each took %,d ms in all (wall : calls %.2f); %d answers from the model, %d from the rule agent%n",
                    players, wall, calls, delay.toMillis(), sum, sum == 0 ? 0 : (double) wall / sum, r.modelAnswers(),
                    r.fallbacks());
            return r;
        }
    }

    private static List<CompletableFuture<NlpClient.Played>> connect(int players, URI url, NlpClient.Minds minds,
            int games, long seed) {
        return connect(players, url, minds, games, seed, false, null);
    }

    /** {@code pace}: how often each agent says a line in a group chat (null: the sample agent's 5 s). */
    private static List<CompletableFuture<NlpClient.Played>> connect(int players, URI url, NlpClient.Minds minds,
            int games, long seed, boolean careless, Duration pace) {
        List<CompletableFuture<NlpClient.Played>> clients = new ArrayList<>();
        for (int i = 1; i <= players; i++) {
            String name = "nlp" + i;
            long s = seed + i;
            CompletableFuture<NlpClient.Played> f = new CompletableFuture<>();
            Thread.ofPlatform().daemon().name("bench-" + name).start(() -> {
                try {
                    NlpClient client = new NlpClient(name, null, minds, s, null);
                    if (pace != null) {
                        client.chatPace(pace);
                    }
                    f.complete((careless ? client.careless() : client).play(url, games, Duration.ofSeconds(10)));
                } catch (Throwable e) {
                    f.completeExceptionally(e);
                }
            });
            clients.add(f);
        }
        return clients;
    }

    private static List<AgentLink> gather(NlpServer server, int players) throws InterruptedException {
        List<AgentLink> links = server.gather(players, Duration.ofSeconds(20));
        if (links.size() < players) {
            throw new IllegalStateException("only " + links.size() + " of " + players + " agents connected");
        }
        return links;
    }

    private static void inProcess(int players, int games, long seed, AiwolfOptions options) throws Exception {
        for (int g = 0; g < games; g++) {
            List<GameTable.SeatFiller> fillers = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (int i = 1; i <= players; i++) {
                fillers.add(AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES));
                names.add("nlp" + i);
            }
            GameTable table = GameTable.on(Network.local(new LocalTransport()), new GameTable.Spec("", names, fillers,
                    1, seed + g, new AiwolfVariant().ruleset(options), null));
            table.play(null, null, NlpGames.timeout(options));
        }
    }

    public static List<Map<String, Object>> toJson(List<Row> rows) {
        return rows.stream().map(Row::toJson).toList();
    }
}
