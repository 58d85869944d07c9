package maw.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A receive that also waits for work handed to another thread ends when that work is done, whether the work ends
 * (and wakes it) before the wait begins or during it: no wake is missed, so nothing has to look again on a timer.
 */
@org.junit.jupiter.api.Timeout(30) // a missed wake would wait for ever
class MailboxOverTest {

    private final Object key = new Object();

    @Test
    void workDoneBeforeTheWaitEndsItAtOnce() throws Exception {
        Mailbox box = new Mailbox("t", 10);
        AtomicBoolean done = new AtomicBoolean(true);
        box.wake(key); // the wake came first: nobody was waiting
        // Untimed: only the condition, checked before the wait begins, can end it.
        assertThat(box.receive(Template.any(), Long.MAX_VALUE, key, done::get)).isNull();
    }

    @Test
    void workDoneDuringTheWaitEndsItWhenItWakes() throws Exception {
        Mailbox box = new Mailbox("t", 10);
        AtomicBoolean done = new AtomicBoolean();
        CompletableFuture<Message> got = CompletableFuture.supplyAsync(() -> {
            try {
                return box.receive(Template.any(), Long.MAX_VALUE, key, done::get);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        while (!box.isWaiting(key)) {
            Thread.onSpinWait();
        }
        done.set(true);
        box.wake(key);
        assertThat(got.get(10, TimeUnit.SECONDS)).isNull();
    }
}
