package maw.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import maw.runtime.Agent;
import maw.runtime.Behaviour;
import maw.runtime.Breaks;
import maw.runtime.FSMBehaviour;
import maw.runtime.Json;

/**
 * The inside of an agent as JSON, as the web monitor shows it: its state machine, behaviours, mailbox, counts, latest
 * messages, and what the agent adds itself ({@link GameAgent#describe}: the agents it works with, a model seat's calls).
 * The same JSON whether the monitor reads an agent of its own process or asks one elsewhere with {@code inspect}.
 */
public final class Introspection {

    private Introspection() {}

    /** Name, kind, status, mailbox, counts, the current state, and the addresses of the agents it works with. */
    public static ObjectNode summary(Agent a) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.put("name", a.jid().local());
        n.put("kind", a.getClass().getSimpleName());
        n.put("status", String.valueOf(a.status()));
        n.put("mailbox", a.mailboxSize());
        n.put("sent", a.sentCount());
        n.put("received", a.receivedCount());
        for (Behaviour b : a.behaviours()) {
            if (b instanceof FSMBehaviour fsm) {
                n.put("state", fsm.currentState());
                break;
            }
        }
        n.set("breaks", breaks(a.breaks()));
        if (a instanceof GameAgent g) {
            g.describe(n, false);
        }
        return n;
    }

    /** Does a {@code debug} action to an agent's breakpoints; returns why it cannot, or null. */
    public static String debug(Breaks b, WatchCatalog.DebugAction action, Long delayMillis) {
        switch (action) {
            case GO -> b.go();
            case BREAK -> b.brk();
            case STEP -> b.step();
            case SLOW -> {
                try {
                    b.slow(delayMillis == null ? Breaks.DEFAULT_SLOW : java.time.Duration.ofMillis(delayMillis));
                } catch (IllegalArgumentException e) {
                    return e.getMessage();
                }
            }
        }
        return null;
    }

    /** Where the agent's breakpoints stand: {@code mode} (go, break, slow), the slow delay, the message held. */
    public static ObjectNode breaks(Breaks b) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.put("mode", b.mode().wire());
        n.put("slow_ms", b.slowDelay().toMillis());
        n.put("passed", b.passed());
        Breaks.Held h = b.held();
        if (h != null) {
            ObjectNode held = n.putObject("held");
            held.put("direction", h.in() ? "in" : "out");
            held.put("type", h.type());
            held.put("performative", h.performative());
            held.put("other", h.other());
            held.put("since", h.since());
        }
        return n;
    }

    /** The summary, with the state machine, the behaviours, what waits in the mailbox and the latest messages. */
    public static ObjectNode detail(Agent a) {
        ObjectNode n = summary(a);
        n.put("jid", a.session() == null ? a.jid().toString() : a.session().toString());
        n.put("notUnderstood", a.notUnderstoodCount());
        n.put("rateLimited", a.rateLimitedCount());
        ArrayNode behaviours = n.putArray("behaviours");
        for (Behaviour b : a.behaviours()) {
            ObjectNode bn = behaviours.addObject();
            bn.put("name", b.name());
            bn.put("kind", b.getClass().getSimpleName());
            bn.put("finished", b.isFinished());
            if (b instanceof FSMBehaviour fsm) {
                ObjectNode f = n.putObject("fsm");
                f.put("name", b.name());
                f.put("initial", fsm.initialState());
                f.put("current", fsm.currentState());
                ArrayNode states = f.putArray("states");
                fsm.states().stream().sorted().forEach(states::add);
                ObjectNode transitions = f.putObject("transitions");
                for (String s : fsm.states().stream().sorted().toList()) {
                    ArrayNode to = transitions.putArray(s);
                    fsm.transitionsFrom(s).stream().sorted().forEach(to::add);
                }
                ArrayNode visited = f.putArray("visited");
                List<String> v = fsm.visited();
                v.subList(Math.max(0, v.size() - 30), v.size()).forEach(visited::add);
                f.put("graphviz", fsm.toGraphviz());
            }
        }
        ArrayNode mailbox = n.putArray("waiting");
        a.mailboxSnapshot().forEach(m -> mailbox.add(m.bodyType() == null ? "" : m.bodyType()));
        ArrayNode trace = n.putArray("messages");
        for (Agent.Traced t : a.trace()) {
            ObjectNode tn = trace.addObject();
            tn.put("t", t.millis());
            tn.put("in", t.in());
            tn.put("performative", t.performative());
            tn.put("other", t.other());
            tn.put("type", t.type());
            tn.put("body", t.body());
        }
        if (a instanceof GameAgent g) {
            g.describe(n, true);
        }
        return n;
    }

    /**
     * The latest {@code n} of the messages agents sent (each agent's {@link #sent}), with each agent's latest
     * {@value #EACH} however many the others sent, in time order, as a sequence chart draws them (JADE's Sniffer):
     * from, to, performative, type.
     */
    public static ArrayNode sequence(List<ArrayNode> sentByEach, int n) {
        List<JsonNode> all = new ArrayList<>();
        sentByEach.forEach(sent -> sent.forEach(all::add));
        all.sort(Comparator.comparingLong(m -> m.path("t").asLong()));
        // The latest n, and each agent's latest few however chatty the others are (a GameMaster among rule bots).
        Set<JsonNode> kept = Collections.newSetFromMap(new IdentityHashMap<>());
        kept.addAll(all.subList(Math.max(0, all.size() - n), all.size()));
        for (ArrayNode sent : sentByEach) {
            List<JsonNode> own = new ArrayList<>();
            sent.forEach(own::add);
            own.sort(Comparator.comparingLong(m -> m.path("t").asLong()));
            kept.addAll(own.subList(Math.max(0, own.size() - EACH), own.size()));
        }
        ArrayNode out = Json.MAPPER.createArrayNode();
        all.stream().filter(kept::contains).forEach(out::add);
        return out;
    }

    /** How many of each agent's latest messages a sequence chart keeps, beyond the latest of all. */
    static final int EACH = 3;

    /** The messages {@code a} sent of its latest ones, for a sequence chart: time, from, to, performative, type. */
    public static ArrayNode sent(Agent a) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (Agent.Traced t : a.trace()) {
            if (t.in()) {
                continue; // each message once: as its sender sent it
            }
            ObjectNode m = out.addObject();
            m.put("t", t.millis());
            m.put("from", a.jid().local());
            String to = t.other();
            int at = to.indexOf('@');
            m.put("to", at > 0 ? to.substring(0, at) : to);
            m.put("performative", t.performative());
            m.put("type", t.type());
        }
        return out;
    }

    /**
     * Trims an inside to at most about {@code maxChars} of JSON, so that it travels in one XMPP stanza (ejabberd's
     * limit is 256 KiB, and the body is escaped once more inside the stanza): the oldest messages go first (the latest
     * 20 stay), then the oldest model calls (the latest stays), then the bodies are cut short. Says so in
     * {@code trimmed}.
     */
    public static JsonNode fit(JsonNode inside, int maxChars) {
        if (!(inside instanceof ObjectNode n) || n.toString().length() <= maxChars) {
            return inside;
        }
        n.put("trimmed", true);
        ArrayNode messages = n.path("messages") instanceof ArrayNode a ? a : Json.MAPPER.createArrayNode();
        ArrayNode calls = n.path("calls") instanceof ArrayNode a ? a : Json.MAPPER.createArrayNode();
        while (n.toString().length() > maxChars && (messages.size() > 20 || calls.size() > 1)) {
            if (messages.size() > 20) {
                messages.remove(0);
            } else {
                calls.remove(0);
            }
        }
        if (n.toString().length() > maxChars) {
            for (JsonNode m : messages) {
                String body = m.path("body").asText();
                if (body.length() > 300) {
                    ((ObjectNode) m).put("body", body.substring(0, 300) + "...");
                }
            }
            for (JsonNode c : calls) {
                for (String f : new String[] {"system", "user", "answer"}) {
                    String v = c.path(f).asText();
                    if (v.length() > 2000) {
                        ((ObjectNode) c).put(f, v.substring(0, 2000) + "...");
                    }
                }
            }
        }
        return n;
    }
}
