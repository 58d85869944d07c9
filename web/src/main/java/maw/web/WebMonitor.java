package maw.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import maw.agents.Catalog;
import maw.agents.GameAgent;
import maw.agents.Introspection;
import maw.agents.WatchCatalog;
import maw.runtime.Agent;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Json;
import maw.runtime.Message;
import maw.runtime.Performative;

/**
 * The web monitor: an agent that watches a game at its GameMaster over XMPP (so it works from any process or host),
 * and its {@link MonitorPage} on 127.0.0.1 that shows the table live. Anyone who opens the page sees the public view;
 * the god view (roles, the pack's news, whispers) needs the token the GameMaster printed, given as {@code ?token=}.
 */
public final class WebMonitor extends GameAgent {

    private final Jid gameMaster;
    private final String token;
    private final String bind;
    private final int requestedPort;
    private volatile MonitorPage page;
    private volatile boolean watching;
    private volatile String refusal;
    /** The rooms' agents of the round watched (their lines come to the watcher too). */
    private volatile Set<Jid> rooms = Set.of();
    private long lastAsk;
    /** How often the monitor renews its watch (the GameMaster's lease is 60 s). */
    static final Duration RENEW = Duration.ofSeconds(20);
    private volatile Supplier<List<Agent>> agents = List::of;
    private volatile WebSeats seats;

    /**
     * @param token the GameMaster's watch token (null: the public view only)
     * @param port  the page's port on {@code bind} (0: any free one)
     */
    public WebMonitor(Jid jid, String password, Jid gameMaster, String token, String bind, int port) {
        super(jid, password);
        this.gameMaster = gameMaster.bare();
        this.token = token;
        this.bind = bind;
        this.requestedPort = port;
    }

    /** The page's port, once started. */
    public int port() {
        MonitorPage p = page;
        return p == null ? -1 : p.port();
    }

    /** The agents of the game that run in this process: the god view shows their inside. */
    public WebMonitor agents(Supplier<List<Agent>> in) {
        this.agents = in;
        return this;
    }

    /** Seats people may take from the page (the table's open seats). */
    public WebMonitor seats(WebSeats s) {
        this.seats = s;
        MonitorPage p = page;
        if (p != null) {
            p.seats(s);
        }
        return this;
    }

    /** Whether the GameMaster agreed to be watched. */
    public boolean watching() {
        return watching;
    }

    /** Why the GameMaster refused, if it did. */
    public String refusal() {
        return refusal;
    }

    @Override
    protected void setup() {
        page = new MonitorPage(token, bind, requestedPort, false);
        page.agents(new Agents());
        page.seats(seats);
        addBehaviour(CyclicBehaviour.of("Watch", self -> {
            if (!watching && refusal == null && System.nanoTime() - lastAsk > 1_000_000_000L) {
                lastAsk = System.nanoTime();
                send(gameMaster, Performative.REQUEST, new WatchCatalog.Watch(null, token == null
                        ? WatchCatalog.WatchView.PUBLIC : WatchCatalog.WatchView.GOD, token));
            } else if (watching && System.nanoTime() - lastAsk > RENEW.toNanos()) {
                lastAsk = System.nanoTime(); // a watch is a lease: a ping renews it
                send(gameMaster, Performative.QUERY_IF, new Catalog.Ping(null));
            }
            // A message, or the time to ask again (not watching yet) or to renew the lease, whichever comes first.
            long due = !watching && refusal == null ? lastAsk + 1_000_000_000L
                    : watching ? lastAsk + RENEW.toNanos() : Long.MAX_VALUE;
            Message m = due == Long.MAX_VALUE ? self.receive()
                    : self.receive(Duration.ofNanos(Math.max(1_000_000, due - System.nanoTime() + 1_000_000)));
            if (m != null) {
                guarded(m, () -> handle(m));
            }
        }));
    }

    @Override
    protected void takeDown() {
        MonitorPage p = page;
        if (p != null) {
            p.close();
        }
        WebSeats s = seats;
        if (s != null) {
            s.close();
        }
    }

    // --- the inside of the game's agents: read directly in this process, asked over XMPP elsewhere ----------------

    /** How long the page waits for an agent elsewhere to show its inside. */
    static final Duration ASK = Duration.ofSeconds(2);
    /** How long a list of the agents serves the pages that ask for it. */
    private static final long LIST_FRESH_NANOS = 1_000_000_000L;

    private record Asked(Jid to, CompletableFuture<JsonNode> answer) {}

    private final Map<String, Asked> asked = new ConcurrentHashMap<>();
    /** The agents elsewhere the monitor found by following the links of the agents it knows: name to address. */
    private final Map<String, Jid> elsewhere = new ConcurrentHashMap<>();
    private volatile List<ObjectNode> lastList = List.of();
    private volatile long lastListAt;

    /** Asks an agent elsewhere for its inside (a session the GameMaster vouched for is answered). */
    private CompletableFuture<JsonNode> ask(Jid to, WatchCatalog.InsidePart part) {
        return ask(to, new WatchCatalog.Inspect(part));
    }

    /** Sends {@code request} to {@code to}; completes with the answer's JSON (an inside, a clock) or its refusal. */
    private CompletableFuture<JsonNode> ask(Jid to, Catalog.Body request) {
        String thread = newId();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        asked.put(thread, new Asked(to, answer));
        try {
            sendUntraced(Message.builder().to(to).performative(Performative.REQUEST).ontology(ONTOLOGY).thread(thread)
                    .replyWith(thread).body(request).build());
        } catch (RuntimeException e) {
            answer.completeExceptionally(e);
        }
        return answer.orTimeout(ASK.toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((r, e) -> asked.remove(thread));
    }

    private static String why(Throwable e) {
        Throwable c = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        return c instanceof TimeoutException ? "no answer within " + ASK.toSeconds() + " s"
                : String.valueOf(c.getMessage());
    }

    private final class Agents implements InsideSource {

        @Override
        public synchronized List<ObjectNode> summaries() {
            if (System.nanoTime() - lastListAt < LIST_FRESH_NANOS) {
                return lastList;
            }
            Map<String, ObjectNode> out = new LinkedHashMap<>();
            Set<Jid> known = new HashSet<>();
            List<Jid> next = new ArrayList<>();
            known.add(jid().bare());
            for (Agent a : agents.get()) {
                ObjectNode n = Introspection.summary(a);
                out.put(a.jid().local(), n);
                known.add(a.jid().bare());
            }
            for (ObjectNode n : out.values()) {
                links(n, next);
            }
            next.add(gameMaster);
            // Agents elsewhere: the GameMaster, then the seats and rooms it names, then the seats' interface agents.
            for (int depth = 0; depth < 4 && !next.isEmpty(); depth++) {
                Map<Jid, CompletableFuture<JsonNode>> answers =
                        new LinkedHashMap<>();
                for (Jid j : next) {
                    if (known.add(j.bare())) {
                        answers.put(j.bare(), ask(j.bare(), WatchCatalog.InsidePart.SUMMARY));
                    }
                }
                next = new ArrayList<>();
                for (var e : answers.entrySet()) {
                    ObjectNode n;
                    try {
                        n = (ObjectNode) e.getValue().join();
                        n.put("elsewhere", true);
                        links(n, next);
                    } catch (RuntimeException failed) {
                        n = Json.MAPPER.createObjectNode();
                        n.put("name", e.getKey().local());
                        n.put("kind", "?");
                        n.put("status", "not shown: " + why(failed));
                        n.put("elsewhere", true);
                    }
                    String name = n.path("name").asText(e.getKey().local());
                    elsewhere.put(name, e.getKey());
                    out.putIfAbsent(name, n);
                }
            }
            lastList = List.copyOf(out.values());
            lastListAt = System.nanoTime();
            return lastList;
        }

        private static void links(ObjectNode n, List<Jid> into) {
            n.path("links").forEach(l -> {
                try {
                    into.add(Jid.parse(l.asText()));
                } catch (IllegalArgumentException e) {
                    // not an address: nothing to follow
                }
            });
        }

        /** The agent named {@code name} in this process, or null. */
        private Agent here(String name) {
            return agents.get().stream().filter(a -> a.jid().local().equals(name)).findFirst().orElse(null);
        }

        /** The address of the agent named {@code name} elsewhere (the list is read again if need be), or null. */
        private Jid there(String name) {
            Jid there = elsewhere.get(name);
            if (there == null) {
                summaries();
                there = elsewhere.get(name);
            }
            return there;
        }

        @Override
        public ObjectNode detail(String name) {
            Agent a = here(name);
            if (a != null) {
                return Introspection.detail(a);
            }
            Jid there = there(name);
            if (there == null) {
                return null;
            }
            try {
                ObjectNode n = (ObjectNode) ask(there, WatchCatalog.InsidePart.DETAIL).join();
                n.put("elsewhere", true);
                return n;
            } catch (RuntimeException failed) {
                ObjectNode n = Json.MAPPER.createObjectNode();
                n.put("name", name);
                n.put("kind", "?");
                n.put("jid", there.toString());
                n.put("status", "not shown: " + why(failed));
                n.putArray("behaviours");
                n.putArray("waiting");
                n.putArray("messages");
                return n;
            }
        }

        @Override
        public ObjectNode debug(String name, WatchCatalog.DebugAction action, Long delayMillis) {
            Agent a = here(name);
            if (a != null) {
                String problem = Introspection.debug(a.breaks(), action, delayMillis);
                if (problem != null) {
                    throw new IllegalArgumentException(problem);
                }
                return Introspection.summary(a);
            }
            Jid there = there(name);
            if (there == null) {
                return null;
            }
            try {
                return (ObjectNode) ask(there, new WatchCatalog.Debug(action, delayMillis)).join();
            } catch (RuntimeException failed) {
                throw new IllegalStateException(name + ": " + why(failed));
            }
        }

        @Override
        public JsonNode control(WatchCatalog.ClockAction action, WatchCatalog.StepUnit unit) {
            try {
                return ask(gameMaster, new WatchCatalog.Control(null, action, unit)).join();
            } catch (RuntimeException failed) {
                throw new IllegalStateException("the GameMaster: " + why(failed));
            }
        }

        @Override
        public ArrayNode sequence(int n) {
            List<ArrayNode> sent = new ArrayList<>();
            Set<String> local = new HashSet<>();
            for (Agent a : agents.get()) {
                sent.add(Introspection.sent(a));
                local.add(a.jid().local());
            }
            if (elsewhere.isEmpty()) {
                summaries();
            }
            List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
            elsewhere.forEach((name, there) -> {
                if (!local.contains(name)) {
                    answers.add(ask(there, WatchCatalog.InsidePart.SENT));
                }
            });
            for (var a : answers) {
                try {
                    if (a.join() instanceof ArrayNode list) {
                        sent.add(list);
                    }
                } catch (RuntimeException failed) {
                    // an agent that does not answer in time is missing from this chart
                }
            }
            return Introspection.sequence(sent, n);
        }
    }

    private void handle(Message m) {
        Asked a = m.thread() == null ? null : asked.get(m.thread());
        if (a != null && m.sender() != null && m.sender().sameBare(a.to())) {
            switch (read(m)) {
                case WatchCatalog.Inside i when i.inside() != null -> a.answer().complete(i.inside());
                case WatchCatalog.Clock c -> a.answer().complete(Json.MAPPER.valueToTree(c));
                case Catalog.Refusal r -> a.answer().completeExceptionally(new IllegalStateException(r.reason()));
                case null, default -> a.answer().completeExceptionally(new IllegalStateException(
                        "answered " + m.performative().map(Object::toString).orElse("?") + " " + m.bodyType()));
            }
            return;
        }
        Jid from = m.sender();
        boolean fromRoom = from != null && rooms.contains(from.bare());
        if (from == null || !from.sameBare(gameMaster) && !fromRoom) {
            return;
        }
        Catalog.Body body = read(m);
        switch (body) {
            case WatchCatalog.Watching w when !fromRoom -> {
                watching = true;
                page.watching(w);
            }
            case Catalog.Refusal r when !fromRoom -> refusal = r.reason();
            case WatchCatalog.Watched w -> {
                if (w.body() instanceof Catalog.StartGame sg && !fromRoom) {
                    rooms = sg.rooms().values().stream().map(j -> Jid.parse(j).bare()).collect(Collectors.toSet());
                }
                page.add(w);
            }
            case null, default -> { }
        }
    }
}
