package maw.aiwolf.nlp;

import static org.assertj.core.api.Assertions.assertThat;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import maw.agents.table.GameTable;
import maw.aiwolf.bots.AiwolfPlayer;
import maw.aiwolf.bots.ForwardingPlayer;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.link.AgentLink;
import maw.aiwolf.client.ModelMind;
import maw.runtime.local.LocalTransport;
import maw.testing.CuttableProxy;
import org.junit.jupiter.api.Test;

/**
 * Our NLP client ({@code ./maw aiwolf-nlp connect}) against our NLP server ({@code ./maw aiwolf-nlp serve}) over
 * loopback WebSocket: whole games of each of the contest's villages with every seat one of our agents, rule seats
 * talking plain English and model seats with the natural-language prompts (against the Ollama stand-in), and a
 * connection cut in the middle of a game, made again under the same name.
 */
class NlpClientTest {

    /** A mind that remembers what it heard of others' talk. */
    private static NlpClient.Minds listening(NlpClient.Minds minds, List<String> heard) {
        return (me, agents, seed, limit, talk) -> {
            AiwolfPlayer mind = minds.mind(me, agents, seed, limit, talk);
            return new ForwardingPlayer(mind) {
                @Override
                public void hear(AiwolfEvent e) {
                    if (e instanceof AiwolfEvent.Turn t) {
                        t.utterances().forEach(u -> heard.add(u.agent() + ": " + u.text()));
                    }
                    super.hear(e);
                }
            };
        };
    }

    private static List<CompletableFuture<NlpClient.Played>> connect(int count, String team, URI url,
            java.util.function.IntFunction<NlpClient.Minds> minds) {
        return connect(count, team, url, minds, 1);
    }

    private static List<CompletableFuture<NlpClient.Played>> connect(int count, String team, URI url,
            java.util.function.IntFunction<NlpClient.Minds> minds, int games) {
        List<CompletableFuture<NlpClient.Played>> out = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            String name = team + i;
            NlpClient.Minds m = minds.apply(i);
            long seed = i;
            CompletableFuture<NlpClient.Played> f = new CompletableFuture<>();
            Thread.ofPlatform().daemon().name("client-" + name).start(() -> {
                try {
                    f.complete(new NlpClient(name, null, m, seed, System.out::println).play(url, games,
                            Duration.ofSeconds(20)));
                } catch (Throwable e) {
                    f.completeExceptionally(e);
                }
            });
            out.add(f);
        }
        return out;
    }

    private static GameTable.Result play(NlpServer server, int players, long seed) throws Exception {
        List<AgentLink> links = server.gather(players, Duration.ofSeconds(20));
        assertThat(links).hasSize(players);
        AiwolfOptions options = AiwolfOptions.natural(players, Duration.ofSeconds(6));
        return NlpGames.play(server, links, List.of(), options, "01NLPCLIENT" + players, seed, new LocalTransport(),
                "", null, null, null);
    }

    @Test
    void ourAgentsFillEachOfTheContestsVillagesAndPlayThemToTheEnd() throws Exception {
        for (int players : new int[] {5, 9, 13}) {
            try (NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofSeconds(2), Duration.ofSeconds(2),
                    null)) {
                URI url = URI.create("ws://127.0.0.1:" + server.port() + "/ws");
                List<String> heard = new CopyOnWriteArrayList<>();
                List<CompletableFuture<NlpClient.Played>> clients = connect(players, "maw", url,
                        i -> listening(NlpClient.rules(), heard));
                GameTable.Result result = play(server, players, 40 + players);
                String winner = result.rounds().getFirst().winner().toString();
                for (CompletableFuture<NlpClient.Played> c : clients) {
                    NlpClient.Played p = c.get(30, TimeUnit.SECONDS);
                    assertThat(p.games()).as(p.name()).isEqualTo(1);
                    assertThat(p.answers()).as(p.name()).isPositive();
                    assertThat(p.winners()).as(p.name() + " saw the game end as the server did (" + winner + ")")
                            .containsExactly(winner.contains("WEREWOLF") || winner.contains("werewol") ? "WEREWOLF"
                                    : "VILLAGER");
                }
                // Answers to exactly the requests that expect one, each in time.
                for (Map<String, Object> st : server.stats().values()) {
                    assertThat(st.get("timeouts")).as(players + " players: " + server.stats()).isEqualTo(0L);
                    assertThat(st.get("droppedLines")).as(players + " players: " + server.stats()).isEqualTo(0L);
                }
                assertThat(heard).as("plain English talk").anySatisfy(t -> assertThat(t).containsPattern(
                        ": (I will vote for @|I am the seer|Everyone, let's vote for @)"));
                assertThat(heard).noneSatisfy(t -> assertThat(t).containsPattern(": (VOTE|COMINGOUT|DIVINED) "));
            }
        }
    }

    @Test
    void modelSeatsTalkInTheirOwnWordsWithinTheTalksLength() throws Exception {
        try (maw.llm.standin.OllamaStandIn ollama = new maw.llm.standin.OllamaStandIn();
                NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofSeconds(3), Duration.ofSeconds(2),
                        null)) {
            maw.llm.LlmSettings settings = maw.llm.LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl());
            maw.llm.PromptTemplates prompts = new maw.llm.PromptTemplates(maw.testing.TestXmpp.home()
                    .resolve("prompts"));
            prompts.check();
            List<ModelMind> minds = new CopyOnWriteArrayList<>();
            NlpClient.Minds models = (me, agents, seed, limit, talk) -> {
                ModelMind m = ModelMind.natural(me, agents, seed, new maw.llm.ModelSeat(new maw.llm.Llm(settings),
                        prompts).talk(new maw.aiwolf.seat.AiwolfTalkWriter()), limit, NlpClient.talkLength(talk));
                minds.add(m);
                return m;
            };
            List<String> heard = new CopyOnWriteArrayList<>();
            URI url = URI.create("ws://127.0.0.1:" + server.port() + "/ws");
            List<CompletableFuture<NlpClient.Played>> clients = connect(5, "llm", url,
                    i -> listening(i <= 3 ? models : NlpClient.rules(), heard));
            play(server, 5, 7);
            for (CompletableFuture<NlpClient.Played> c : clients) {
                assertThat(c.get(30, TimeUnit.SECONDS).games()).isEqualTo(1);
            }
            assertThat(minds).hasSize(3);
            assertThat(minds.stream().mapToInt(ModelMind::modelAnswers).sum()).isPositive();
            assertThat(ollama.calls()).anySatisfy(c -> {
                assertThat(c.system()).contains("played in conversation").contains("@Name")
                        .contains("at most 125 characters");
                assertThat(c.system()).doesNotContain("Agent[");
            });
            assertThat(heard).anySatisfy(t -> assertThat(t).containsPattern("^llm[123]: Hello, I am llm[123]\\. I will "
                    + "vote for @"));
            assertThat(server.stats().values()).allSatisfy(st -> assertThat(st.get("droppedLines")).isEqualTo(0L));
        }
    }

    @Test
    void aConnectionCutInTheMiddleOfAGameIsMadeAgainUnderTheSameNameAndTheGameGoesOn() throws Exception {
        try (NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofSeconds(2), Duration.ofSeconds(2), null);
                CuttableProxy proxy = new CuttableProxy(server.port())) {
            AtomicBoolean cut = new AtomicBoolean();
            List<String> heard = new CopyOnWriteArrayList<>();
            // maw1 goes through the relay, which is cut when it is first asked to talk on day 1.
            NlpClient.Minds cutting = (me, agents, seed, limit, talk) -> new ForwardingPlayer(
                    NlpClient.rules().mind(me, agents, seed, limit, talk)) {
                private int day;

                @Override
                public void hear(AiwolfEvent e) {
                    if (e instanceof AiwolfEvent.DayBegan d) {
                        day = d.day();
                    }
                    super.hear(e);
                }

                @Override
                public String talk() {
                    if (day >= 1 && cut.compareAndSet(false, true)) {
                        proxy.cut();
                    }
                    return super.talk();
                }
            };
            List<CompletableFuture<NlpClient.Played>> clients = new ArrayList<>();
            clients.addAll(connect(1, "cut", URI.create("ws://127.0.0.1:" + proxy.port() + "/ws"), i -> cutting));
            // Until maw1 is back, the others take their time to talk (within the server's 2 s), so that the game is not
            // over before the client has seen the cut: the JDK's WebSocket sometimes sees it only when a ping fails.
            NlpClient.Minds patient = (me, agents, seed, limit, talk) -> new ForwardingPlayer(
                    listening(NlpClient.rules(), heard).mind(me, agents, seed, limit, talk)) {
                @Override
                public String talk() {
                    if (cut.get()) {
                        try {
                            proxy.awaitAccepted(2, Duration.ofMillis(1500));
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    return super.talk();
                }
            };
            clients.addAll(connect(4, "maw", URI.create("ws://127.0.0.1:" + server.port() + "/ws"), i -> patient));
            GameTable.Result result = play(server, 5, 11);
            assertThat(result.totals()).containsKey("cut1");
            NlpClient.Played cutOne = clients.getFirst().get(60, TimeUnit.SECONDS);
            assertThat(cut).isTrue();
            assertThat(cutOne.reconnections()).isEqualTo(1);
            assertThat(cutOne.games()).isEqualTo(1);
            assertThat(proxy.accepted()).isEqualTo(2);
            for (CompletableFuture<NlpClient.Played> c : clients.subList(1, 5)) {
                assertThat(c.get(30, TimeUnit.SECONDS).games()).isEqualTo(1);
            }
            // After the cut, the server asked it again and it answered: its talk is heard later in the game.
            assertThat(server.stats().get("cut1").get("requests")).isNotEqualTo(0L);
        }
    }

    /**
     * The contest's server closes every connection when its game ends: the client connects again under its name for
     * the next game, until it has played its games (not counted as reconnections: nothing was lost).
     */
    @Test
    void aServerThatClosesEveryConnectionAfterEachGameIsJoinedAgainForTheNext() throws Exception {
        try (NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofSeconds(3), Duration.ofSeconds(2), null)) {
            List<CompletableFuture<NlpClient.Played>> clients = connect(5, "maw", URI.create("ws://127.0.0.1:"
                    + server.port() + "/ws"), i -> NlpClient.rules(), 3);
            for (int game = 1; game <= 3; game++) {
                // The agents of the last game are connecting again: the server waits for them, not taking them
                // while they are away.
                List<AgentLink> links = server.gather(5, Duration.ofSeconds(20));
                assertThat(links).hasSize(5).allMatch(AgentLink::connected);
                NlpGames.play(server, links, List.of(), AiwolfOptions.natural(5, Duration.ofSeconds(6)),
                        GameTable.newGameId(), 20 + game, new LocalTransport(), "", null, null, null);
                links.forEach(AgentLink::close); // as the contest's server does after each game
            }
            for (CompletableFuture<NlpClient.Played> c : clients) {
                NlpClient.Played p = c.get(60, TimeUnit.SECONDS);
                assertThat(p.games()).isEqualTo(3);
                assertThat(p.reconnections()).isZero();
                assertThat(p.winners()).hasSize(3).doesNotContain("?");
            }
        }
    }


    /**
     * The speak-anytime track at a server that runs group chat as the contest's does: our agents decide when to speak
     * (a line every 100 ms here, their minds taking 60 ms a line while the broadcasts pour in), keep the talk phase's
     * lines and the whisper phase's apart (a werewolf's whisper never goes out in the talk phase), send no line beyond
     * their count nor outside a phase, say Over when they have nothing more, so that each phase ends early, and play
     * the game to its end.
     */
    @Test
    void ourAgentsSpeakWhenTheyChooseInGroupChat() throws Exception {
        try (maw.testing.NlpGroupChatServer server = new maw.testing.NlpGroupChatServer(4, 60_000)) {
            URI url = URI.create("ws://127.0.0.1:" + server.port() + "/ws");
            List<CompletableFuture<NlpClient.Played>> clients = new ArrayList<>();
            for (int i = 1; i <= 5; i++) {
                String name = "chat" + i;
                NlpClient.Minds marked = (me, agents, seed, limit, talk) -> new ForwardingPlayer(
                        NlpClient.rules().mind(me, agents, seed, limit, talk)) {
                    @Override
                    public String talk() {
                        return mark("T: ", super.talk());
                    }

                    @Override
                    public String whisper() {
                        return mark("W: ", super.whisper());
                    }

                    private String mark(String kind, String line) {
                        try {
                            Thread.sleep(60); // a mind that takes its time while the broadcasts pour in
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return line == null || line.isBlank() || line.equals("Over") ? line : kind + line;
                    }
                };
                long seed = i;
                CompletableFuture<NlpClient.Played> f = new CompletableFuture<>();
                Thread.ofPlatform().daemon().name("chat-client-" + name).start(() -> {
                    try {
                        f.complete(new NlpClient(name, null, marked, seed, System.out::println)
                                .chatPace(Duration.ofMillis(100)).play(url, 1, Duration.ofSeconds(20)));
                    } catch (Throwable e) {
                        f.completeExceptionally(e);
                    }
                });
                clients.add(f);
            }
            for (CompletableFuture<NlpClient.Played> c : clients) {
                assertThat(c.get(90, TimeUnit.SECONDS).games()).isEqualTo(1);
            }
            server.awaitEnd(10);
            System.out.println("group chat: phases of " + server.phaseMillis + " ms; lines " + server.lines);
            assertThat(server.schemaViolations).isEmpty();
            assertThat(server.lines("none", false)).as("lines sent outside a phase").isEmpty();
            assertThat(server.lines("talk", false)).as("talk lines").isNotEmpty()
                    .allSatisfy(l -> assertThat(l.accepted()).as("refused: beyond its count: " + l).isTrue())
                    .allSatisfy(l -> assertThat(l.text()).as("a talk-phase line").matches("T: .+|Over"));
            assertThat(server.lines("whisper", false)).as("whisper lines").isNotEmpty()
                    .allSatisfy(l -> assertThat(l.accepted()).as("refused: beyond its count: " + l).isTrue())
                    .allSatisfy(l -> assertThat(l.text()).as("a whisper-phase line").matches("W: .+|Over"));
            for (int i = 1; i <= 5; i++) {
                String n = "chat" + i;
                assertThat(server.lines("talk", true).stream().filter(l -> l.agent().equals(n)
                        && !l.text().equals("Over")).count()).as(n + "'s talk lines").isBetween(0L, 4L);
            }
            // Everyone said Over (or spent its count): both phases ended long before their minute.
            assertThat(server.phaseMillis).hasSize(2).allSatisfy(ms -> assertThat(ms).isLessThan(30_000L));
            assertThat(server.lines("vote", true)).hasSize(5);
        }
    }
}
