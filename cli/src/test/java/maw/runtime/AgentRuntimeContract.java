package maw.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import maw.testing.Agents;
import maw.testing.Await;
import maw.testing.Probe;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the runtime promises, whichever transport carries the messages. Each transport's test class runs all of these.
 */
abstract class AgentRuntimeContract {

    static final Duration WAIT = Probe.WAIT;

    Agents agents;

    abstract Transport transport();

    /** Fresh accounts; each has the password {@link TestXmpp#password(Jid)}. */
    abstract Jid[] accounts(String prefix, int n);

    @BeforeEach
    void openAgents() {
        agents = new Agents(transport());
    }

    @AfterEach
    void stopAgents() {
        agents.close();
    }

    Probe probe(Jid jid) throws TransportException {
        return agents.start(new Probe(jid, TestXmpp.password(jid)));
    }

    /** An agent that answers every request with an inform echoing the body, the way a FIPA responder does. */
    Agent echo(Jid jid) throws TransportException {
        Agent a = new Agent(jid, TestXmpp.password(jid));
        a.addBehaviour(CyclicBehaviour.of("echo", self -> {
            Message m = self.receive(Template.performative(Performative.REQUEST), Duration.ofMillis(200));
            if (m != null) {
                self.send(m.createReply().performative(Performative.INFORM).body(m.json()).build());
            }
        }));
        return agents.start(a);
    }

    static Message request(Jid to, String body) {
        return Message.builder().to(to).performative(Performative.REQUEST).rawBody(body).build();
    }

    @Test
    void askReceivesTheReplyThatAnswersTheRequest() throws Exception {
        Jid[] j = accounts("ask", 2);
        echo(j[1]);
        CompletableFuture<Message> answer = new CompletableFuture<>();
        Agent asker = new Agent(j[0], TestXmpp.password(j[0]));
        asker.addBehaviour(OneShotBehaviour.of("ask", self -> answer.complete(self.ask(Message.builder().to(j[1])
                .performative(Performative.REQUEST).conversationId("conv-1").ontology("maw").protocol("fipa-request")
                .body(Map.of("type", "ping", "n", 7)).build(), WAIT))));
        agents.start(asker);

        Message reply = answer.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(reply).isNotNull();
        assertThat(reply.requirePerformative()).isEqualTo(Performative.INFORM);
        assertThat(reply.sender().bare()).isEqualTo(j[1]);
        assertThat(reply.conversationId()).isEqualTo("conv-1");
        assertThat(reply.ontology()).isEqualTo("maw");
        assertThat(reply.protocol()).isEqualTo("fipa-request");
        assertThat(reply.inReplyTo()).isNotBlank();
        assertThat(reply.json().get("n").asInt()).isEqualTo(7);
    }

    /**
     * SPADE's {@code make_reply()} keeps the thread and drops reply-with: such an answer, with no {@code in-reply-to},
     * is the answer to the request all the same.
     */
    @Test
    void askReceivesAReplyMatchedByThreadAsSpadeMakesIt() throws Exception {
        Jid[] j = accounts("spadeask", 2);
        Agent spade = new Agent(j[1], TestXmpp.password(j[1]));
        CompletableFuture<Message> asked = new CompletableFuture<>();
        spade.addBehaviour(CyclicBehaviour.of("make_reply", self -> {
            Message m = self.receive(Template.performative(Performative.REQUEST), Duration.ofMillis(200));
            if (m != null) {
                asked.complete(m);
                self.send(Message.builder().to(m.sender()).thread(m.thread()).performative(Performative.INFORM)
                        .body(Map.of("type", "pong")).build());
            }
        }));
        agents.start(spade);
        CompletableFuture<Message> answer = new CompletableFuture<>();
        Agent asker = new Agent(j[0], TestXmpp.password(j[0]));
        asker.addBehaviour(OneShotBehaviour.of("ask", self -> answer.complete(self.ask(Message.builder().to(j[1])
                .performative(Performative.REQUEST).body(Map.of("type", "ping")).build(), WAIT))));
        agents.start(asker);

        Message reply = answer.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(reply).as("the answer matched by its thread").isNotNull();
        assertThat(reply.inReplyTo()).isNull();
        assertThat(reply.bodyType()).isEqualTo("pong");
        assertThat(asked.get().thread()).as("the request was given a thread").isNotBlank();
    }

    @Test
    void everyRequestGetsAThreadWhenItHasNone() throws Exception {
        Jid[] j = accounts("thread", 2);
        Probe to = probe(j[1]);
        Probe from = probe(j[0]);
        from.send(Message.builder().to(j[1]).performative(Performative.REQUEST).body(Map.of("type", "a")).build());
        from.send(Message.builder().to(j[1]).performative(Performative.REQUEST).body(Map.of("type", "b")).build());
        from.send(Message.builder().to(j[1]).performative(Performative.INFORM).body(Map.of("type", "c")).build());
        Message a = to.next();
        Message b = to.next();
        Message c = to.next();
        assertThat(a.thread()).isNotBlank();
        assertThat(b.thread()).isNotBlank().isNotEqualTo(a.thread());
        assertThat(c.thread()).as("an inform opens no conversation").isNull();
    }

    @Test
    void requestsAndRepliesArriveInTheOrderSent() throws Exception {
        Jid[] j = accounts("order", 2);
        echo(j[1]);
        Probe p = probe(j[0]);
        for (int i = 0; i < 200; i++) {
            p.send(request(j[1], "{\"type\":\"ping\",\"seq\":" + i + "}"));
        }
        for (int i = 0; i < 200; i++) {
            assertThat(p.next().json().get("seq").asInt()).isEqualTo(i);
        }
    }

    @Test
    void fsmRunsItsStatesAlongTheDeclaredTransitions() throws Exception {
        Jid j = accounts("fsm", 1)[0];
        FSMBehaviour fsm = new FSMBehaviour("Turns");
        int[] rounds = {0};
        fsm.addState("Setup", s -> s.setNextState("Play"));
        fsm.addState("Play", s -> s.setNextState(++rounds[0] < 3 ? "Play" : "End"));
        fsm.addState("End", s -> { });
        fsm.addTransition("Setup", "Play").addTransition("Play", "Play").addTransition("Play", "End");
        Agent a = new Agent(j, TestXmpp.password(j));
        a.addBehaviour(fsm);
        agents.start(a);

        assertThat(fsm.join(WAIT)).isTrue();
        assertThat(fsm.failure()).isEmpty();
        assertThat(fsm.visited()).containsExactly("Setup", "Play", "Play", "Play", "End");
    }

    @Test
    void wakeUpReleasesABlockedReceiveAndTheBehaviourGoesOn() throws Exception {
        Jid j = accounts("wake", 1)[0];
        java.util.concurrent.BlockingQueue<String> steps = new java.util.concurrent.LinkedBlockingQueue<>();
        CyclicBehaviour waiter = CyclicBehaviour.of("waiter", self -> {
            Message m = self.receive();
            steps.add(m == null ? "woken" : "message");
        });
        Agent a = new Agent(j, TestXmpp.password(j));
        a.addBehaviour(waiter);
        agents.start(a);
        maw.testing.Await.until("the behaviour waits in receive", () -> a.mailbox().isWaiting(waiter));
        waiter.wakeUp();
        assertThat(steps.poll(WAIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)).isEqualTo("woken");
        assertThat(waiter.isKilled()).isFalse();
        maw.testing.Await.until("the behaviour waits again", () -> a.mailbox().isWaiting(waiter));
        waiter.wakeUp();
        assertThat(steps.poll(WAIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)).isEqualTo("woken");
    }

    @Test
    void fsmStopsWithAnErrorOnAnUndeclaredTransition() throws Exception {
        Jid j = accounts("fsm-bad", 1)[0];
        FSMBehaviour fsm = new FSMBehaviour("GameMaster");
        fsm.addState("Setup", s -> s.setNextState("EndPhase"));
        fsm.addState("AssignRoles", s -> { });
        fsm.addState("EndPhase", s -> { });
        fsm.addTransition("Setup", "AssignRoles").addTransition("AssignRoles", "EndPhase");
        Agent a = new Agent(j, TestXmpp.password(j));
        a.addBehaviour(fsm);
        agents.start(a);

        assertThat(fsm.join(WAIT)).isTrue();
        assertThat(fsm.failure()).get().isInstanceOf(FsmException.class);
        assertThat(fsm.failure().get().getMessage())
                .contains("undeclared transition Setup -> EndPhase").contains("[AssignRoles]");
        assertThat(fsm.visited()).containsExactly("Setup");
        assertThat(a.isActive()).as("the agent outlives its failed behaviour").isTrue();
    }

    @Test
    void templatesHandEachMessageToTheBehaviourThatAsksForIt() throws Exception {
        Jid[] j = accounts("dispatch", 3);
        List<String> votes = new CopyOnWriteArrayList<>();
        List<String> informsFromFirst = new CopyOnWriteArrayList<>();
        CountDownLatch all = new CountDownLatch(4);
        Agent target = new Agent(j[0], TestXmpp.password(j[0]));
        target.addBehaviour(CyclicBehaviour.of("votes", self -> {
            Message m = self.receive(Duration.ofMillis(100));
            if (m != null) {
                votes.add(m.json().get("target").asText());
                all.countDown();
            }
        }), Template.bodyType("vote"));
        target.addBehaviour(CyclicBehaviour.of("informs", self -> {
            Message m = self.receive(Duration.ofMillis(100));
            if (m != null) {
                informsFromFirst.add(m.json().get("text").asText());
                all.countDown();
            }
        }), Template.performative(Performative.INFORM).and(Template.sender(j[1])).and(Template.bodyType("vote").not()));
        agents.start(target);
        Probe first = probe(j[1]);
        Probe second = probe(j[2]);

        first.send(Message.of(j[0], Performative.REQUEST, Map.of("type", "vote", "target", "bob")));
        first.send(Message.of(j[0], Performative.INFORM, Map.of("type", "chat", "text", "hello")));
        second.send(Message.of(j[0], Performative.INFORM, Map.of("type", "chat", "text", "from second")));
        second.send(Message.of(j[0], Performative.REQUEST, Map.of("type", "vote", "target", "carol")));
        first.send(Message.of(j[0], Performative.INFORM, Map.of("type", "chat", "text", "again")));

        assertThat(all.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        assertThat(votes).containsExactlyInAnyOrder("bob", "carol");
        assertThat(informsFromFirst).containsExactly("hello", "again");
        // The inform from the second agent matched neither behaviour and waits in the mailbox.
        assertThat(target.mailboxSnapshot()).singleElement()
                .satisfies(m -> assertThat(m.json().get("text").asText()).isEqualTo("from second"));
    }

    @Test
    void aMessageNoBehaviourWantsStaysInTheMailboxUntilOneAsks() throws Exception {
        Jid[] j = accounts("keep", 2);
        Agent keeper = agents.start(new Agent(j[0], TestXmpp.password(j[0])));
        Probe sender = probe(j[1]);
        sender.send(Message.of(j[0], Performative.INFORM, Map.of("type", "news", "n", 1)));
        sender.send(Message.of(j[0], Performative.INFORM, Map.of("type", "news", "n", 2)));
        Await.until("both messages are kept", () -> keeper.mailboxSize() == 2);

        CompletableFuture<List<Integer>> taken = new CompletableFuture<>();
        keeper.addBehaviour(OneShotBehaviour.of("late", self -> {
            List<Integer> ns = new ArrayList<>();
            ns.add(self.receive(WAIT).json().get("n").asInt());
            ns.add(self.receive(WAIT).json().get("n").asInt());
            taken.complete(ns);
        }), Template.bodyType("news"));
        assertThat(taken.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).containsExactly(1, 2);
        assertThat(keeper.mailboxSize()).isZero();
    }

    @Test
    void aBodyThatIsNotJsonIsAnsweredNotUnderstoodAndTheAgentCarriesOn() throws Exception {
        Jid[] j = accounts("badjson", 2);
        Agent e = echo(j[0]);
        Probe p = probe(j[1]);
        p.send(Message.builder().to(j[0]).performative(Performative.REQUEST).rawBody("{\"type\": vote").build());

        Message answer = p.next();
        assertThat(answer.requirePerformative()).isEqualTo(Performative.NOT_UNDERSTOOD);
        assertThat(answer.json().get("reason").asText()).startsWith("body is not valid JSON");
        assertThat(answer.json().get("received").asText()).isEqualTo("{\"type\": vote");

        p.send(request(j[0], "{\"type\":\"ping\"}"));
        assertThat(p.next().requirePerformative()).isEqualTo(Performative.INFORM);
        assertThat(e.notUnderstoodCount()).isEqualTo(1);
    }

    @Test
    void aMessageWithoutPerformativeIsAnsweredNotUnderstood() throws Exception {
        Jid[] j = accounts("noperf", 2);
        echo(j[0]);
        Probe p = probe(j[1]);
        p.send(Message.builder().to(j[0]).rawBody("{\"type\":\"ping\"}").build());
        Message answer = p.next();
        assertThat(answer.requirePerformative()).isEqualTo(Performative.NOT_UNDERSTOOD);
        assertThat(answer.json().get("reason").asText()).contains("no performative");

        p.send(Message.builder().to(j[0]).metadata(Message.PERFORMATIVE, "shout").rawBody("{}").build());
        assertThat(p.next().json().get("reason").asText()).isEqualTo("unknown performative 'shout'");
    }

    @Test
    void aNotUnderstoodIsNeverAnsweredWithAnother() throws Exception {
        Jid[] j = accounts("nu-loop", 2);
        Agent e = echo(j[0]);
        Probe p = probe(j[1]);
        p.send(Message.builder().to(j[0]).performative(Performative.NOT_UNDERSTOOD).rawBody("not json at all").build());
        p.send(request(j[0], "{\"type\":\"ping\"}"));
        // Messages between two agents arrive in order: once the ping is answered, the garbage was handled.
        assertThat(p.next().requirePerformative()).isEqualTo(Performative.INFORM);
        assertThat(e.notUnderstoodCount()).isZero();
        assertThat(e.mailboxSnapshot()).singleElement().satisfies(m -> assertThat(m.body()).isEqualTo("not json at all"));
    }

    @Test
    void theTransportStampsTheTrueSender() throws Exception {
        Jid[] j = accounts("forge", 3);
        Probe victim = probe(j[0]);
        Probe forger = probe(j[1]);
        forger.send(Message.builder().to(j[0]).sender(j[2]).performative(Performative.INFORM)
                .rawBody("{\"type\":\"phase_change\"}").build());
        assertThat(victim.next().sender().bare()).isEqualTo(j[1]);
    }

    @Test
    void messagesToAnAgentThatIsOfflineWaitForIt() throws Exception {
        Jid[] j = accounts("offline", 2);
        Probe sender = probe(j[0]);
        sender.send(Message.of(j[1], Performative.INFORM, Map.of("type", "start_game", "total_players", 6)));
        sender.send(Message.of(j[1], Performative.INFORM, Map.of("type", "assign_role", "role", "werewolf")));
        // Wait until the sender's messages were taken by the server (or the local router) before the receiver logs in.
        sender.send(Message.of(j[0], Performative.INFORM, Map.of("type", "mark")));
        assertThat(sender.next().bodyType()).isEqualTo("mark");

        Probe late = probe(j[1]);
        assertThat(late.next().bodyType()).isEqualTo("start_game");
        assertThat(late.next().bodyType()).isEqualTo("assign_role");
    }

    /**
     * What the server kept for an account from before its agent started (news of an earlier session or game) is not
     * handed to the agent; it takes only what was stored from its start on.
     */
    @Test
    void messagesKeptFromBeforeAnAgentStartedAreNotHandedToIt() throws Exception {
        Jid[] j = accounts("stale", 2);
        Probe sender = probe(j[0]);
        sender.send(Message.of(j[1], Performative.INFORM, Map.of("type", "old_news")));
        sender.send(Message.of(j[0], Performative.INFORM, Map.of("type", "mark")));
        assertThat(sender.next().bodyType()).isEqualTo("mark");
        // No tolerance for clocks here: the message was stored before the receiver began to start.
        Probe late = agents.start((Probe) new Probe(j[1], TestXmpp.password(j[1])).storedTolerance(Duration.ZERO));
        sender.send(Message.of(j[1], Performative.INFORM, Map.of("type", "fresh")));
        assertThat(late.next().bodyType()).isEqualTo("fresh");
    }

    @Test
    void manyAgentsStartAtOnceAndAllReachOneAgent() throws Exception {
        int n = 100;
        Jid[] j = accounts("crowd", n + 1);
        Probe hub = probe(j[0]);
        List<CompletableFuture<Agent>> starting = new ArrayList<>();
        List<Agent> crowd = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            Jid me = j[i];
            Agent a = new Agent(me, TestXmpp.password(me));
            a.addBehaviour(OneShotBehaviour.of("hello", self -> self.send(
                    Message.of(j[0], Performative.INFORM, Map.of("type", "join_lobby", "player_name", me.local())))));
            crowd.add(a);
        }
        for (Agent a : crowd) {
            starting.add(a.startAsync(transport()));
        }
        try {
            CompletableFuture.allOf(starting.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            List<String> names = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                names.add(hub.next().json().get("player_name").asText());
            }
            assertThat(names).hasSize(n).doesNotHaveDuplicates();
            assertThat(crowd).allSatisfy(a -> assertThat(a.isConnected()).isTrue());
        } finally {
            crowd.parallelStream().forEach(Agent::stop);
        }
    }

    @Test
    void stoppingAnAgentEndsItsBehavioursAndClosesItsConnection() throws Exception {
        Jid j = accounts("stop", 1)[0];
        Agent a = new Agent(j, TestXmpp.password(j));
        CyclicBehaviour waiting = CyclicBehaviour.of("waiting", self -> self.receive());
        a.addBehaviour(waiting);
        agents.start(a);
        a.stop();
        assertThat(waiting.join(WAIT)).isTrue();
        assertThat(a.status()).isEqualTo(Agent.Status.STOPPED);
        assertThat(a.isConnected()).isFalse();
    }
}
