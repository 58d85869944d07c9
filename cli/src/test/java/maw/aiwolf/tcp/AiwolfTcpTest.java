package maw.aiwolf.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import maw.aiwolf.seat.AiwolfBotAgent;
import maw.agents.table.GameTable;
import maw.aiwolf.client.ModelMind;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.link.AgentLink;
import maw.runtime.local.LocalTransport;
import org.junit.jupiter.api.Test;

/** Our AIWolf TCP agents at our AIWolf TCP server, over loopback: whole games, every seat a TCP agent or mixed. */
class AiwolfTcpTest {

    static AiwolfOptions options(int players) {
        return AiwolfOptions.of(players, Duration.ofSeconds(3));
    }

    static List<CompletableFuture<AiwolfClient.Played>> connect(int port, int n, String prefix) {
        return connect(port, n, i -> prefix + i);
    }

    static List<CompletableFuture<AiwolfClient.Played>> connect(int port, int n, IntFunction<String> names) {
        List<CompletableFuture<AiwolfClient.Played>> out = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            String name = names.apply(i);
            CompletableFuture<AiwolfClient.Played> f = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    f.complete(new AiwolfClient(name, null, AiwolfClient.rules(), 7, null).play("127.0.0.1", port,
                            Duration.ofSeconds(5)));
                } catch (Throwable e) {
                    f.completeExceptionally(e);
                }
            });
            out.add(f);
        }
        return out;
    }

    @Test
    void fiveAndFifteenTcpAgentsPlayWholeGamesAtOurServer() throws Exception {
        for (int players : new int[] {5, 15}) {
            try (AiwolfServer server = new AiwolfServer(InetAddress.getLoopbackAddress(), 0, Duration.ofSeconds(1))) {
                // The fifteen all give the official sample agent's name, as its fifteen copies do: each is given a
                // name of its own that the GameMaster takes (at most 24 characters with its number).
                List<CompletableFuture<AiwolfClient.Played>> clients = connect(server.port(), players,
                        i -> players == 15 ? "SampleRoleAssignPlayer" : "ours" + i);
                List<AgentLink> links = server.gather(players, Duration.ofSeconds(10));
                assertThat(links).hasSize(players);
                for (int game = 0; game < 2; game++) {
                    GameTable.Result r = TcpGames.play(server, links, List.of(), options(players), 100 + game,
                            new LocalTransport(), "", null, null, null);
                    assertThat(r.rounds().getFirst().winner()).isIn("villagers", "werewolves");
                }
                assertThat(server.stats().values()).allSatisfy(s -> assertThat(s.get("timeouts")).isEqualTo(0L));
                server.finish();
                for (CompletableFuture<AiwolfClient.Played> c : clients) {
                    AiwolfClient.Played p = c.get(10, TimeUnit.SECONDS);
                    assertThat(p.games()).isEqualTo(2);
                    assertThat(p.winners()).doesNotContain("?");
                }
            }
        }
    }

    @Test
    void seatsTheAgentsLeaveEmptyAreFilledByOurOwn() throws Exception {
        try (AiwolfServer server = new AiwolfServer(InetAddress.getLoopbackAddress(), 0, Duration.ofSeconds(1))) {
            List<CompletableFuture<AiwolfClient.Played>> clients = connect(server.port(), 2, "tcp");
            List<AgentLink> links = new ArrayList<>();
            while (links.size() < 2) {
                links = server.gather(2, Duration.ofSeconds(5));
            }
            List<GameTable.SeatFiller> ours = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                ours.add(AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES));
            }
            GameTable.Result r = TcpGames.play(server, links, ours, options(5), 3, new LocalTransport(), "", null,
                    null, null);
            assertThat(r.seats()).extracting(GameTable.SeatSummary::kind).containsExactlyInAnyOrder("aiwolf-tcp",
                    "aiwolf-tcp", "aiwolf-rule", "aiwolf-rule", "aiwolf-rule");
            server.finish();
            for (CompletableFuture<AiwolfClient.Played> c : clients) {
                assertThat(c.get(10, TimeUnit.SECONDS).games()).isEqualTo(1);
            }
        }
    }

    /** A mind that waits over each talk (within the time limit) until {@code until} opens. */
    static maw.aiwolf.bots.AiwolfPlayer slow(maw.aiwolf.bots.AiwolfPlayer mind,
            java.util.concurrent.CountDownLatch until) {
        return new maw.aiwolf.bots.ForwardingPlayer(mind) {
            @Override
            public String talk() {
                try {
                    until.await(700, TimeUnit.MILLISECONDS); // within the server's 1 s limit
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return mind.talk();
            }
        };
    }

    @Test
    void anAgentAskingForARoleTheVillageHasGetsItAndOneThatReconnectsGetsItsSeatBack() throws Exception {
        java.util.concurrent.CountDownLatch backIn = new java.util.concurrent.CountDownLatch(1);
        try (AiwolfServer server = new AiwolfServer(InetAddress.getLoopbackAddress(), 0, Duration.ofSeconds(1))) {
            List<CompletableFuture<AiwolfClient.Played>> clients = new ArrayList<>();
            for (int i = 1; i <= 4; i++) {
                String name = "agent" + i;
                String role = i == 1 ? "SEER" : i == 2 ? "WEREWOLF" : null;
                // The fourth holds each talk until the fifth is back, so that the game is still on then.
                AiwolfClient.Minds minds = i != 4 ? AiwolfClient.rules() : (me, agents, seed, limit) -> slow(
                        maw.aiwolf.bots.AiwolfBots.rules(me, agents, seed), backIn);
                CompletableFuture<AiwolfClient.Played> f = new CompletableFuture<>();
                Thread.ofVirtual().start(() -> {
                    try {
                        f.complete(new AiwolfClient(name, role, minds, 3, null).play("127.0.0.1",
                                server.port(), Duration.ofSeconds(5)));
                    } catch (Throwable e) {
                        f.completeExceptionally(e);
                    }
                });
                clients.add(f);
            }
            // The fifth leaves at its first talk and comes back under the same name.
            AiwolfWireTest.RawAgent leaving = new AiwolfWireTest.RawAgent("agent5");
            AiwolfWireTest.RawAgent back = new AiwolfWireTest.RawAgent("agent5");
            CompletableFuture<Void> returned = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    leaving.play(server.port(), (r, a) -> r.equals("TALK") ? "DROP" : a);
                    back.play(server.port(), (r, a) -> {
                        if (r.equals("INITIALIZE")) {
                            backIn.countDown(); // told where the game is: the seat is back
                        }
                        return a;
                    });
                    returned.complete(null);
                } catch (Throwable e) {
                    returned.completeExceptionally(e);
                }
            });
            List<AgentLink> links = new ArrayList<>();
            while (links.size() < 5) {
                links = server.gather(5, Duration.ofSeconds(5));
            }
            GameTable.Result r = TcpGames.play(server, links, List.of(), options(5), 5, new LocalTransport(), "", null,
                    null, null);
            assertThat(r.rounds().getFirst().roles()).containsEntry("agent1", "seer").containsEntry("agent2",
                    "werewolf");
            server.finish();
            returned.get(10, TimeUnit.SECONDS);
            assertThat(leaving.requests).contains("ROLE", "INITIALIZE", "TALK").doesNotContain("FINISH");
            assertThat(back.requests.getFirst()).isEqualTo("NAME");
            assertThat(back.requests).contains("INITIALIZE", "DAILY_INITIALIZE");
            assertThat(back.requests.getLast()).isEqualTo("FINISH");
            for (CompletableFuture<AiwolfClient.Played> c : clients) {
                assertThat(c.get(10, TimeUnit.SECONDS).games()).isEqualTo(1);
            }
        }
    }

    @Test
    void modelSeatsPlayOverTcpAndTheRuleAgentAnswersWhenTheModelIsLate() throws Exception {
        try (maw.llm.standin.OllamaStandIn ollama = new maw.llm.standin.OllamaStandIn();
                AiwolfServer server = new AiwolfServer(InetAddress.getLoopbackAddress(), 0, Duration.ofSeconds(1))) {
            maw.llm.LlmSettings settings = maw.llm.LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl());
            maw.llm.PromptTemplates prompts = new maw.llm.PromptTemplates(maw.testing.TestXmpp.home()
                    .resolve("prompts"));
            List<ModelMind> minds = new java.util.concurrent.CopyOnWriteArrayList<>();
            AiwolfClient.Minds models = (me, agents, seed, limit) -> {
                ModelMind m = new ModelMind(me, agents, seed, new maw.llm.ModelSeat(new maw.llm.Llm(settings), prompts)
                        .talk(new maw.aiwolf.seat.AiwolfTalkWriter()), limit);
                minds.add(m);
                return m;
            };
            List<CompletableFuture<AiwolfClient.Played>> clients = new ArrayList<>();
            for (int i = 1; i <= 5; i++) {
                String name = "seat" + i;
                AiwolfClient.Minds kind = i <= 2 ? models : AiwolfClient.rules();
                CompletableFuture<AiwolfClient.Played> f = new CompletableFuture<>();
                Thread.ofVirtual().start(() -> {
                    try {
                        f.complete(new AiwolfClient(name, null, kind, 9, null).play("127.0.0.1", server.port(),
                                Duration.ofSeconds(5)));
                    } catch (Throwable e) {
                        f.completeExceptionally(e);
                    }
                });
                clients.add(f);
            }
            List<AgentLink> links = new ArrayList<>();
            while (links.size() < 5) {
                links = server.gather(5, Duration.ofSeconds(5));
            }
            TcpGames.play(server, links, List.of(), options(5), 9, new LocalTransport(), "", null, null, null);
            // Then a model too slow for the time limit: the rule agent answers for it.
            ollama.delay(Duration.ofSeconds(2));
            TcpGames.play(server, links, List.of(), options(5), 10, new LocalTransport(), "", null, null, null);
            server.finish();
            for (CompletableFuture<AiwolfClient.Played> c : clients) {
                assertThat(c.get(20, TimeUnit.SECONDS).games()).isEqualTo(2);
            }
            assertThat(minds).hasSize(4);
            assertThat(minds.get(0).modelAnswers() + minds.get(1).modelAnswers()).isPositive();
            assertThat(minds.get(2).fallbacks() + minds.get(3).fallbacks()).isPositive();
            assertThat(minds.get(2).modelAnswers() + minds.get(3).modelAnswers()).isZero();
            assertThat(server.stats().values()).allSatisfy(st -> assertThat(st.get("timeouts")).isEqualTo(0L));
            assertThat(ollama.calls()).anySatisfy(c -> assertThat(c.system()).contains("in an AIWolf game"));
        }
    }
}
