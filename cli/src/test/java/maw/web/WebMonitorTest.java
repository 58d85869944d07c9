package maw.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import maw.agents.bot.RuleBotAgent;
import maw.agents.gamemaster.GameListener;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.aiwolf.AiwolfVariant;
import maw.game.maw.GameOptions;
import maw.runtime.Jid;
import maw.runtime.local.LocalTransport;
import org.junit.jupiter.api.Test;

/**
 * The web monitor of a live game, over HTTP: the page, the table as JSON, and the live stream of server-sent events;
 * the public view shows no roles until the end, the god view needs the GameMaster's token.
 */
class WebMonitorTest {

    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> get(int port, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The types of the events of a stream until {@code until} arrives (or a few seconds pass). */
    private List<String> events(int port, String path, String until) throws Exception {
        HttpResponse<Stream<String>> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + path)).header("Accept", "text/event-stream").timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofLines());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("content-type").orElse("")).startsWith("text/event-stream");
        List<String> types = new java.util.ArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread reader = Thread.ofVirtual().start(() -> {
            try (Stream<String> lines = r.body()) {
                lines.filter(l -> l.startsWith("data:")).map(l -> {
                    try {
                        return maw.runtime.Json.parse(l.substring(5).strip());
                    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                        throw new IllegalStateException(l, e);
                    }
                }).map(n -> n.get("body").get("type").asText()).takeWhile(t -> {
                            types.add(t);
                            return !t.equals(until);
                        }).forEach(t -> { });
                done.complete(null);
            } catch (Exception e) {
                done.completeExceptionally(e);
            }
        });
        try {
            done.get(30, TimeUnit.SECONDS);
        } finally {
            reader.interrupt();
        }
        return types;
    }

    @Test
    void aLiveGamesPageShowsTheTableAndStreamsWhatHappens() throws Exception {
        GameOptions slow = GameOptions.defaults().withTimers(Duration.ofMillis(1500), Duration.ofMillis(1500))
                .withEndWhenAllVoted(false).withDayCap(3);
        // Bots that play at random: a table that reads itself may end the game before the page has looked at it.
        GameTable.SeatFiller random = GameTable.ruleBots(RuleBotAgent.Style.RANDOM, RuleBotAgent.Style.RANDOM);
        GameTable table = new GameTable(MawTables.spec("", GameTable.defaultNames(5), List.of(random, random,
                random, random, random), 1, 8, slow, null), "localhost");
        LocalTransport local = new LocalTransport();
        table.accounts().forEach(local::register);
        local.register("web", "pw");
        var game = WebMonitorTest.playing(table, local, null, Duration.ofMinutes(2));
        table.allStarted().get(10, TimeUnit.SECONDS);
        WebMonitor monitor = new WebMonitor(Jid.of("web", "localhost"), "pw", table.gameMaster(),
                table.watchToken(), "127.0.0.1", 0).agents(table::agents);
        monitor.start(local);
        try {
            maw.testing.Await.until("the GameMaster lets the monitor watch", monitor::watching);
            int port = monitor.port();
            HttpResponse<String> page = get(port, "/");
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.body()).contains("MAW monitor").contains("EventSource");
            assertThat(get(port, "/state?token=guess").statusCode()).isEqualTo(403);
            List<String> publicView = events(port, "/events", "vote_cast");
            assertThat(publicView).contains("vote_cast").doesNotContain("assign_role");
            // The Village's lines reach the page as they are said (the rule bots speak each day).
            assertThat(events(port, "/events", "new_messages")).contains("new_messages");
            String state = get(port, "/state").body();
            assertThat(state).contains("\"seats\"").doesNotContain("\"role\"");
            List<String> godView = events(port, "/events?token=" + table.watchToken(), "vote_cast");
            assertThat(godView).contains("assign_role");
            assertThat(get(port, "/state?token=" + table.watchToken()).body()).contains("\"role\"");
            // The inside of the agents (god view only): the GameMaster's state machine, its latest messages.
            assertThat(get(port, "/agents").statusCode()).isEqualTo(403);
            String agents = get(port, "/agents?token=" + table.watchToken()).body();
            assertThat(agents).contains("\"name\":\"gamemaster\"").contains("\"kind\":\"PlayerAgent\"");
            com.fasterxml.jackson.databind.JsonNode gm = maw.runtime.Json.parse(get(port, "/agents/gamemaster?token="
                    + table.watchToken()).body());
            assertThat(gm.path("fsm").path("states").toString()).contains("PhaseState").contains("SetupState");
            assertThat(gm.path("fsm").path("current").asText()).isIn("PhaseState", "EndPhaseState",
                    "AssignRolesState");
            assertThat(gm.path("messages").size()).isPositive();
            assertThat(get(port, "/agents/nobody?token=" + table.watchToken()).statusCode()).isEqualTo(404);
            com.fasterxml.jackson.databind.JsonNode chart = maw.runtime.Json.parse(get(port, "/sequence?token="
                    + table.watchToken()).body());
            // The latest 80 messages, and each agent's latest three however chatty the others are.
            assertThat(chart.size()).isPositive().isLessThanOrEqualTo(80 + 3 * table.agents().size());
            assertThat(chart.toString()).contains("\"from\":\"gamemaster\"");
            assertThat(get(port, "/sequence").statusCode()).isEqualTo(403);
            game.get(2, TimeUnit.MINUTES);
            maw.testing.Await.until("the page's table shows the winner", () -> {
                try {
                    return get(port, "/state").body().contains("\"winner\"");
                } catch (Exception e) {
                    return false;
                }
            });
        } finally {
            monitor.stop();
        }
    }

    @Test
    void theInsideOfAgentsInAnotherProcessIsAskedOverXmpp() throws Exception {
        maw.testing.TestXmpp xmpp = maw.testing.TestXmpp.get();
        String prefix = "inside" + maw.testing.TestXmpp.password("inside").substring(0, 4) + "-";
        GameOptions slow = GameOptions.defaults().withTimers(Duration.ofSeconds(5), Duration.ofSeconds(5))
                .withEndWhenAllVoted(false).withDayCap(3);
        // Bots that play at random ask to be told nothing: the chart's window keeps the GameMaster's messages.
        GameTable.SeatFiller random = GameTable.ruleBots(RuleBotAgent.Style.RANDOM, RuleBotAgent.Style.RANDOM);
        GameTable table = new GameTable(MawTables.spec(prefix, GameTable.defaultNames(6), List.of(random, random,
                random, random, random, random), 1, 8, slow, null), xmpp.domain());
        java.util.Map<String, String> accounts = new java.util.LinkedHashMap<>(table.accounts());
        accounts.put(prefix + "web", "pw-web");
        xmpp.server().register(accounts);
        var game = WebMonitorTest.playing(table, xmpp.transport(), null, Duration.ofMinutes(2));
        table.allStarted().get(30, TimeUnit.SECONDS);
        // The monitor runs none of the game's agents, as ./maw web --gm in another process: it asks them.
        WebMonitor monitor = new WebMonitor(Jid.of(prefix + "web", xmpp.domain()), "pw-web", table.gameMaster(),
                table.watchToken(), "127.0.0.1", 0);
        monitor.start(xmpp.transport());
        try {
            maw.testing.Await.until("the GameMaster lets the monitor watch", monitor::watching);
            int port = monitor.port();
            String token = table.watchToken();
            // The GameMaster, the seats and rooms it names, the seats' bots: every one shows its inside.
            com.fasterxml.jackson.databind.JsonNode agents = maw.testing.Await.value("every agent of the game is "
                    + "listed", Duration.ofSeconds(30), Duration.ofMillis(200), () -> {
                        com.fasterxml.jackson.databind.JsonNode list = maw.runtime.Json.parse(get(port,
                                "/agents?token=" + token).body());
                        java.util.Map<String, Integer> kinds = new java.util.TreeMap<>();
                        list.forEach(a -> kinds.merge(a.path("kind").asText(), 1, Integer::sum));
                        if (!kinds.equals(java.util.Map.of("GameMasterAgent", 1, "ChatRoomAgent", 2,
                                "PlayerAgent", 6, "RuleBotAgent", 6))) {
                            throw new IllegalStateException("listed " + kinds + ": " + list);
                        }
                        return list;
                    });
            String player = null;
            for (com.fasterxml.jackson.databind.JsonNode a : agents) {
                assertThat(a.path("elsewhere").asBoolean()).as(a.toString()).isTrue();
                assertThat(a.path("status").asText()).isEqualTo("ACTIVE");
                if (a.path("kind").asText().equals("PlayerAgent")) {
                    player = a.path("name").asText();
                }
            }
            com.fasterxml.jackson.databind.JsonNode inside = maw.runtime.Json.parse(get(port, "/agents/" + player
                    + "?token=" + token).body());
            assertThat(inside.path("fsm").path("current").asText()).as(inside.toString()).isNotEmpty();
            assertThat(inside.path("fsm").path("graphviz").asText()).startsWith("digraph");
            assertThat(inside.path("messages").size()).isPositive();
            com.fasterxml.jackson.databind.JsonNode gm = maw.runtime.Json.parse(get(port, "/agents/"
                    + table.gameMaster().local() + "?token=" + token).body());
            assertThat(gm.path("fsm").path("states").toString()).contains("PhaseState");
            // The sequence chart gathers what the agents elsewhere sent (its latest 80 messages: a moment of the
            // rooms' talk holds none of the GameMaster's, the next vote does).
            String seat = "\"from\":\"" + player + "\"";
            String master = "\"from\":\"" + table.gameMaster().local() + "\"";
            maw.testing.Await.until("the chart shows a seat's and the GameMaster's messages", () -> {
                try {
                    String chart = get(port, "/sequence?token=" + token).body();
                    return chart.contains(seat) && chart.contains(master);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(get(port, "/agents?token=guess").statusCode()).isEqualTo(403);
            assertThat(get(port, "/agents/nobody?token=" + token).statusCode()).isEqualTo(404);
            game.get(2, TimeUnit.MINUTES);
        } finally {
            monitor.stop();
        }
    }

    /** A finished game of five rule bots, in one process, journaled in {@code dir}/game.jsonl. */
    static GameTable.Result journaledGame(java.nio.file.Path dir) throws Exception {
        GameTable table = new GameTable(MawTables.bots("", 5, 1, 8, GameOptions.defaults()
                .withTimers(Duration.ofSeconds(5), Duration.ofSeconds(5)).withEndWhenAllVoted(true), dir),
                "localhost");
        LocalTransport local = new LocalTransport();
        table.accounts().forEach(local::register);
        try (maw.agents.gamemaster.Journal journal = new maw.agents.gamemaster.Journal(dir.resolve("game.jsonl"),
                table.gameId())) {
            return table.play(local, journal, null, Duration.ofMinutes(1));
        }
    }

    @Test
    void aFinishedGameIsReplayedFromItsJournalStepByStep(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        GameTable.Result played = journaledGame(dir);
        List<maw.agents.WatchCatalog.Watched> messages = Replay.messages(dir.resolve("game.jsonl"));
        assertThat(messages.getFirst().body()).isInstanceOf(maw.agents.Catalog.StartGame.class);
        assertThat(messages.stream().filter(m -> m.body() instanceof maw.agents.Catalog.AssignRole)).hasSize(5);
        assertThat(messages.getLast().body()).isInstanceOf(maw.agents.Catalog.Scores.class);
        try (MonitorPage page = new MonitorPage("t0k3n", "127.0.0.1", 0, true)) {
            messages.forEach(page::add);
            int port = page.port();
            String start = get(port, "/state?at=1").body();
            assertThat(start).contains("\"replay\":true").contains("\"phase\":\"lobby\"").doesNotContain("winner");
            String end = get(port, "/state?at=" + messages.size()).body();
            assertThat(end).contains("\"winner\":\"" + played.rounds().getFirst().winner() + "\"");
            assertThat(get(port, "/state?at=6&token=t0k3n").body()).contains("\"role\"");
            assertThat(get(port, "/state?at=6").body()).doesNotContain("\"role\"");
            assertThat(get(port, "/state?at=many").statusCode()).isEqualTo(400);
        }
    }

    @Test
    void insideAModelSeatAreItsLatestCallsToTheModel() throws Exception {
        try (maw.llm.standin.OllamaStandIn ollama = new maw.llm.standin.OllamaStandIn()) {
            // Each model seat's first call is answered; the later ones wait until the page has been read, so that
            // the game (four model seats of five: no majority without them) is still on while the test reads it.
            java.util.concurrent.CountDownLatch read = new java.util.concurrent.CountDownLatch(1);
            maw.llm.standin.GameBrain plays = new maw.llm.standin.GameBrain();
            ollama.brain(call -> {
                if (call.number() > 4) {
                    try {
                        read.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return plays.answer(call);
            });
            maw.llm.LlmSettings settings = maw.llm.LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl());
            maw.llm.PromptTemplates prompts = new maw.llm.PromptTemplates(maw.testing.TestXmpp.home()
                    .resolve("prompts"));
            List<GameTable.SeatFiller> fillers = new java.util.ArrayList<>();
            for (int i = 0; i < 5; i++) {
                fillers.add(i < 4 ? maw.agents.model.ModelInterfaceAgent.filler(settings, prompts, Duration.ZERO, null)
                        : GameTable.ruleBots());
            }
            GameTable table = new GameTable(MawTables.spec("", GameTable.defaultNames(5), fillers, 1, 4,
                    GameOptions.defaults().withTimers(Duration.ofSeconds(10), Duration.ofSeconds(10))
                            .withEndWhenAllVoted(true), null), "localhost");
            LocalTransport local = new LocalTransport();
            table.accounts().forEach(local::register);
            local.register("web", "pw");
            var game = WebMonitorTest.playing(table, local, null, Duration.ofMinutes(2));
            table.allStarted().get(10, TimeUnit.SECONDS);
            WebMonitor monitor = new WebMonitor(Jid.of("web", "localhost"), "pw", table.gameMaster(),
                    table.watchToken(), "127.0.0.1", 0).agents(table::agents);
            monitor.start(local);
            try {
                int port = monitor.port();
                String token = table.watchToken();
                maw.testing.Await.until("a model seat has called its model", () -> ollama.calls().size() > 2);
                com.fasterxml.jackson.databind.JsonNode agents = maw.runtime.Json.parse(get(port, "/agents?token="
                        + token).body());
                List<String> models = new java.util.ArrayList<>();
                for (com.fasterxml.jackson.databind.JsonNode a : agents) {
                    if (a.path("kind").asText().equals("ModelInterfaceAgent")) {
                        models.add(a.path("name").asText());
                    }
                }
                assertThat(models).hasSize(4);
                // A call answered (one still waiting for the model, held above, shows no answer yet). The first four
                // calls are answered, but one seat may have made two of them and another none: any seat will do.
                com.fasterxml.jackson.databind.JsonNode call = maw.testing.Await.value("its inside shows a call",
                        Duration.ofSeconds(30), Duration.ofMillis(50), () -> {
                            for (String name : models) {
                                var r = get(port, "/agents/" + name + "?token=" + token);
                                var node = r.statusCode() == 200 ? maw.runtime.Json.parse(r.body()) : null;
                                if (node != null) {
                                    for (com.fasterxml.jackson.databind.JsonNode c : node.path("calls")) {
                                        if (c.path("answer").isTextual()) {
                                            return c;
                                        }
                                    }
                                }
                            }
                            return null;
                        });
                assertThat(call.path("system").asText()).startsWith("You are");
                assertThat(call.path("user").asText()).contains("Your turn");
                assertThat(call.path("answer").asText()).contains("\"action\"");
                assertThat(call.path("promptTokens").asInt()).isPositive();
                read.countDown();
                game.get(2, TimeUnit.MINUTES);
            } finally {
                read.countDown();
                monitor.stop();
            }
        }
    }

    @Test
    void aFifteenPlayerAiwolfGameShowsItsTalkWithGlossesAndThePageKeepsUp() throws Exception {
        List<GameTable.SeatFiller> fillers = new java.util.ArrayList<>();
        for (int i = 0; i < 14; i++) {
            fillers.add(maw.aiwolf.seat.AiwolfBotAgent.filler(maw.aiwolf.seat.AiwolfBotAgent.Style.RULES));
        }
        // Fourteen bots and one open seat: the page watches from the lobby on.
        GameTable table = new GameTable(new GameTable.Spec("", GameTable.defaultNames(14), fillers, 1, 6,
                new AiwolfVariant().ruleset(maw.aiwolf.game.AiwolfOptions.of(15,
                        Duration.ofSeconds(5))), null).withOpenSeats(1, Duration.ofSeconds(3),
                maw.aiwolf.seat.AiwolfBotAgent.filler(maw.aiwolf.seat.AiwolfBotAgent.Style.RULES)), "localhost");
        LocalTransport local = new LocalTransport();
        table.accounts().forEach(local::register);
        local.register("web", "pw");
        var game = WebMonitorTest.playing(table, local, null, Duration.ofMinutes(2));
        table.allStarted().get(10, TimeUnit.SECONDS);
        WebMonitor monitor = new WebMonitor(Jid.of("web", "localhost"), "pw", table.gameMaster(), null, "127.0.0.1",
                0).seats(new WebSeats(local, accounts -> accounts.forEach(local::register), table.gameMaster(), "w-"));
        monitor.start(local);
        try {
            maw.testing.Await.until("the GameMaster lets the monitor watch", monitor::watching);
            int port = monitor.port();
            // Nobody takes the open seat from the page: a bot does once the lobby time is over.
            List<String> seen = events(port, "/events", "talks");
            assertThat(seen).contains("joined", "start_game", "phase_change", "talks");
            // The page answers all along while 15 seats play (how fast is ./maw bench game's page figure).
            int answered = 0;
            while (!game.isDone()) {
                assertThat(get(port, "/state").statusCode()).isEqualTo(200);
                answered++;
                Thread.sleep(20);
            }
            assertThat(answered).as("answers of the page while the game went on").isPositive();
            game.get(10, TimeUnit.SECONDS);
            HttpResponse<Stream<String>> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/events")).header("Accept", "text/event-stream").timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofLines());
            String talk;
            try (Stream<String> lines = r.body()) {
                talk = lines.filter(l -> l.startsWith("data:") && l.contains("\"talks\"")
                        && l.contains("\"gloss\"")).findFirst().orElseThrow();
            }
            assertThat(talk).contains("\"number\"");
        } finally {
            monitor.stop();
        }
    }

    /**
     * A web monitor (account {@code web}, registered on {@code local}) of {@code table}'s game, started once the table's
     * agents are, on any free port; returned once the GameMaster lets it watch.
     */
    static WebMonitor monitor(GameTable table, maw.runtime.local.LocalTransport local) throws Exception {
        table.allStarted().get(10, java.util.concurrent.TimeUnit.SECONDS);
        WebMonitor monitor = new WebMonitor(Jid.of("web", "localhost"), "pw", table.gameMaster(),
                table.watchToken(), "127.0.0.1", 0).agents(table::agents);
        monitor.start(local);
        maw.testing.Await.until("the GameMaster lets the monitor watch", monitor::watching);
        return monitor;
    }

    /** Plays {@code table} on {@code local} in the background; completes with its result. */
    static CompletableFuture<GameTable.Result> playing(GameTable table, maw.runtime.Transport local,
            maw.agents.gamemaster.GameListener listener, Duration timeout) {
        return maw.testing.Tables.playing(table, local, listener, timeout);
    }
}
