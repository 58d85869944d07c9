package maw.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The pool's choice of server: by weight, by calls outstanding, around servers that fail, and back to them later. */
class ModelPoolTest {

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final List<String> answeredBy = new ArrayList<>();

    private static final ChatRequest ASK = ChatRequest.builder().messages(UserMessage.from("your turn")).build();

    /** A server that answers with its name, or as {@code behaviour} says. */
    private ChatModel server(String name, Supplier<RuntimeException> failure) {
        return new ChatModel() {
            @Override
            public ChatResponse chat(ChatRequest request) {
                RuntimeException e = failure.get();
                if (e != null) {
                    throw e;
                }
                synchronized (answeredBy) {
                    answeredBy.add(name);
                }
                return ChatResponse.builder().aiMessage(AiMessage.from(name)).build();
            }
        };
    }

    private ModelPool pool(List<Integer> weights, List<ChatModel> servers) {
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < servers.size(); i++) {
            urls.add("http://s" + i);
        }
        return new ModelPool(urls, weights, servers, now::get);
    }

    @Test
    void oneAfterAnotherTheCallsShareOutByWeight() {
        ModelPool p = pool(List.of(1, 1, 2), List.of(server("a", () -> null), server("b", () -> null),
                server("c", () -> null)));
        for (int i = 0; i < 40; i++) {
            p.chat(ASK);
        }
        assertThat(answeredBy.stream().filter("a"::equals).count()).isEqualTo(10);
        assertThat(answeredBy.stream().filter("b"::equals).count()).isEqualTo(10);
        assertThat(answeredBy.stream().filter("c"::equals).count()).isEqualTo(20);
    }

    @Test
    void aSeatsCallsKeepToTheServerThatHoldsItsPromptWhileItIsNoBusier() {
        ModelPool p = pool(List.of(1, 1, 1), List.of(server("a", () -> null), server("b", () -> null),
                server("c", () -> null)));
        for (int seat = 0; seat < 3; seat++) {
            ServerQueue.asSeat(seat, () -> p.chat(ASK));
        }
        assertThat(answeredBy).containsExactly("a", "b", "c");
        // Seat 0 asks three times in a row: the calls so far would send the next to b, then c; its prompt is at a.
        for (int i = 0; i < 3; i++) {
            ServerQueue.asSeat(0, () -> p.chat(ASK));
        }
        assertThat(answeredBy.subList(3, 6)).containsExactly("a", "a", "a");
        // A call of no seat is shared out as before.
        p.chat(ASK);
        assertThat(answeredBy.getLast()).isIn("b", "c");
    }

    @Test
    void aCallGoesToTheServerWithTheFewestCallsOutstanding() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch entered = new CountDownLatch(1);
        ChatModel slow = new ChatModel() {
            @Override
            public ChatResponse chat(ChatRequest request) {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return ChatResponse.builder().aiMessage(AiMessage.from("slow")).build();
            }
        };
        ModelPool p = pool(List.of(1, 1), List.of(slow, server("fast", () -> null)));
        Thread busy = Thread.ofVirtual().start(() -> p.chat(ASK));
        entered.await();
        for (int i = 0; i < 5; i++) {
            assertThat(p.chat(ASK).aiMessage().text()).isEqualTo("fast");
        }
        release.countDown();
        busy.join();
        assertThat(p.stats().get("http://s0")).containsEntry("calls", 1L);
    }

    @Test
    void aServerThatFailsIsSetAsideTheCallGoesOnAndItIsTriedAgainLater() {
        boolean[] down = {true};
        ModelPool p = pool(List.of(1, 1), List.of(server("a", () -> down[0] ? new RuntimeException("refused") : null),
                server("b", () -> null)));
        for (int i = 0; i < 6; i++) {
            assertThat(p.chat(ASK).aiMessage().text()).isEqualTo("b");
        }
        assertThat(p.stats().get("http://s0")).containsEntry("errors", 1L).containsEntry("asideNow", true);
        down[0] = false;
        now.addAndGet(ModelPool.SET_ASIDE_MILLIS + 1);
        answeredBy.clear();
        for (int i = 0; i < 4; i++) {
            p.chat(ASK);
        }
        assertThat(answeredBy).contains("a");
        assertThat(p.stats().get("http://s0")).containsEntry("asideNow", false);
    }

    @Test
    void aTimeoutIsTheSeatsToRetryAndSetsTheServerAside() {
        ModelPool p = pool(List.of(1, 1), List.of(server("a", () -> new TimeoutException("took too long")),
                server("b", () -> null)));
        assertThatThrownBy(() -> p.chat(ASK)).isInstanceOf(TimeoutException.class);
        assertThat(p.chat(ASK).aiMessage().text()).isEqualTo("b");
        assertThat(p.stats().get("http://s0")).containsEntry("setAside", 1L);
    }

    @Test
    void whenEveryServerFailsTheLastFailureIsTheAnswer() {
        ModelPool p = pool(List.of(1, 1), List.of(server("a", () -> new RuntimeException("a down")),
                server("b", () -> new RuntimeException("b down"))));
        assertThatThrownBy(() -> p.chat(ASK)).hasMessageContaining("down");
        // Both set aside: the next call still tries the one due back first rather than failing untried.
        assertThatThrownBy(() -> p.chat(ASK)).hasMessageContaining("down");
        assertThat(p.stats().values()).allSatisfy(s -> assertThat((Long) s.get("calls")).isEqualTo(2L));
    }

    @Test
    void theSettingNamesTheServersAndTheirWeights() {
        LlmSettings s = LlmSettings.ollamaDefaults().withBaseUrl("http://gpu1:11434/*3, http://gpu2:11434 "
                + "http://gpu3:11434");
        assertThat(s.endpoints()).containsExactly(new LlmSettings.Endpoint("http://gpu1:11434", 3),
                new LlmSettings.Endpoint("http://gpu2:11434", 1), new LlmSettings.Endpoint("http://gpu3:11434", 1));
        assertThat(s.baseUrl()).isEqualTo("http://gpu1:11434*3,http://gpu2:11434,http://gpu3:11434");
        assertThatThrownBy(() -> LlmSettings.parseEndpoints("http://a*x")).hasMessageContaining("weight");
    }
}
