package maw.aiwolf.nlp;

import static org.assertj.core.api.Assertions.assertThat;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import maw.aiwolf.seat.AiwolfBotAgent;
import maw.agents.gamemaster.GameListener;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.table.GameTable;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.link.AgentLink;
import maw.runtime.Json;
import maw.runtime.local.LocalTransport;
import maw.testing.NlpWireAgent;
import org.junit.jupiter.api.Test;

/**
 * The NLP server's WebSocket endpoint with agents written from the wire facts (docs/AIWOLF.md), one of
 * them misbehaving: each is asked its name first, then told INITIALIZE with the setting, each day DAILY_INITIALIZE and
 * DAILY_FINISH, asked TALK, VOTE and its role's acts with the info the server sends, and told FINISH with every role;
 * an answer to a request that expects none, and a late answer, change nothing but that request, and the game ends.
 */
class NlpServerTest {

    @Test
    void agentsWrittenForTheContestPlayAWholeGameAtOurTable() throws Exception {
        try (NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofMillis(1500), Duration.ofSeconds(3),
                null)) {
            HttpClient http = HttpClient.newHttpClient();
            NlpWireAgent polite = new NlpWireAgent("kanolab1", false);
            NlpWireAgent rude = new NlpWireAgent("kanolab2", true);
            List<WebSocket> sockets = new ArrayList<>();
            for (NlpWireAgent a : List.of(polite, rude)) {
                sockets.add(http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.port()
                        + "/ws"), a).get(10, TimeUnit.SECONDS));
            }
            List<AgentLink> links = server.gather(2, Duration.ofSeconds(10));
            assertThat(links).extracting(AgentLink::name).containsExactlyInAnyOrder("kanolab1", "kanolab2");
            AiwolfOptions options = AiwolfOptions.natural(5, Duration.ofSeconds(3));
            List<String> names = new ArrayList<>();
            List<GameTable.SeatFiller> fillers = new ArrayList<>();
            for (AgentLink l : links) {
                names.add(l.name());
                fillers.add(server.seat(l, options, "01NLPTEST"));
            }
            names.addAll(List.of("Alice", "Bob", "Carol"));
            for (int i = 0; i < 3; i++) {
                fillers.add(AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES));
            }
            GameTable table = new GameTable(new GameTable.Spec("", names, fillers, 1, 5,
                    new AiwolfVariant().ruleset(options), null), "localhost");
            LocalTransport local = new LocalTransport();
            table.accounts().forEach(local::register);
            maw.agents.gamemaster.ConsoleView console = new maw.agents.gamemaster.ConsoleView(System.out, "");
            GameTable.Result result = table.play(local, console, console, Duration.ofMinutes(3));
            assertThat(result.totals()).containsKeys("kanolab1", "kanolab2");
            for (NlpWireAgent a : List.of(polite, rude)) {
                a.finished.get(30, TimeUnit.SECONDS);
                List<String> requests = a.packets.stream().map(p -> p.path("request").asText()).toList();
                assertThat(requests.getFirst()).isEqualTo("NAME");
                assertThat(requests.get(1)).isEqualTo("INITIALIZE");
                assertThat(requests.get(2)).isEqualTo("DAILY_INITIALIZE");
                assertThat(requests.getLast()).isEqualTo("FINISH");
                assertThat(requests).contains("TALK", "DAILY_FINISH");
                JsonNode init = a.packets.get(1);
                assertThat(init.path("setting").path("agent_count").asInt()).isEqualTo(5);
                assertThat(init.path("info").path("agent").asText()).isEqualTo(a.name);
                assertThat(init.path("info").path("role_map").has(a.name)).isTrue();
                JsonNode talk = a.packets.stream().filter(p -> p.path("request").asText().equals("TALK"))
                        .findFirst().orElseThrow();
                assertThat(talk.path("info").has("remain_count")).isTrue();
                assertThat(talk.has("talk_history")).isTrue();
                assertThat(a.packets.getLast().path("info").path("role_map").size()).isEqualTo(5);
                // Every DAILY_INITIALIZE of a day comes before that day's DAILY_FINISH.
                int lastInit = -1;
                for (int i = 0; i < requests.size(); i++) {
                    if (requests.get(i).equals("DAILY_FINISH")) {
                        assertThat(lastInit).isGreaterThanOrEqualTo(0);
                    } else if (requests.get(i).equals("DAILY_INITIALIZE")) {
                        lastInit = i;
                    }
                }
            }
            // Their words are the game's: each hears what the other said, changed in nothing. (The rude agent's
            // answer to DAILY_INITIALIZE may cross its first TALK request and be taken for its talk: the protocol has
            // no request numbers, and the NLP server takes it so too.)
            for (NlpWireAgent a : List.of(polite, rude)) {
                String other = a == polite ? rude.name : polite.name;
                assertThat(a.packets.stream().flatMap(p -> java.util.stream.StreamSupport.stream(
                        p.path("talk_history").spliterator(), false)).anyMatch(t -> t.path("agent").asText()
                        .equals(other) && (t.path("text").asText().startsWith("Hello everyone, I am " + other + ". @")
                        || a == polite && t.path("text").asText().equals("an answer nobody asked for"))))
                        .as(a.name + " hears " + other + " in " + a.packets).isTrue();
            }
            assertThat(server.stats().get("kanolab2").get("timeouts")).isNotEqualTo(0L);
            sockets.forEach(s -> s.abort());
        }
    }

    /**
     * An agent that garbles: every answer is broken JSON where a name is expected, its talk comes as a binary frame
     * first; and one that leaves in the middle of the game and never comes back.
     */
    private static WebSocket.Listener misbehaving(String name, boolean leaves, List<String> requests) {
        return new WebSocket.Listener() {
            private final StringBuilder partial = new StringBuilder();
            private int talks;

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                partial.append(data);
                if (last) {
                    JsonNode p;
                    try {
                        p = Json.parse(partial.toString());
                    } catch (Exception e) {
                        throw new AssertionError("the server sent a frame that is not JSON: " + partial, e);
                    }
                    partial.setLength(0);
                    String request = p.path("request").asText();
                    requests.add(request);
                    if (request.equals("NAME")) {
                        ws.sendText(name + "\n", true).join();
                    } else if (request.equals("TALK") && leaves && ++talks == 2) {
                        ws.abort(); // gone, without a word
                        return null;
                    } else if (request.equals("TALK") && !leaves) {
                        ws.sendBinary(java.nio.ByteBuffer.wrap(new byte[] {(byte) 0xff, 0, 1}), true).join();
                        ws.sendText("{\"talk\": \"I am the", true).join();
                    } else if (request.equals("TALK")) {
                        ws.sendText("Over\n", true).join();
                    } else if (List.of("VOTE", "DIVINE", "GUARD", "ATTACK", "WHISPER").contains(request)) {
                        ws.sendText(leaves ? "Over" : "{\"target\": [\"", true).join();
                    }
                }
                ws.request(1);
                return null;
            }
        };
    }

    @Test
    void agentsThatGarbleOrLeaveNeverEndTheGame() throws Exception {
        try (NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofMillis(1200), Duration.ofSeconds(2),
                null)) {
            HttpClient http = HttpClient.newHttpClient();
            List<String> garbled = new CopyOnWriteArrayList<>();
            List<String> left = new CopyOnWriteArrayList<>();
            WebSocket g = http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/ws"),
                    misbehaving("garbler1", false, garbled)).get(10, TimeUnit.SECONDS);
            http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/ws"),
                    misbehaving("leaver1", true, left)).get(10, TimeUnit.SECONDS);
            List<AgentLink> links = server.gather(2, Duration.ofSeconds(10));
            assertThat(links).extracting(AgentLink::name).containsExactlyInAnyOrder("garbler1", "leaver1");
            AiwolfOptions options = AiwolfOptions.natural(5, Duration.ofSeconds(5));
            List<GameTable.SeatFiller> ours = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                ours.add(AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES));
            }
            List<String> talk = new CopyOnWriteArrayList<>();
            GameTable.Result result = NlpGames.play(server, links, ours, options, "01NLPBROKEN", 3,
                    new LocalTransport(), "", null, new GameListener() {
                        @Override
                        public void command(int round, maw.game.Command c) {
                            if (c instanceof maw.game.Command.Perform p && p.act() instanceof maw.base.Act.Talk t) {
                                talk.add(p.actor() + ": " + t.text());
                            }
                        }
                    }, null);
            assertThat(result.rounds().getFirst().winner()).isIn("villagers", "werewolves");
            // FINISH goes out as the seat hears the game's end, which may be just after the result is known.
            maw.testing.Await.until("the garbler is sent FINISH", () -> !garbled.isEmpty()
                    && garbled.getLast().equals("FINISH"));
            assertThat(garbled).contains("TALK").last().isEqualTo("FINISH");
            assertThat(left).contains("TALK").doesNotContain("FINISH");
            // The garbled text is its talk, as the contest's server takes any text; the binary frame is nothing.
            assertThat(talk).contains("garbler1: {\"talk\": \"I am the");
            assertThat(talk).filteredOn(t -> t.startsWith("leaver1: ")).allMatch(t -> t.endsWith(": Over")
                    || t.endsWith(": Skip"));
            g.abort();
        }
    }

    /**
     * Agents as the contest's sample was seen to play at a real table: it divines, guards and attacks itself (and
     * votes for itself now and then), reads the game_id as a ULID and stops otherwise; and one that leaves for good.
     * Every such answer is dropped when it arrives, and the agent that left is asked nothing more, so no step waits out
     * its deadline though each may last 30 s; the sample-like agents play to the end, their game_id a ULID.
     */
    @Test
    void answersNamingNobodyValidAndAnAgentGoneForGoodCostNoStepItsDeadline() throws Exception {
        try (NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofSeconds(30), Duration.ofSeconds(5),
                null)) {
            HttpClient http = HttpClient.newHttpClient();
            List<NlpWireAgent> samples = new ArrayList<>();
            List<WebSocket> sockets = new ArrayList<>();
            for (int i = 1; i <= 4; i++) {
                NlpWireAgent a = new NlpWireAgent("sample" + i, false).targetsItself().stopsWithoutUlid();
                samples.add(a);
                sockets.add(http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.port()
                        + "/ws"), a).get(10, TimeUnit.SECONDS));
            }
            List<String> left = new CopyOnWriteArrayList<>();
            http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/ws"),
                    misbehaving("leaver1", true, left)).get(10, TimeUnit.SECONDS);
            List<AgentLink> links = server.gather(5, Duration.ofSeconds(10));
            assertThat(links).hasSize(5);
            java.util.concurrent.atomic.AtomicInteger timeouts = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.atomic.AtomicInteger passes = new java.util.concurrent.atomic.AtomicInteger();
            String id = GameTable.newGameId();
            GameTable.Result result = NlpGames.play(server, links, List.of(), AiwolfOptions.natural(5,
                    Duration.ofSeconds(37)), id, 9, new LocalTransport(), "", null, new GameListener() {
                        @Override
                        public void command(int round, maw.game.Command c) {
                            if (c instanceof maw.game.Command.Timeout) {
                                timeouts.incrementAndGet();
                            } else if (c instanceof maw.game.Command.Perform p && p.act() instanceof maw.base.Act.Pass) {
                                passes.incrementAndGet();
                            }
                        }
                    }, null);
            assertThat(result.rounds().getFirst().winner()).isIn("villagers", "werewolves");
            assertThat(timeouts.get()).as("steps that waited out their deadline").isZero();
            assertThat(passes.get()).as("answers dropped when they arrived").isPositive();
            for (NlpWireAgent a : samples) {
                a.finished.get(30, TimeUnit.SECONDS);
                assertThat(a.gameIds).containsExactly(id);
            }
            assertThat(left).contains("TALK").doesNotContain("FINISH");
            sockets.forEach(WebSocket::abort);
        }
    }

    /**
     * As the contest's server does, a game's end ends its agents' connections: an agent that finished a game is dealt
     * no other on that connection, even while its end has not closed it yet; the next game takes those that connect
     * again (under the same names, as newcomers), and every packet of both games is one the schema allows (the wire
     * agents stop at any other).
     */
    @Test
    void aGameIsDealtOnlyToAgentsThatConnectedForIt() throws Exception {
        try (NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofSeconds(5), Duration.ofSeconds(3), null)) {
            HttpClient http = HttpClient.newHttpClient();
            List<NlpWireAgent> first = new ArrayList<>();
            for (int i = 1; i <= 5; i++) {
                NlpWireAgent a = new NlpWireAgent("team" + i, false);
                first.add(a);
                http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/ws"), a)
                        .get(10, TimeUnit.SECONDS);
            }
            List<AgentLink> links = server.gather(5, Duration.ofSeconds(10));
            assertThat(links).hasSize(5);
            AiwolfOptions options = AiwolfOptions.natural("default_en_5", Duration.ofSeconds(6));
            NlpGames.play(server, links, List.of(), options, GameTable.newGameId(), 3, new LocalTransport(), "", null,
                    null, null);
            for (NlpWireAgent a : first) {
                a.finished.get(30, TimeUnit.SECONDS);
                assertThat(a.closed.get(10, TimeUnit.SECONDS)).as(a.name + "'s connection, closed by the server")
                        .isNotNegative();
            }
            assertThat(links).noneMatch(AgentLink::connected);
            // Nobody came again: no game for anyone.
            assertThat(server.gather(5, Duration.ofMillis(300))).isEmpty();
            List<NlpWireAgent> again = new ArrayList<>();
            for (int i = 1; i <= 5; i++) {
                NlpWireAgent a = new NlpWireAgent("team" + i, false);
                again.add(a);
                http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/ws"), a)
                        .get(10, TimeUnit.SECONDS);
            }
            List<AgentLink> next = server.gather(5, Duration.ofSeconds(10));
            assertThat(next).extracting(AgentLink::name).containsExactlyInAnyOrder("team1", "team2", "team3", "team4",
                    "team5");
            assertThat(next).doesNotContainAnyElementsOf(links);
            NlpGames.play(server, next, List.of(), options, GameTable.newGameId(), 4, new LocalTransport(), "", null,
                    null, null);
            for (NlpWireAgent a : again) {
                a.finished.get(30, TimeUnit.SECONDS);
                JsonNode init = a.packets.stream().filter(p -> p.path("request").asText().equals("INITIALIZE"))
                        .findFirst().orElseThrow();
                assertThat(init.path("setting").path("talk").path("max_length").path("base_length").asInt())
                        .isEqualTo(125);
                assertThat(a.packets.stream().flatMap(p -> java.util.stream.StreamSupport.stream(
                        p.path("talk_history").spliterator(), false))).isNotEmpty()
                        .allSatisfy(t -> assertThat(t.path("time").asLong()).isPositive());
            }
        }
    }

    /**
     * The speak-anytime track (freeform_en_5) at our server, played by agents that behave as the contest's sample
     * agent in group chat: a line every 150 ms while their count allows (2 lines, then Over); each line taken is told
     * every agent (the sender too) as it is taken, none beyond a count is taken, and a day's talk ends as soon as
     * everyone has said Over, not at its 10 minutes; every packet is one the schema allows.
     */
    @Test
    void agentsSpeakAnytimeInGroupChat() throws Exception {
        try (NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofSeconds(5), Duration.ofSeconds(3), null)) {
            HttpClient http = HttpClient.newHttpClient();
            List<NlpWireAgent> agents = new ArrayList<>();
            for (int i = 1; i <= 5; i++) {
                NlpWireAgent a = new NlpWireAgent("free" + i, false).chats(Duration.ofMillis(150), i == 1 ? 6 : 2);
                agents.add(a);
                http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/ws"), a)
                        .get(10, TimeUnit.SECONDS);
            }
            List<AgentLink> links = server.gather(5, Duration.ofSeconds(10));
            long t0 = System.nanoTime();
            // The phase's 10 minutes as 30 s here: a day that waited them out would fail the time below.
            GameTable.Result result = NlpGames.play(server, links, List.of(), AiwolfOptions.natural(
                    maw.aiwolf.game.NlpRegulation.named("freeform_en_5").chatLasting(30_000), Duration.ofSeconds(6)),
                    GameTable.newGameId(), 5, new LocalTransport(), "", null, null, null);
            long seconds = (System.nanoTime() - t0) / 1_000_000_000L;
            assertThat(result.rounds().getFirst().winner()).isIn("villagers", "werewolves");
            assertThat(seconds).as("days that end when everyone said Over, not at their time").isLessThan(30);
            for (NlpWireAgent a : agents) {
                a.finished.get(30, TimeUnit.SECONDS);
                List<String> requests = a.packets.stream().map(p -> p.path("request").asText()).toList();
                assertThat(requests).contains("TALK_PHASE_START", "TALK_BROADCAST", "TALK_PHASE_END")
                        .doesNotContain("TALK");
                JsonNode init = a.packets.get(1);
                assertThat(init.path("setting").path("talk").path("duration").asLong()).isEqualTo(30_000);
            }
            // Every agent in a day's talk heard the same lines, its own among them, in the same order; free1's lines
            // beyond its 4 were never taken.
            java.util.Map<Integer, List<String>> byDay = new java.util.TreeMap<>();
            for (NlpWireAgent a : agents) {
                java.util.Map<Integer, List<String>> mine = new java.util.TreeMap<>();
                a.packets.stream().filter(p -> p.path("request").asText().equals("TALK_BROADCAST")).forEach(p ->
                        mine.computeIfAbsent(p.path("new_talk").path("day").asInt(), d -> new ArrayList<>())
                                .add(p.path("new_talk").path("idx").asInt() + " " + p.path("new_talk").path("agent")
                                        .asText() + ": " + p.path("new_talk").path("text").asText()));
                mine.forEach((d, lines) -> {
                    List<String> first = byDay.putIfAbsent(d, lines);
                    if (first != null) {
                        assertThat(lines).as(a.name + " on day " + d).containsExactlyElementsOf(first);
                    }
                });
            }
            assertThat(byDay).containsKey(0);
            List<String> heard = agents.getFirst().broadcasts;
            java.util.Map<String, Long> perDay = new java.util.TreeMap<>();
            agents.getFirst().packets.stream().filter(p -> p.path("request").asText().equals("TALK_BROADCAST"))
                    .forEach(p -> perDay.merge(p.path("new_talk").path("day").asInt() + " "
                            + p.path("new_talk").path("agent").asText(), 1L, Long::sum));
            assertThat(perDay.values()).allSatisfy(n -> assertThat(n).as("lines of an agent in a day: " + perDay)
                    .isLessThanOrEqualTo(4));
            assertThat(heard).anyMatch(h -> h.startsWith("TALK_BROADCAST free1: talk line 4 of free1"))
                    .noneMatch(h -> h.contains("talk line 5 of free1"));
            assertThat(heard).anyMatch(h -> h.endsWith(": Over"));
        }
    }

    /**
     * MAW's rule seats at a speak-anytime table beside agents of the contest: they say their lines when they are
     * asked (each line its own act), then Over, and the days end early.
     */
    @Test
    void ourRuleSeatsSpeakAnytimeBesideTheAgents() throws Exception {
        try (NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofSeconds(5), Duration.ofSeconds(3), null)) {
            HttpClient http = HttpClient.newHttpClient();
            List<NlpWireAgent> agents = new ArrayList<>();
            for (int i = 1; i <= 3; i++) {
                NlpWireAgent a = new NlpWireAgent("mixed" + i, false).chats(Duration.ofMillis(100), 2);
                agents.add(a);
                http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/ws"), a)
                        .get(10, TimeUnit.SECONDS);
            }
            List<AgentLink> links = server.gather(3, Duration.ofSeconds(10));
            List<GameTable.SeatFiller> bots = List.of(AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES),
                    AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES));
            long t0 = System.nanoTime();
            GameTable.Result result = NlpGames.play(server, links, bots, AiwolfOptions.natural(
                    maw.aiwolf.game.NlpRegulation.named("freeform_en_5").chatLasting(30_000), Duration.ofSeconds(6)),
                    GameTable.newGameId(), 8, new LocalTransport(), "", null, null, null);
            assertThat(result.rounds().getFirst().winner()).isIn("villagers", "werewolves");
            assertThat((System.nanoTime() - t0) / 1_000_000_000L).isLessThan(30);
            for (NlpWireAgent a : agents) {
                a.finished.get(30, TimeUnit.SECONDS);
            }
            // The agents heard our seats' lines as they were taken.
            List<String> others = agents.getFirst().broadcasts.stream().filter(b -> !b.contains(": talk line ")
                    && !b.endsWith(": Over")).toList();
            assertThat(others).as("our rule seats' lines").isNotEmpty();
        }
    }

    /** The nine-player track: the contest's village, and packets the schema allows. */
    @Test
    void nineAgentsPlayTheNinePlayerTrack() throws Exception {
        try (NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofSeconds(5), Duration.ofSeconds(3), null)) {
            HttpClient http = HttpClient.newHttpClient();
            List<NlpWireAgent> agents = new ArrayList<>();
            for (int i = 1; i <= 9; i++) {
                NlpWireAgent a = new NlpWireAgent("nine" + i, false);
                agents.add(a);
                http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/ws"), a)
                        .get(10, TimeUnit.SECONDS);
            }
            List<AgentLink> links = server.gather(9, Duration.ofSeconds(10));
            NlpGames.play(server, links, List.of(), AiwolfOptions.natural("default_en_9", Duration.ofSeconds(6)),
                    GameTable.newGameId(), 9, new LocalTransport(), "", null, null, null);
            java.util.Map<String, Integer> roles = new java.util.TreeMap<>();
            for (NlpWireAgent a : agents) {
                a.finished.get(30, TimeUnit.SECONDS);
                a.packets.getLast().path("info").path("role_map").properties().forEach(e -> roles.merge(
                        e.getValue().asText(), 1, Integer::sum));
            }
            // Every agent is told every role at the end: nine times the village.
            assertThat(roles).containsExactlyInAnyOrderEntriesOf(java.util.Map.of("VILLAGER", 27, "SEER", 9,
                    "MEDIUM", 9, "BODYGUARD", 9, "WEREWOLF", 18, "POSSESSED", 9));
            assertThat(agents).anySatisfy(a -> assertThat(a.packets).anyMatch(p -> p.path("request").asText()
                    .equals("WHISPER")));
        }
    }

    @Test
    void tokensAdmitTheirTeamOnly() {
        String token = NlpToken.issue("kanolab", "s3cret");
        assertThat(NlpToken.check(token, "s3cret", "kanolab")).isNull();
        assertThat(NlpToken.check(token, "s3cret", "other")).contains("for team kanolab");
        assertThat(NlpToken.check(token, "wrong", "kanolab")).contains("signature");
        assertThat(NlpToken.check(null, "s3cret", "kanolab")).contains("required");
        assertThat(NlpToken.check("a.b", "s3cret", "kanolab")).contains("not a JSON Web Token");
        assertThat(NlpServer.team("kanolab12")).isEqualTo("kanolab");
    }
}
