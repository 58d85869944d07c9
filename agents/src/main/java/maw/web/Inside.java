package maw.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import maw.runtime.Agent;
import maw.runtime.Behaviour;
import maw.runtime.FSMBehaviour;
import maw.runtime.Json;

/** The inside of an agent as JSON: its state machine, behaviours, mailbox, counts, latest messages, its report. */
final class Inside {

    private Inside() {}

    static ObjectNode summary(Agent a) {
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
        return n;
    }

    static ObjectNode detail(Agent a) {
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
                java.util.List<String> v = fsm.visited();
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
        if (a instanceof maw.agents.model.ModelInterfaceAgent model) {
            ArrayNode calls = n.putArray("calls");
            for (maw.llm.ModelSeat.Call c : model.lastCalls()) {
                ObjectNode cn = calls.addObject();
                cn.put("t", c.at());
                cn.put("system", cut(c.system(), 8000));
                cn.put("user", cut(c.user(), 8000));
                cn.put("answer", c.answer() == null ? null : cut(c.answer(), 4000));
                cn.put("problem", c.problem());
                cn.put("promptTokens", c.promptTokens());
                cn.put("outputTokens", c.outputTokens());
                cn.put("millis", c.millis());
            }
        }
        if (a instanceof maw.agents.table.GameTable.SeatReport r) {
            n.set("report", Json.MAPPER.valueToTree(r.report()));
        }
        return n;
    }

    /**
     * The latest {@code n} messages between the agents of this process and whoever they wrote to, in time order, as a
     * sequence chart draws them (JADE's Sniffer): from, to, performative, type.
     */
    static ArrayNode sequence(java.util.List<Agent> agents, int n) {
        java.util.List<ObjectNode> all = new java.util.ArrayList<>();
        for (Agent a : agents) {
            for (Agent.Traced t : a.trace()) {
                if (t.in()) {
                    continue; // each message once: as its sender sent it
                }
                ObjectNode m = Json.MAPPER.createObjectNode();
                m.put("t", t.millis());
                m.put("from", a.jid().local());
                String to = t.other();
                int at = to.indexOf('@');
                m.put("to", at > 0 ? to.substring(0, at) : to);
                m.put("performative", t.performative());
                m.put("type", t.type());
                all.add(m);
            }
        }
        all.sort(java.util.Comparator.comparingLong(m -> m.path("t").asLong()));
        ArrayNode out = Json.MAPPER.createArrayNode();
        all.subList(Math.max(0, all.size() - n), all.size()).forEach(out::add);
        return out;
    }

    private static String cut(String s, int n) {
        return s == null || s.length() <= n ? s : s.substring(0, n) + "...";
    }
}
