package maw.aiwolf.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import maw.agents.gamemaster.GameListener;
import maw.agents.table.GameTable;
import maw.aiwolf.link.AgentLink;
import maw.aiwolf.protocol.Protocol;
import maw.aiwolf.protocol.Version;
import maw.runtime.local.LocalTransport;
import org.junit.jupiter.api.Test;

/**
 * The wire, byte for byte as docs/AIWOLF.md records the official server 0.6.x: a minimal server written from those
 * facts drives our TCP agent, and minimal agents written from them (well-behaved, and misbehaving) play at our server.
 */
class AiwolfWireTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The INITIALIZE packet the official server sent (docs/AIWOLF.md), agent 3 the seer. */
    private static final String INITIALIZE = "{\"gameInfo\":{\"agent\":3,\"attackVoteList\":[],\"attackedAgent\":-1,"
            + "\"cursedFox\":-1,\"day\":0,\"divineResult\":null,\"executedAgent\":-1,\"existingRoleList\":[\"POSSESSED\","
            + "\"SEER\",\"VILLAGER\",\"WEREWOLF\"],\"guardedAgent\":-1,\"lastDeadAgentList\":[],\"latestAttackVoteList\":[],"
            + "\"latestExecutedAgent\":-1,\"latestVoteList\":[],\"mediumResult\":null,\"remainTalkMap\":{\"1\":10,\"2\":10,"
            + "\"3\":10,\"4\":10,\"5\":10},\"remainWhisperMap\":{},\"roleMap\":{\"3\":\"SEER\"},\"statusMap\":{\"1\":\"ALIVE\","
            + "\"2\":\"ALIVE\",\"3\":\"ALIVE\",\"4\":\"ALIVE\",\"5\":\"ALIVE\"},\"talkList\":[],\"voteList\":[],"
            + "\"whisperList\":[]},\"gameSetting\":{\"enableNoAttack\":false,\"enableNoExecution\":false,"
            + "\"enableRoleRequest\":true,\"maxAttackRevote\":1,\"maxRevote\":1,\"maxSkip\":2,\"maxTalk\":10,"
            + "\"maxTalkTurn\":20,\"maxWhisper\":10,\"maxWhisperTurn\":20,\"playerNum\":5,\"randomSeed\":3988562602867576531,"
            + "\"roleNumMap\":{\"FREEMASON\":0,\"SEER\":1,\"VILLAGER\":2,\"POSSESSED\":1,\"ANY\":0,\"FOX\":0,\"BODYGUARD\":0,"
            + "\"MEDIUM\":0,\"WEREWOLF\":1},\"talkOnFirstDay\":false,\"timeLimit\":-1,\"validateUtterance\":true,"
            + "\"votableInFirstDay\":false,\"voteVisible\":true,\"whisperBeforeRevote\":false},\"request\":\"INITIALIZE\","
            + "\"talkHistory\":null,\"whisperHistory\":null}";

    private static String bare(String request) {
        return "{\"gameInfo\":null,\"gameSetting\":null,\"request\":\"" + request
                + "\",\"talkHistory\":null,\"whisperHistory\":null}";
    }

    @Test
    void ourAgentAnswersWhatAndOnlyWhatTheOfficialServerAsks() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<AiwolfClient.Played> played = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    played.complete(new AiwolfClient("maw", "SEER", AiwolfClient.rules(), 1, null)
                            .play("127.0.0.1", server.getLocalPort(), Duration.ofSeconds(5)));
                } catch (Throwable e) {
                    played.completeExceptionally(e);
                }
            });
            try (Socket s = server.accept()) {
                s.setSoTimeout(2000);
                BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                OutputStream out = s.getOutputStream();
                java.util.function.Consumer<String> send = line -> {
                    try {
                        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                        out.flush();
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                };
                send.accept(bare("NAME"));
                assertThat(in.readLine()).isEqualTo("maw");
                send.accept(bare("ROLE"));
                assertThat(in.readLine()).isEqualTo("SEER");
                send.accept(INITIALIZE);
                send.accept(INITIALIZE.replace("\"INITIALIZE\"", "\"DAILY_INITIALIZE\"").replace(",\"gameSetting\":{",
                        ",\"gameSetting\":null,\"x\":{"));
                send.accept(bare("DAILY_FINISH").replace("\"talkHistory\":null", "\"talkHistory\":[]"));
                // The day-0 divination carries no gameInfo; the answer is {"agentIdx":N}, exactly.
                send.accept(bare("DIVINE"));
                String divine = in.readLine();
                assertThat(divine).matches("\\{\"agentIdx\":[1245]\\}");
                String day1 = INITIALIZE.replace("\"INITIALIZE\"", "\"DAILY_INITIALIZE\"").replace("\"day\":0", "\"day\":1")
                        .replace("\"divineResult\":null", "\"divineResult\":{\"agent\":3,\"day\":1,\"result\":\"WEREWOLF\","
                                + "\"target\":" + divine.replaceAll("\\D", "") + "}");
                send.accept(day1);
                send.accept("{\"gameInfo\":null,\"gameSetting\":null,\"request\":\"TALK\",\"talkHistory\":[],"
                        + "\"whisperHistory\":[]}");
                String talk = in.readLine();
                assertThat(Protocol.isValid(talk, Version.V3_6)).as(talk).isTrue();
                assertThat(talk).isEqualTo("COMINGOUT Agent[03] SEER"); // a seer who found a werewolf comes out
                send.accept("{\"gameInfo\":null,\"gameSetting\":null,\"request\":\"TALK\",\"talkHistory\":[{\"agent\":4,"
                        + "\"day\":1,\"idx\":0,\"text\":\"VOTE Agent[02]\",\"turn\":0},{\"agent\":2,\"day\":1,\"idx\":1,"
                        + "\"text\":\"VOTE Agent[04]\",\"turn\":0}],\"whisperHistory\":[]}");
                assertThat(in.readLine()).isEqualTo("DIVINED Agent[0" + divine.replaceAll("\\D", "") + "] WEREWOLF");
                send.accept(bare("DAILY_FINISH"));
                send.accept(bare("VOTE"));
                assertThat(in.readLine()).isEqualTo(divine); // it votes for the werewolf it found
                send.accept(INITIALIZE.replace("\"INITIALIZE\"", "\"FINISH\""));
                // Nothing answers DAILY_INITIALIZE, DAILY_FINISH or FINISH: the next line would be an answer.
                s.setSoTimeout(300);
                try {
                    assertThat(in.readLine()).as("an answer to a request that expects none").isNull();
                } catch (java.net.SocketTimeoutException expected) {
                    // nothing came
                }
            }
            AiwolfClient.Played p = played.get(5, TimeUnit.SECONDS);
            assertThat(p.games()).isEqualTo(1);
        }
    }

    /** A minimal agent from the wire facts: it checks every packet's shape and keeps what it was sent. */
    static final class RawAgent {
        final String name;
        final List<String> requests = new CopyOnWriteArrayList<>();
        final List<String> problems = new CopyOnWriteArrayList<>();
        volatile JsonNode lastInfo;
        int me;

        RawAgent(String name) {
            this.name = name;
        }

        /** Plays until the server closes; {@code misbehave} may answer instead of the well-behaved answer. */
        void play(int port, java.util.function.BiFunction<String, String, String> misbehave) throws Exception {
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                OutputStream out = s.getOutputStream();
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    JsonNode p = JSON.readTree(line);
                    List<String> keys = new ArrayList<>();
                    p.fieldNames().forEachRemaining(keys::add);
                    if (!keys.equals(List.of("gameInfo", "gameSetting", "request", "talkHistory", "whisperHistory"))) {
                        problems.add("top-level keys " + keys);
                    }
                    JsonNode info = p.get("gameInfo");
                    if (info != null && !info.isNull()) {
                        List<String> k = new ArrayList<>();
                        info.fieldNames().forEachRemaining(k::add);
                        List<String> sorted = new ArrayList<>(k);
                        java.util.Collections.sort(sorted);
                        if (!k.equals(sorted) || k.size() != 21) {
                            problems.add("gameInfo keys " + k);
                        }
                        lastInfo = info;
                        me = info.path("agent").asInt();
                    }
                    String request = p.path("request").asText();
                    requests.add(request);
                    String answer = wellBehaved(request);
                    if (misbehave != null) {
                        answer = misbehave.apply(request, answer);
                    }
                    if ("DROP".equals(answer)) {
                        return;
                    }
                    if (answer != null) {
                        out.write((answer + "\n").getBytes(StandardCharsets.UTF_8));
                        out.flush();
                    }
                }
            }
        }

        String wellBehaved(String request) {
            return switch (request) {
                case "NAME" -> name;
                case "ROLE" -> "none";
                case "TALK", "WHISPER" -> "Over";
                case "VOTE", "DIVINE", "GUARD", "ATTACK" -> "{\"agentIdx\":" + other() + "}";
                default -> null;
            };
        }

        /** A dead agent's number, or one no agent has (the official sample seer divines such). */
        int deadOrAbsent() {
            JsonNode info = lastInfo;
            if (info != null) {
                for (var e : info.path("statusMap").properties()) {
                    if (e.getValue().asText().equals("DEAD")) {
                        return Integer.parseInt(e.getKey());
                    }
                }
            }
            return 99;
        }

        int other() {
            JsonNode info = lastInfo;
            if (info != null) {
                for (var e : info.path("statusMap").properties()) {
                    int n = Integer.parseInt(e.getKey());
                    if (n != me && e.getValue().asText().equals("ALIVE")) {
                        return n;
                    }
                }
            }
            return me == 1 ? 2 : 1;
        }
    }

    private static CompletableFuture<Void> start(RawAgent a, int port,
            java.util.function.BiFunction<String, String, String> misbehave) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                a.play(port, misbehave);
                f.complete(null);
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        });
        return f;
    }

    @Test
    void minimalAgentsGetThePacketsAndTheOrderOfTheOfficialServerAndMisbehavingOnesDoNotStopTheGame()
            throws Exception {
        try (AiwolfServer server = new AiwolfServer(InetAddress.getLoopbackAddress(), 0, Duration.ofMillis(300))) {
            List<RawAgent> agents = List.of(new RawAgent("good"), new RawAgent("garbage"), new RawAgent("silent"),
                    new RawAgent("chatty"), new RawAgent("quitter"));
            List<CompletableFuture<Void>> runs = new ArrayList<>();
            runs.add(start(agents.get(0), server.port(), null));
            // Unreadable answers: prose for talk, a word for votes.
            runs.add(start(agents.get(1), server.port(), (r, a) -> a == null || r.equals("NAME") ? a
                    : r.equals("TALK") ? "I think, therefore XOR (VOTE Agent[01])" : "nobody"));
            // Never answers a request of the game.
            runs.add(start(agents.get(2), server.port(), (r, a) -> r.equals("NAME") ? a : null));
            // Answers the requests that expect no answer too.
            runs.add(start(agents.get(3), server.port(), (r, a) -> a != null ? a : "Over"));
            // Leaves after its first talk request.
            runs.add(start(agents.get(4), server.port(), (r, a) -> r.equals("TALK") ? "DROP" : a));
            List<AgentLink> links = new ArrayList<>();
            while (links.size() < 5) {
                links = server.gather(5, Duration.ofSeconds(5));
            }
            GameTable.Result r = TcpGames.play(server, links, List.of(), maw.aiwolf.game.AiwolfOptions.of(5,
                    Duration.ofSeconds(2)), 11, new LocalTransport(), "", null, null, null);
            assertThat(r.rounds().getFirst().winner()).isIn("villagers", "werewolves");
            server.finish();
            for (CompletableFuture<Void> run : runs) {
                run.get(10, TimeUnit.SECONDS);
            }
            RawAgent good = agents.get(0);
            assertThat(good.problems).isEmpty();
            List<String> seen = good.requests;
            assertThat(seen.getFirst()).isEqualTo("NAME");
            assertThat(seen.get(1)).isEqualTo("ROLE"); // role requests are on, as the official defaults have them
            assertThat(seen.get(2)).isEqualTo("INITIALIZE");
            assertThat(seen.get(3)).isEqualTo("DAILY_INITIALIZE");
            assertThat(seen.getLast()).isEqualTo("FINISH");
            assertThat(seen.indexOf("DAILY_FINISH")).isGreaterThan(3);
            // Each day: DAILY_INITIALIZE, then talk, then DAILY_FINISH, then the vote.
            int firstTalk = seen.indexOf("TALK");
            if (firstTalk > 0) {
                assertThat(seen.subList(0, firstTalk)).contains("DAILY_INITIALIZE");
                int vote = seen.indexOf("VOTE");
                if (vote > 0) {
                    assertThat(seen.subList(firstTalk, vote)).contains("DAILY_FINISH");
                }
            }
            assertThat(agents.get(1).requests).contains("TALK");
            assertThat(agents.get(2).requests).contains("FINISH"); // the silent one played the defaults to the end
            assertThat(server.stats().get("silent").get("timeouts")).isNotEqualTo(0L);
            assertThat(server.stats().get("chatty").get("droppedLines")).isNotEqualTo(0L);
        }
    }

    /**
     * Agents that answer as the official sample agents were seen to answer at a real table: the seer divines a dead
     * agent, one that does not exist, or answers an empty line; votes name the voter itself; attacks name a dead agent
     * or a werewolf; the bodyguard guards itself; and one agent leaves for good in the middle of the game. Each such
     * answer is judged when it arrives (the regulation's default at once), so no step of the game waits out its
     * deadline, although every step here may last 30 s.
     */
    @Test
    void answersThatAreNotValidAndAnAgentGoneForGoodCostNoStepItsDeadline() throws Exception {
        for (int players : new int[] {5, 15}) {
            try (AiwolfServer server = new AiwolfServer(InetAddress.getLoopbackAddress(), 0, Duration.ofSeconds(5))) {
                List<RawAgent> agents = new ArrayList<>();
                List<CompletableFuture<Void>> runs = new ArrayList<>();
                for (int i = 1; i <= players; i++) {
                    RawAgent a = new RawAgent("sample" + i);
                    agents.add(a);
                    int[] divinations = {0};
                    boolean leaves = i == 2;
                    int[] talks = {0};
                    runs.add(start(a, server.port(), (r, ans) -> switch (r) {
                        case "DIVINE" -> switch (divinations[0]++ % 3) {
                            case 0 -> "";
                            case 1 -> "{\"agentIdx\":99}";
                            default -> "{\"agentIdx\":" + a.deadOrAbsent() + "}";
                        };
                        case "VOTE", "GUARD" -> "{\"agentIdx\":" + a.me + "}";
                        case "ATTACK" -> "{\"agentIdx\":" + (a.lastInfo != null && a.lastInfo.path("roleMap")
                                .size() > 1 ? a.me : a.deadOrAbsent()) + "}";
                        case "TALK" -> leaves && ++talks[0] == 1 ? "DROP" : ans;
                        default -> ans;
                    }));
                }
                List<AgentLink> links = new ArrayList<>();
                while (links.size() < players) {
                    links = server.gather(players, Duration.ofSeconds(5));
                }
                java.util.concurrent.atomic.AtomicInteger timeouts = new java.util.concurrent.atomic.AtomicInteger();
                java.util.concurrent.atomic.AtomicInteger passes = new java.util.concurrent.atomic.AtomicInteger();
                GameTable.Result r = TcpGames.play(server, links, List.of(), maw.aiwolf.game.AiwolfOptions.of(players,
                        Duration.ofSeconds(30)), 21 + players, new LocalTransport(), "", null,
                        new maw.agents.gamemaster.GameListener() {
                            @Override
                            public void command(int round, maw.game.Command c) {
                                if (c instanceof maw.game.Command.Timeout) {
                                    timeouts.incrementAndGet();
                                } else if (c instanceof maw.game.Command.Perform p
                                        && p.act() instanceof maw.base.Act.Pass) {
                                    passes.incrementAndGet();
                                }
                            }
                        }, null);
                assertThat(r.rounds().getFirst().winner()).isIn("villagers", "werewolves");
                assertThat(timeouts.get()).as("steps that waited out their deadline").isZero();
                assertThat(passes.get()).as("answers that took the default").isPositive();
                server.finish();
                for (CompletableFuture<Void> run : runs) {
                    run.get(10, TimeUnit.SECONDS);
                }
                assertThat(agents.get(1).requests).contains("TALK").doesNotContain("FINISH");
                assertThat(agents.get(0).requests.getLast()).isEqualTo("FINISH");
                // As the official server: a day begins (DAILY_INITIALIZE) only when the game goes on after the night.
                for (RawAgent a : agents.subList(2, agents.size())) {
                    List<String> seen = a.requests;
                    assertThat(seen.get(seen.size() - 2)).as(a.name + ": " + seen).isNotEqualTo("DAILY_INITIALIZE");
                }
                assertThat(server.stats().get("sample1").get("timeouts")).isEqualTo(0L);
            }
        }
    }

    /** Agents that give one name (the official sample agents all call themselves by their class) get one each. */
    @Test
    void agentsConnectingAtOnceUnderOneNameGetANameEach() throws Exception {
        try (AiwolfServer server = new AiwolfServer(InetAddress.getLoopbackAddress(), 0, Duration.ofSeconds(1))) {
            List<CompletableFuture<Void>> runs = new ArrayList<>();
            CompletableFuture<List<AgentLink>> gathered = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    List<AgentLink> links = new ArrayList<>();
                    while (links.size() < 15) {
                        links = server.gather(15, Duration.ofMillis(20)); // seating while they still connect
                    }
                    gathered.complete(links);
                } catch (Throwable e) {
                    gathered.completeExceptionally(e);
                }
            });
            for (int i = 0; i < 15; i++) {
                runs.add(start(new RawAgent("SampleRoleAssignPlayer"), server.port(), null));
            }
            List<AgentLink> links = gathered.get(20, TimeUnit.SECONDS);
            assertThat(links).extracting(AgentLink::name).doesNotHaveDuplicates().hasSize(15)
                    .contains("SampleRoleAssignPlayer", "SampleRoleAssignPlayer 9", "SampleRoleAssignPlaye 10",
                            "SampleRoleAssignPlaye 15")
                    .allSatisfy(n -> assertThat(n).as("a name the GameMaster takes").hasSizeLessThanOrEqualTo(24)
                            .matches("[\\p{L}\\p{N}][\\p{L}\\p{N} _.'-]*"));
            server.finish();
        }
    }
}
