package maw.runtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A task of an agent, as in SPADE and JADE: {@link #onStart()}, then {@link #run()} again and again until
 * {@link #isDone()} or {@link #kill()}, then {@link #onEnd()}. Each behaviour runs on a thread of its own (a platform
 * thread for a process's first thousand live behaviours, virtual threads beyond: see {@link BehaviourThreads}), so
 * {@link #receive(Duration)} may block without holding up the agent's other behaviours or any network thread.
 *
 * <p>A behaviour may have a {@link Template}: {@link #receive(Duration)} then only takes matching messages from the
 * agent's mailbox and leaves the others for other behaviours.
 */
public abstract class Behaviour {

    private Agent agent;
    private String name;
    private Template template = Template.any();
    private volatile boolean killed;
    private volatile int exitCode;
    private volatile Throwable failure;
    private final CompletableFuture<Integer> completion = new CompletableFuture<>();

    /** Called once before the first {@link #run()}. */
    protected void onStart() throws Exception {}

    /** One step of the behaviour's work. */
    protected abstract void run() throws Exception;

    /** Whether the behaviour has finished after the latest {@link #run()}. */
    protected abstract boolean isDone();

    /** Called once after the last {@link #run()}, also after a failure or a kill. */
    protected void onEnd() throws Exception {}

    /** How long to wait before the next {@link #run()}; periodic and timeout behaviours override it. */
    protected long nanosBeforeNextRun() {
        return 0;
    }

    /** What this behaviour is called in logs, traces and thread names: its given name, else its class name. */
    public String name() {
        if (name != null) {
            return name;
        }
        String simple = getClass().getSimpleName();
        return simple.isEmpty() ? getClass().getName() : simple;
    }

    /** Gives the behaviour a name; returns it for chaining. */
    public final <B extends Behaviour> B named(String newName) {
        this.name = newName;
        @SuppressWarnings("unchecked")
        B self = (B) this;
        return self;
    }

    public final Agent agent() {
        if (agent == null) {
            throw new IllegalStateException(name() + " is not added to an agent yet");
        }
        return agent;
    }

    public final Template template() {
        return template;
    }

    /** Takes the oldest message matching this behaviour's template, waiting up to {@code timeout}; null if none. */
    public final Message receive(Duration timeout) throws InterruptedException {
        return taken(agent().mailbox().receive(template, nanos(timeout), this));
    }

    /** A message this behaviour took, once the agent's breakpoints let it on ({@link Breaks}). */
    private Message taken(Message m) {
        if (m != null) {
            agent().breaks().pass(true, m);
        }
        return m;
    }

    /**
     * Takes the oldest message matching this behaviour's template, waiting until one comes: a behaviour that only
     * reacts to messages sleeps until then. Null when the behaviour is woken or stopped.
     */
    public final Message receive() throws InterruptedException {
        return receive((Duration) null);
    }

    /** Like {@link #receive(Duration)} but only for messages that also match {@code extra}. */
    public final Message receive(Template extra, Duration timeout) throws InterruptedException {
        Template t = template == Template.any() ? extra : template.and(extra);
        return taken(agent().mailbox().receive(t, nanos(timeout), this));
    }

    /**
     * Like {@link #receive(Template, Duration)}, waiting until a message comes or {@code over} holds (null then): for a
     * behaviour that waits for messages and for work it handed to another thread, which makes {@code over} true and
     * then calls {@link #wakeUp}. Unlike a wake alone, one that comes before the wait begins is not missed.
     */
    public final Message receive(Template extra, java.util.function.BooleanSupplier over) throws InterruptedException {
        Template t = template == Template.any() ? extra : template.and(extra);
        return taken(agent().mailbox().receive(t, Long.MAX_VALUE, this, over));
    }

    /** Takes a matching message only if one is already waiting (never blocks). */
    public final Message poll() throws InterruptedException {
        return taken(agent().mailbox().receive(template, 0, this));
    }

    public final void send(Message message) {
        agent().send(message);
    }

    /**
     * Sends a request and waits for its answer: a message from the receiver whose {@code in-reply-to} is the
     * request's {@code reply-with} (JADE's way), or whose thread is the request's thread (SPADE's {@code make_reply()}
     * keeps the thread and nothing else). Both are set to fresh ids when the request has none. Returns null on
     * timeout.
     */
    public final Message ask(Message request, Duration timeout) throws InterruptedException {
        return askAll(List.of(request), timeout).getFirst();
    }

    /**
     * Sends every request at once, then waits for each one's answer (as {@link #ask}), all within {@code timeout}: the
     * answers in the requests' order, null where none came in time. Requests to one receiver reach it in order.
     */
    public final List<Message> askAll(List<Message> requests, Duration timeout) throws InterruptedException {
        List<Message> sent = new ArrayList<>();
        for (Message request : requests) {
            Objects.requireNonNull(request.to(), "request has no receiver");
            Message.Builder b = request.toBuilder();
            if (request.replyWith() == null) {
                b.replyWith(agent().newId());
            }
            if (request.thread() == null) {
                b.thread(agent().newId());
            }
            Message m = b.build();
            send(m);
            sent.add(m);
        }
        long until = System.nanoTime() + nanos(timeout);
        List<Message> answers = new ArrayList<>();
        for (Message m : sent) {
            Template answer = Template.sender(m.to())
                    .and(Template.inReplyTo(m.replyWith()).or(Template.thread(m.thread())));
            answers.add(taken(agent().mailbox().receive(answer, Math.max(0, until - System.nanoTime()), this)));
        }
        return answers;
    }

    /** Sleeps for {@code d}, returning early (false) if the behaviour is killed meanwhile. */
    public final boolean pause(Duration d) throws InterruptedException {
        return agent().mailbox().pause(nanos(d), this);
    }

    /** Ends the behaviour after its current step; a blocked {@link #receive} returns null at once. */
    public final void kill() {
        kill(0);
    }

    public final void kill(int code) {
        exitCode = code;
        killed = true;
        onKill();
        if (agent != null) {
            agent.mailbox().wake(this);
        }
    }

    /**
     * Makes a {@link #receive} this behaviour is blocked in return null at once, without ending the behaviour: for a
     * behaviour that waits for messages and, at the same time, for work it handed to another thread.
     */
    public final void wakeUp() {
        if (agent != null) {
            agent.mailbox().wake(this);
        }
    }

    /** Hook for composite behaviours to pass a kill on to what runs inside them. */
    void onKill() {}

    public final boolean isKilled() {
        return killed;
    }

    public final int exitCode() {
        return exitCode;
    }

    /** What ended the behaviour if it ended by an exception. */
    public final Optional<Throwable> failure() {
        return Optional.ofNullable(failure);
    }

    public final boolean isFinished() {
        return completion.isDone();
    }

    /** Completes with the exit code when the behaviour has ended. */
    public final CompletableFuture<Integer> completion() {
        return completion;
    }

    /** Waits up to {@code timeout} for the behaviour to end; true if it has. */
    public final boolean join(Duration timeout) throws InterruptedException {
        try {
            completion.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return true;
        }
    }

    final void attach(Agent owner, Template t) {
        if (agent != null && agent != owner) {
            throw new IllegalStateException(name() + " already belongs to " + agent.jid());
        }
        this.agent = owner;
        if (t != null) {
            this.template = t;
        }
    }

    final void setTemplate(Template t) {
        this.template = Objects.requireNonNull(t);
    }

    /** The whole life of the behaviour, in the calling thread. Exceptions end it and are recorded. */
    final void execute() throws Exception {
        try {
            onStart();
            while (!killed && agent.isActive()) {
                long wait = nanosBeforeNextRun();
                if (wait > 0 && !agent.mailbox().pause(wait, this)) {
                    continue;
                }
                if (killed || !agent.isActive()) {
                    break;
                }
                run();
                if (isDone()) {
                    break;
                }
            }
        } catch (InterruptedException e) {
            if (!killed && agent.isActive()) {
                failure = e;
                throw e;
            }
            // Interrupted because the agent is stopping: a normal end.
        } catch (Exception | Error e) {
            failure = e;
            throw e;
        } finally {
            onEnd();
        }
    }

    final void finish() {
        completion.complete(exitCode);
    }

    private static long nanos(Duration d) {
        return d == null ? Long.MAX_VALUE : Math.max(0, d.toNanos());
    }

    @Override
    public String toString() {
        return name();
    }
}
