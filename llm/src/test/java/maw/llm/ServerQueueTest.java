package maw.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import maw.llm.standin.CostProfile;
import maw.llm.standin.OllamaStandIn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Model calls scheduled for the server they go to: no more at once than its slots, the rest first come first served;
 * on a llama.cpp server each seat's calls in its own slot, whose cache then holds its prompt; a call abandoned while
 * it waits leaves the queue.
 */
class ServerQueueTest {

    static final CostProfile FAST = new CostProfile("test", 4000, 200);

    private final OllamaStandIn server;

    ServerQueueTest() throws Exception {
        server = new OllamaStandIn().brain(c -> new OllamaStandIn.Answer.Text("{\"action\": \"listen\"}"));
    }

    @AfterEach
    void close() {
        server.close();
    }

    private LlmSettings llamaCpp() {
        return LlmSettings.ollamaDefaults().withProvider(LlmSettings.Provider.OPENAI, server.openAiBaseUrl());
    }

    private static String system(int seat) {
        return "You are seat " + seat + ". " + "Remember the rules of the game. ".repeat(40);
    }

    @Test
    void aLlamaCppServerSaysItsSlotsAndAnOllamaServerIsHeldToThoseConfigured() {
        server.llamaCpp(true).slots(3);
        assertThat(ModelServer.shape(llamaCpp())).isEqualTo(new ServerQueue.Shape(3, true));
        assertThat(ModelServer.shape(llamaCpp().withSlots(2))).isEqualTo(new ServerQueue.Shape(2, true));
        LlmSettings ollama = LlmSettings.ollamaDefaults().withBaseUrl(server.baseUrl());
        assertThat(ModelServer.shape(ollama)).as("Ollama tells nothing: the server queues")
                .isEqualTo(new ServerQueue.Shape(0, false));
        assertThat(ModelServer.shape(ollama.withSlots(4))).isEqualTo(new ServerQueue.Shape(4, false));
        server.llamaCpp(false);
        assertThat(ModelServer.shape(llamaCpp().withSlots(2))).as("no slot named to a server that did not say")
                .isEqualTo(new ServerQueue.Shape(2, false));
    }

    @Test
    void eachSeatsCallsKeepToItsHomeSlotAndFindItsPromptInItsCache() throws Exception {
        server.llamaCpp(true).slots(2).cost(FAST);
        Supplier<Llm> seats = Llm.forSeats(llamaCpp());
        List<Llm> two = List.of(seats.get(), seats.get());
        for (int turn = 0; turn < 3; turn++) {
            for (int s = 0; s < 2; s++) {
                two.get(s).prompt(system(s), "Turn " + turn + ": what now?", null);
            }
        }
        List<OllamaStandIn.Served> served = server.served().stream().map(OllamaStandIn.Call::served).toList();
        assertThat(served).extracting(OllamaStandIn.Served::slot).containsExactly(0, 1, 0, 1, 0, 1);
        for (int i = 2; i < served.size(); i++) {
            assertThat(served.get(i).readTokens()).as("call %d reads only what is new", i)
                    .isLessThan(served.get(i).promptTokens() / 5);
        }
        assertThat(two.get(0).cachedTokens()).as("the seat's count of what the server read from its cache")
                .isEqualTo(served.get(2).cachedTokens() + served.get(4).cachedTokens());
    }

    @Test
    void callsBeyondTheServersSlotsWaitInMawsQueueInTheOrderTheyCame() throws Exception {
        server.slots(1).cost(FAST);
        LlmSettings ollama = LlmSettings.ollamaDefaults().withBaseUrl(server.baseUrl()).withSlots(1);
        Supplier<Llm> seats = Llm.forSeats(ollama);
        List<CompletableFuture<Llm.Reply>> calls = new ArrayList<>();
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int s = 0; s < 4; s++) {
                Llm llm = seats.get();
                int seat = s;
                calls.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        return llm.prompt(system(seat), "go", null);
                    } catch (LlmException e) {
                        throw new IllegalStateException(e);
                    }
                }, pool));
                Thread.sleep(20); // they come one after another
            }
            calls.forEach(CompletableFuture::join);
        }
        List<OllamaStandIn.Served> served = server.served().stream().map(OllamaStandIn.Call::served).toList();
        assertThat(served).extracting(OllamaStandIn.Served::queuedMillis).as("none waits at the server")
                .allMatch(ms -> ms < 50);
        java.util.Map<String, Object> stats = ModelClients.single(ollama).stats();
        assertThat(stats).containsEntry("slots", 1).containsEntry("calls", 4L).containsEntry("waited", 3L);
        assertThat((Integer) stats.get("mostAhead")).as("a call waits for those that came before it").isEqualTo(2);
    }

    @Test
    void aCallAbandonedWhileItWaitsLeavesTheQueue() throws Exception {
        server.slots(1).cost(new CostProfile("slow", 200, 200));
        LlmSettings ollama = LlmSettings.ollamaDefaults().withBaseUrl(server.baseUrl()).withSlots(1);
        Supplier<Llm> seats = Llm.forSeats(ollama);
        Llm first = seats.get();
        Llm second = seats.get();
        CompletableFuture<Llm.Reply> long_ = CompletableFuture.supplyAsync(() -> {
            try {
                return first.prompt(system(1), "a long prompt " + "and more ".repeat(100), null);
            } catch (LlmException e) {
                throw new IllegalStateException(e);
            }
        });
        while (server.calls().isEmpty()) {
            Thread.sleep(5);
        }
        CompletableFuture<LlmException> waiting = new CompletableFuture<>();
        Thread t = Thread.ofVirtual().start(() -> {
            try {
                second.prompt(system(2), "go", null);
                waiting.complete(null);
            } catch (LlmException e) {
                waiting.complete(e);
            }
        });
        Thread.sleep(100);
        t.interrupt();
        LlmException e = waiting.get(5, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(e).isNotNull();
        assertThat(e.kind()).isEqualTo(LlmException.Kind.CANCELLED);
        long_.join();
        assertThat(server.calls()).as("the abandoned call never reached the server").hasSize(1);
        assertThatThrownBy(() -> new LlmSettings(LlmSettings.Provider.OLLAMA, null, "m", "", 0.5,
                java.time.Duration.ofSeconds(1), 1000, 100, 0, null, 300)).hasMessageContaining("slots");
    }
}
