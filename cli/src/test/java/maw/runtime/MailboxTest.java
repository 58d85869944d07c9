package maw.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MailboxTest {

    private static Message news(int n) {
        return Message.of(Jid.parse("a@localhost"), Performative.INFORM, Map.of("type", "news", "n", n));
    }

    @Test
    void whenFullTheOldestKeptMessageMakesRoom() throws Exception {
        Mailbox box = new Mailbox("test", 3);
        for (int i = 1; i <= 5; i++) {
            box.deliver(news(i));
        }
        assertThat(box.size()).isEqualTo(3);
        assertThat(box.dropped()).isEqualTo(2);
        assertThat(box.snapshot()).extracting(m -> m.json().get("n").asInt()).containsExactly(3, 4, 5);
    }

    @Test
    void aWaitingReceiverGetsTheMessageAndNothingIsKept() throws Exception {
        Mailbox box = new Mailbox("test", 10);
        Object key = new Object();
        CompletableFuture<Message> got = CompletableFuture.supplyAsync(() -> {
            try {
                return box.receive(Template.bodyType("news"), TimeUnit.SECONDS.toNanos(10), key);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        maw.testing.Await.until("the receiver waits", () -> box.waiting() == 1);
        box.deliver(Message.of(Jid.parse("a@localhost"), Performative.INFORM, Map.of("type", "other")));
        box.deliver(news(1));
        assertThat(got.get(10, TimeUnit.SECONDS).json().get("n").asInt()).isEqualTo(1);
        assertThat(box.snapshot()).allSatisfy(m -> assertThat(m.bodyType()).isEqualTo("other"));
    }

    @Test
    void wakeReleasesAWaitingReceiverWithNothing() throws Exception {
        Mailbox box = new Mailbox("test", 10);
        Object key = new Object();
        CompletableFuture<Message> got = CompletableFuture.supplyAsync(() -> {
            try {
                return box.receive(Template.any(), TimeUnit.HOURS.toNanos(1), key);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        maw.testing.Await.until("the receiver waits", () -> box.waiting() == 1);
        box.wake(key);
        assertThat(got.get(10, TimeUnit.SECONDS)).isNull();
        assertThat(box.waiting()).isZero();
    }

    /**
     * A receive that also waits for work handed to another thread ends when that work is done, whether the work ends
     * (and wakes it) before the wait begins or during it: no wake is missed, so nothing has to look again on a timer.
     */
    @Test
    @org.junit.jupiter.api.Timeout(30) // a missed wake would wait for ever
    void workDoneBeforeTheWaitEndsItAtOnce() throws Exception {
        Mailbox box = new Mailbox("test", 10);
        Object key = new Object();
        box.wake(key); // the wake came first: nobody was waiting
        // Untimed: only the condition, checked before the wait begins, can end it.
        assertThat(box.receive(Template.any(), Long.MAX_VALUE, key, () -> true)).isNull();
    }

    @Test
    void workDoneDuringTheWaitEndsItWhenItWakes() throws Exception {
        Mailbox box = new Mailbox("test", 10);
        Object key = new Object();
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        CompletableFuture<Message> got = CompletableFuture.supplyAsync(() -> {
            try {
                return box.receive(Template.any(), Long.MAX_VALUE, key, done::get);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        maw.testing.Await.until("the receiver waits", () -> box.isWaiting(key));
        done.set(true);
        box.wake(key);
        assertThat(got.get(10, TimeUnit.SECONDS)).isNull();
    }
}
