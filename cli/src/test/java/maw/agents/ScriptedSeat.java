package maw.agents;

import static org.assertj.core.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;

/**
 * A seat the test plays by hand: it joins the lobby, answers ready checks, and otherwise only sends what the test
 * tells it to, including what a fair player never would. Everything it receives is kept for the test to wait on.
 */
final class ScriptedSeat extends GameAgent {

    static final Duration WAIT = Duration.ofSeconds(15);

    final String name;
    private final Jid gameMaster;
    private final BlockingQueue<Message> inbox = new LinkedBlockingQueue<>();
    private final List<Message> skipped = new ArrayList<>();
    volatile String game;
    volatile int round;
    volatile boolean answersReadyChecks = true;
    /** When set, the seat answers a ready check only once this latch is released. */
    volatile java.util.concurrent.CountDownLatch readyGate;
    /** Run when a ready check arrives, before the seat answers it. */
    volatile Runnable onReadyCheck = () -> { };
    /** How often the connection dropped while this seat ran. */
    final java.util.concurrent.atomic.AtomicInteger drops = new java.util.concurrent.atomic.AtomicInteger();

    ScriptedSeat(Jid jid, String password, String name, Jid gameMaster) {
        super(jid, password);
        this.name = name;
        this.gameMaster = gameMaster;
    }

    @Override
    protected void onConnectionLost(Exception cause) {
        drops.incrementAndGet();
    }

    @Override
    protected void setup() {
        addBehaviour(CyclicBehaviour.of("inbox", self -> {
            Message m = self.receive(Duration.ofMillis(200));
            if (m == null) {
                return;
            }
            if ("ready_check".equals(m.bodyType()) && answersReadyChecks) {
                onReadyCheck.run();
                java.util.concurrent.CountDownLatch gate = readyGate;
                if (gate != null && !gate.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                    return;
                }
                self.send(m.createReply().performative(Performative.INFORM).ontology(ONTOLOGY)
                        .body(new Catalog.Ready(m.json().get("game").asText())).build());
                return;
            }
            if ("start_game".equals(m.bodyType())) {
                round = m.json().get("round").asInt();
            }
            inbox.add(m);
        }));
    }

    /** Joins the lobby and waits for the answer. */
    Message join() throws InterruptedException {
        send(gameMaster, Performative.REQUEST, new Catalog.JoinLobby(name));
        Message answer = next(m -> m.is(Performative.AGREE) || m.is(Performative.REFUSE));
        if ("joined".equals(answer.bodyType())) {
            game = answer.json().get("game").asText();
        }
        return answer;
    }

    void send(Jid to, Catalog.Body body) {
        send(to, Performative.REQUEST, body);
    }

    /** Sends a request with a fresh reply-with and waits for the message that answers it ({@code in-reply-to}). */
    Message ask(Jid to, Catalog.Body body) throws InterruptedException {
        Message request = Message.builder().to(to).performative(Performative.REQUEST).ontology(ONTOLOGY)
                .replyWith(newId()).body(body).build();
        send(request);
        return next(m -> request.replyWith().equals(m.inReplyTo()));
    }

    /** The next message of a type, from anyone; others are set aside. */
    Message next(String type) throws InterruptedException {
        return next(m -> type.equals(m.bodyType()));
    }

    /** The next refusal or not-understood. */
    Message answer() throws InterruptedException {
        return next(m -> m.is(Performative.REFUSE) || m.is(Performative.NOT_UNDERSTOOD));
    }

    Message next(java.util.function.Predicate<Message> wanted) throws InterruptedException {
        synchronized (skipped) {
            for (Message m : skipped) {
                if (wanted.test(m)) {
                    skipped.remove(m);
                    return m;
                }
            }
        }
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            Message m = inbox.poll(100, TimeUnit.MILLISECONDS);
            if (m == null) {
                continue;
            }
            if (wanted.test(m)) {
                return m;
            }
            synchronized (skipped) {
                skipped.add(m);
            }
        }
        return fail(name + " waited " + WAIT + " in vain");
    }

    /** Every message set aside so far plus those waiting. */
    List<Message> seen() {
        List<Message> all;
        synchronized (skipped) {
            all = new ArrayList<>(skipped);
        }
        all.addAll(inbox);
        return all;
    }
}
