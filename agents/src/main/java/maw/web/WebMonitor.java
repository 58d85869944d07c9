package maw.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.sse.SseClient;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import maw.agents.Catalog;
import maw.agents.GameAgent;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Json;
import maw.runtime.Message;
import maw.runtime.Performative;

/**
 * The web monitor: an agent that watches a game at its GameMaster over XMPP (so it works from any process or host),
 * and a page on 127.0.0.1 that shows the table live (server-sent events). Anyone who opens the page sees the public
 * view (what every player is told); the god view (roles, the pack's news, whispers) needs the token the GameMaster
 * printed, given to the page as {@code ?token=}.
 */
public final class WebMonitor extends GameAgent {

    /** At most this many events are kept for pages that open later. */
    static final int HISTORY = 20_000;

    private final Jid gameMaster;
    private final String token;
    private final String bind;
    private final int requestedPort;
    private volatile Javalin app;
    private volatile boolean watching;
    private volatile String refusal;
    private long lastAsk;

    private record Seen(long seq, boolean isPublic, String json) {}

    private final Deque<Seen> history = new ArrayDeque<>();
    private final Map<SseClient, Boolean> clients = new ConcurrentHashMap<>();
    private long seq;
    private final Table table = new Table();

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
        Javalin a = app;
        return a == null ? -1 : a.port();
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
        app = Javalin.create(cfg -> {
            cfg.startup.showJavalinBanner = false;
            cfg.routes.get("/", ctx -> ctx.contentType("text/html; charset=utf-8").result(page()));
            cfg.routes.get("/state", ctx -> {
                Boolean god = view(ctx.queryParam("token"));
                if (god == null) {
                    ctx.status(403).result("the god view needs the GameMaster's watch token");
                    return;
                }
                ctx.contentType("application/json").result(table.json(god));
            });
            cfg.routes.sse("/events", client -> {
                Boolean god = view(client.ctx().queryParam("token"));
                if (god == null) {
                    client.sendEvent("refused", "the god view needs the GameMaster's watch token");
                    client.close();
                    return;
                }
                client.keepAlive();
                client.onClose(() -> clients.remove(client));
                synchronized (history) {
                    for (Seen s : history) {
                        if (god || s.isPublic()) {
                            client.sendEvent("watched", s.json(), String.valueOf(s.seq()));
                        }
                    }
                    clients.put(client, god);
                }
            });
        }).start(bind, requestedPort);
        addBehaviour(CyclicBehaviour.of("Watch", self -> {
            if (!watching && refusal == null && System.nanoTime() - lastAsk > 1_000_000_000L) {
                lastAsk = System.nanoTime();
                send(gameMaster, Performative.REQUEST, new Catalog.Watch(null, token == null
                        ? Catalog.WatchView.PUBLIC : Catalog.WatchView.GOD, token));
            }
            Message m = self.receive(Duration.ofMillis(250));
            if (m != null) {
                guarded(m, () -> handle(m));
            }
        }));
    }

    @Override
    protected void takeDown() {
        Javalin a = app;
        if (a != null) {
            clients.keySet().forEach(SseClient::close);
            a.stop();
        }
    }

    /** True for the god view, false for the public one, null for a wrong token. */
    private Boolean view(String given) {
        if (given == null || given.isEmpty()) {
            return false;
        }
        return token != null && java.security.MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8)) ? true : null;
    }

    private void handle(Message m) {
        boolean fromRoom = table.isRoom(m.sender());
        if (!m.sender().sameBare(gameMaster) && !fromRoom) {
            return;
        }
        Catalog.Body body = read(m);
        if (fromRoom && !(body instanceof Catalog.Watched)) {
            return;
        }
        switch (body) {
            case Catalog.Watching w -> {
                watching = true;
                table.watching(w);
            }
            case Catalog.Refusal r -> refusal = r.reason();
            case Catalog.Watched w -> seen(w);
            case null, default -> { }
        }
    }

    private void seen(Catalog.Watched w) {
        JsonNode body = Json.MAPPER.valueToTree(w.body());
        boolean isPublic = body.path("type").asText().equals("new_messages")
                ? body.path("room_name").asText().equals("Village") : table.update(w.to(), body);
        ObjectNode event = Json.MAPPER.createObjectNode();
        event.put("round", w.round());
        ArrayNode to = event.putArray("to");
        w.to().forEach(to::add);
        event.put("public", isPublic);
        event.set("body", body);
        String json = event.toString();
        synchronized (history) {
            Seen s = new Seen(++seq, isPublic, json);
            history.addLast(s);
            while (history.size() > HISTORY) {
                history.removeFirst();
            }
            for (Map.Entry<SseClient, Boolean> c : clients.entrySet()) {
                if ((c.getValue() || isPublic) && !c.getKey().terminated()) {
                    c.getKey().sendEvent("watched", json, String.valueOf(s.seq()));
                }
            }
        }
    }

    private static String page() throws IOException {
        try (InputStream in = WebMonitor.class.getResourceAsStream("/maw/web/index.html")) {
            if (in == null) {
                throw new IOException("the page is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The table as the page shows it: seats, life, phase, votes, roles (god view), results. */
    static final class Table {
        private String game;
        private String rules;
        private int round;
        private final List<String> players = new ArrayList<>();
        private final Map<String, Boolean> alive = new java.util.LinkedHashMap<>();
        private final Map<String, String> roles = new java.util.TreeMap<>();
        private final Map<String, String> votes = new java.util.LinkedHashMap<>();
        private String phase = "lobby";
        private int day;
        private long deadline;
        private String winner;
        private JsonNode scores;
        private volatile Jid village;
        private volatile Jid hideout;

        boolean isRoom(Jid sender) {
            return sender != null && (sender.sameBare(village) || sender.sameBare(hideout));
        }

        synchronized void watching(Catalog.Watching w) {
            game = w.game();
            rules = w.rules();
            round = w.round();
            players.clear();
            players.addAll(w.players());
            players.forEach(p -> alive.putIfAbsent(p, true));
        }

        /** Takes a watched message; returns whether everyone was told it (the public view shows it). */
        synchronized boolean update(List<String> to, JsonNode b) {
            boolean everyone = players.isEmpty() || to.containsAll(players);
            switch (b.path("type").asText()) {
                case "joined" -> {
                    String n = b.path("player_name").asText();
                    if (!players.contains(n)) {
                        players.add(n);
                        alive.put(n, true);
                    }
                    everyone = true;
                }
                case "start_game" -> {
                    players.clear();
                    alive.clear();
                    roles.clear();
                    winner = null;
                    b.path("players").forEach(p -> {
                        players.add(p.asText());
                        alive.put(p.asText(), true);
                    });
                    round = b.path("round").asInt();
                    rules = b.path("rules").asText(rules);
                    village = b.hasNonNull("village") ? Jid.parse(b.path("village").asText()).bare() : null;
                    hideout = b.hasNonNull("hideout") ? Jid.parse(b.path("hideout").asText()).bare() : null;
                    everyone = true;
                }
                case "assign_role" -> {
                    if (to.size() == 1) {
                        roles.put(to.getFirst(), b.path("role").asText());
                    }
                }
                case "phase_change" -> {
                    phase = b.path("new_phase").asText();
                    day = b.path("day").asInt();
                    deadline = b.path("deadline").asLong();
                    votes.clear();
                    JsonNode living = b.path("living");
                    if (living.isArray() && !living.isEmpty()) {
                        players.forEach(p -> alive.put(p, false));
                        living.forEach(p -> alive.put(p.asText(), true));
                    }
                }
                case "vote_cast" -> votes.put(b.path("voter").asText(), b.path("target").asText());
                case "votes" -> {
                    if (!b.path("attack").asBoolean()) {
                        votes.clear();
                        b.path("ballots").properties().forEach(e -> votes.put(e.getKey(), e.getValue().asText()));
                    }
                }
                case "vote_result" -> {
                    if (b.hasNonNull("target")) {
                        alive.put(b.path("target").asText(), false);
                    }
                }
                case "end_game" -> {
                    phase = "over";
                    winner = b.path("winning_team").asText();
                    b.path("roles").properties().forEach(e -> roles.put(e.getKey(), e.getValue().asText()));
                }
                case "scores" -> scores = b.path("totals");
                default -> { }
            }
            return everyone;
        }

        synchronized String json(boolean god) {
            ObjectNode t = Json.MAPPER.createObjectNode();
            t.put("game", game);
            t.put("rules", rules);
            t.put("round", round);
            t.put("view", god ? "god" : "public");
            t.put("phase", phase);
            t.put("day", day);
            t.put("deadline", deadline);
            ArrayNode seats = t.putArray("seats");
            for (String p : players) {
                ObjectNode s = seats.addObject();
                s.put("name", p);
                s.put("alive", alive.getOrDefault(p, true));
                String role = god || "over".equals(phase) ? roles.get(p) : null;
                if (role != null) {
                    s.put("role", role);
                }
                if (votes.containsKey(p)) {
                    s.put("votesFor", votes.get(p));
                }
            }
            if (winner != null) {
                t.put("winner", winner);
            }
            if (scores != null) {
                t.set("scores", scores);
            }
            return t.toString();
        }
    }
}
