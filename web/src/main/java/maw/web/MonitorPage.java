package maw.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.sse.SseClient;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import maw.agents.Catalog;
import maw.agents.WatchCatalog;
import maw.runtime.Json;

/**
 * The monitor's page on 127.0.0.1: the table as JSON ({@code /state}), the game's messages as server-sent events
 * ({@code /events}), and the page itself. Anyone sees the public view (what every player was told); the god view
 * needs the GameMaster's watch token ({@code ?token=}). Live, it takes messages as the game sends them; for a replay,
 * it holds a finished game's messages and {@code /state?at=N} shows the table after the first N of them.
 */
public final class MonitorPage implements AutoCloseable {

    /** At most this many messages are kept for pages that open later. */
    static final int HISTORY = 20_000;

    private final String token;
    private final String bind;
    private final boolean replay;
    private final Javalin app;
    private final Deque<Seen> history = new ArrayDeque<>();
    private final Map<SseClient, Boolean> clients = new ConcurrentHashMap<>();
    private final Table table = new Table();
    private long seq;
    private volatile InsideSource agents = InsideSource.NONE;
    private volatile WebSeats seats;

    private record Seen(long seq, boolean isPublic, String json, List<String> to, JsonNode body) {}

    /** A page on {@code bind}:{@code port} (0: any free port); {@code token} null: the public view only. */
    public MonitorPage(String token, String bind, int port, boolean replay) {
        this.token = token;
        this.bind = bind;
        this.replay = replay;
        this.app = Javalin.create(cfg -> {
            cfg.startup.showJavalinBanner = false;
            // Only this machine's own pages: another site's page (its Origin) or a name rebound to this address
            // (its Host) is refused before any route.
            cfg.routes.before(ctx -> {
                String why = foreign(ctx.header("Host"), ctx.header("Origin"), ctx.method().name());
                if (why != null) {
                    throw new io.javalin.http.ForbiddenResponse(why);
                }
            });
            cfg.routes.get("/", ctx -> ctx.contentType("text/html; charset=utf-8").result(page()));
            cfg.routes.get("/state", this::state);
            cfg.routes.get("/agents", this::agentList);
            cfg.routes.get("/sequence", this::sequence);
            cfg.routes.get("/agents/{name}", this::agent);
            cfg.routes.post("/control", this::control);
            cfg.routes.post("/agents/{name}/debug", this::debug);
            cfg.routes.post("/seat", this::takeSeat);
            cfg.routes.post("/seat/say", this::say);
            cfg.routes.sse("/seat/events", this::seatEvents);
            cfg.routes.sse("/events", this::events);
        }).start(bind, port);
    }

    /** The table as the page draws it (at a number of messages: as it was then, a replay's step). */
    private void state(Context ctx) {
        Boolean god = view(ctx.queryParam("token"));
        if (god == null) {
            ctx.status(403).result("the god view needs the GameMaster's watch token");
            return;
        }
        String at = ctx.queryParam("at");
        if (at != null) {
            int n;
            try {
                n = Integer.parseInt(at);
            } catch (NumberFormatException e) {
                ctx.status(400).result("at is a number of messages");
                return;
            }
            ctx.contentType("application/json").result(tableAt(n, god));
            return;
        }
        ctx.contentType("application/json").result(table.json(god, replay, history.size()));
    }

    /** The agents of the game and their state (the god view). */
    private void agentList(Context ctx) {
        if (!Boolean.TRUE.equals(view(ctx.queryParam("token")))) {
            ctx.status(403).result("the inside of the agents needs the GameMaster's watch token");
            return;
        }
        ArrayNode list = Json.MAPPER.createArrayNode();
        agents.summaries().forEach(list::add);
        ctx.contentType("application/json").result(list.toString());
    }

    /** The latest messages between the agents (the god view). */
    private void sequence(Context ctx) {
        if (!Boolean.TRUE.equals(view(ctx.queryParam("token")))) {
            ctx.status(403).result("the messages between agents need the GameMaster's watch token");
            return;
        }
        ctx.contentType("application/json").result(agents.sequence(80).toString());
    }

    /** The inside of one agent (the god view). */
    private void agent(Context ctx) {
        if (!Boolean.TRUE.equals(view(ctx.queryParam("token")))) {
            ctx.status(403).result("the inside of the agents needs the GameMaster's watch token");
            return;
        }
        String name = ctx.pathParam("name");
        ObjectNode inside = agents.detail(name);
        if (inside == null) {
            ctx.status(404).result("no agent " + name + " in this game");
            return;
        }
        ctx.contentType("application/json").result(inside.toString());
    }

    /** Pauses, resumes or steps the game's clock, or tells where it stands (the god view). */
    private void control(Context ctx) {
        if (!Boolean.TRUE.equals(view(ctx.queryParam("token")))) {
            ctx.status(403).result("pausing and stepping the game needs the GameMaster's watch token");
            return;
        }
        WatchCatalog.ClockAction action = Catalog.word(WatchCatalog.ClockAction.class, ctx.queryParam("action"));
        String u = ctx.queryParam("unit");
        WatchCatalog.StepUnit unit = u == null ? null : Catalog.word(WatchCatalog.StepUnit.class, u);
        if (action == null || u != null && unit == null) {
            ctx.status(400).result("action is pause, resume, step or status; unit is phase or step");
            return;
        }
        try {
            ctx.contentType("application/json").result(agents.control(action, unit).toString());
        } catch (IllegalStateException | java.util.concurrent.CompletionException e) {
            ctx.status(409).result(String.valueOf(e.getMessage()));
        }
    }

    /** Sets an agent's breakpoints: step, break, slow or go (the god view). */
    private void debug(Context ctx) {
        if (!Boolean.TRUE.equals(view(ctx.queryParam("token")))) {
            ctx.status(403).result("the breakpoints of the agents need the GameMaster's watch token");
            return;
        }
        WatchCatalog.DebugAction action = Catalog.word(WatchCatalog.DebugAction.class, ctx.queryParam("action"));
        Long delay;
        try {
            delay = ctx.queryParam("delay_ms") == null ? null : Long.parseLong(ctx.queryParam("delay_ms"));
        } catch (NumberFormatException e) {
            delay = -1L;
        }
        if (action == null || delay != null && delay < 0) {
            ctx.status(400).result("action is step, break, slow or go; delay_ms a number of milliseconds");
            return;
        }
        String name = ctx.pathParam("name");
        try {
            ObjectNode after = agents.debug(name, action, delay);
            if (after == null) {
                ctx.status(404).result("no agent " + name + " in this game");
                return;
            }
            ctx.contentType("application/json").result(after.toString());
        } catch (IllegalArgumentException e) {
            ctx.status(400).result(String.valueOf(e.getMessage()));
        } catch (IllegalStateException e) {
            ctx.status(409).result(String.valueOf(e.getMessage()));
        }
    }

    /** Takes an open seat for a person on the page (with the page's invitation). */
    private void takeSeat(Context ctx) {
        WebSeats s = seats;
        String name = ctx.queryParam("name");
        if (s == null) {
            ctx.status(404).result("this page offers no seats (./maw game --web --open-seats N does)");
            return;
        }
        if (!s.invites(ctx.queryParam("invite")) && !Boolean.TRUE.equals(view(ctx.queryParam("token")))) {
            ctx.status(403).result("a seat needs the page's invitation: the link with ?invite= that the "
                    + "command printed");
            return;
        }
        if (name == null || name.isBlank()) {
            ctx.status(400).result("a seat needs a name");
            return;
        }
        try {
            ctx.result(s.take(name.strip()).key);
        } catch (Exception e) {
            ctx.status(409).result(String.valueOf(e.getMessage()));
        }
    }

    /** A line or command of the person in a seat the page gave. */
    private void say(Context ctx) {
        WebSeats.Seat seat = seats == null ? null : seats.seat(ctx.queryParam("key"));
        if (seat == null) {
            ctx.status(403).result("no seat with that key");
            return;
        }
        String told = seat.say(ctx.body());
        ctx.result(told == null ? "" : told);
    }

    /** What a seat the page gave perceives, as it comes. */
    private void seatEvents(SseClient client) {
        WebSeats.Seat seat = seats == null ? null : seats.seat(client.ctx().queryParam("key"));
        if (seat == null) {
            client.sendEvent("refused", "no seat with that key");
            client.close();
            return;
        }
        seat.follow(client);
    }

    /** The game's messages as they come, after those so far (the god view sees every one). */
    private void events(SseClient client) {
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
                if (client.terminated()) {
                    return; // gone already (or the page is closing): nothing to catch up on
                }
                if (god || s.isPublic()) {
                    client.sendEvent("watched", s.json(), String.valueOf(s.seq()));
                }
            }
            clients.put(client, god);
        }
    }

    public int port() {
        return app.port();
    }

    /** Seats the page offers to people ({@code null}: none). */
    public void seats(WebSeats s) {
        this.seats = s;
        table.seatsOffered = s != null;
    }

    /** The agents whose inside the god view shows. */
    void agents(InsideSource in) {
        this.agents = in;
    }

    /** This page's own {@code host:port} names, made at the first request. */
    private volatile java.util.Set<String> ownHosts;

    /**
     * Why a request with these {@code Host} and {@code Origin} headers is not one of this page's own, or null when it
     * is: the host must name this machine's loopback (or the address the page listens on) at the page's port, and a
     * request that changes something must come from the page itself (an {@code Origin}, where the browser sends one,
     * of the same host).
     */
    String foreign(String host, String origin, String method) {
        java.util.Set<String> own = ownHosts;
        if (own == null) {
            // Known once the page listens (its port may have been chosen by the system): made at the first request.
            java.util.Set<String> made = new java.util.LinkedHashSet<>();
            for (String h : java.util.List.of("127.0.0.1", "localhost", "[::1]", bind)) {
                made.add(h + ":" + port());
            }
            own = java.util.Collections.unmodifiableSet(made);
            ownHosts = own;
        }
        if (host == null || !own.contains(host.toLowerCase(java.util.Locale.ROOT))) {
            return "this page answers requests for " + own.iterator().next() + " only";
        }
        if (!"GET".equals(method) && !"HEAD".equals(method) && origin != null
                && !own.contains(origin.toLowerCase(java.util.Locale.ROOT).replaceFirst("^http://", ""))) {
            return "a request from another site's page (" + origin + ") changes nothing here";
        }
        return null;
    }

    /** True for the god view, false for the public one, null for a wrong token. */
    private Boolean view(String given) {
        if (given == null || given.isEmpty()) {
            return false;
        }
        return maw.runtime.Secrets.same(token, given) ? true : null;
    }

    /** Where the game stands when the monitor starts watching. */
    void watching(WatchCatalog.Watching w) {
        table.watching(w.game(), w.rules(), w.round(), w.players());
    }

    /** A message the game sent (or a room's line), to the page. */
    public void add(WatchCatalog.Watched w) {
        JsonNode body = Json.MAPPER.valueToTree(w.body());
        boolean isPublic = table.update(w.to(), body);
        ObjectNode event = Json.MAPPER.createObjectNode();
        event.put("round", w.round());
        ArrayNode to = event.putArray("to");
        w.to().forEach(to::add);
        event.put("public", isPublic);
        event.set("body", body);
        String json = event.toString();
        synchronized (history) {
            Seen s = new Seen(++seq, isPublic, json, w.to(), body);
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

    /** The table after the first {@code n} messages (a replay's step). */
    private String tableAt(int n, boolean god) {
        Table t = new Table();
        List<Seen> all;
        synchronized (history) {
            all = new ArrayList<>(history);
        }
        for (int i = 0; i < Math.min(Math.max(0, n), all.size()); i++) {
            t.update(all.get(i).to(), all.get(i).body());
        }
        return t.json(god, replay, all.size());
    }

    private static String page() throws IOException {
        try (InputStream in = MonitorPage.class.getResourceAsStream("/maw/web/index.html")) {
            if (in == null) {
                throw new IOException("the page is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Override
    public void close() {
        clients.keySet().forEach(SseClient::close);
        app.stop();
    }

    /** The table as the page shows it: seats, life, phase, votes, roles (god view), results. */
    static final class Table {
        private String game;
        private String rules;
        private int round;
        private final List<String> players = new ArrayList<>();
        private final Map<String, Boolean> alive = new LinkedHashMap<>();
        private final Map<String, String> roles = new TreeMap<>();
        private final Map<String, String> votes = new LinkedHashMap<>();
        private String phase = "lobby";
        private int day;
        private long deadline;
        private String winner;
        private JsonNode scores;
        private JsonNode clock;
        /** At a pace of turns, whose turn it is, and which (talk round N, or the voting round). */
        private String turnOf;
        private String turnWhat;
        private volatile boolean seatsOffered;

        synchronized void watching(String g, String r, int rd, List<String> seated) {
            game = g;
            rules = r;
            round = rd;
            players.clear();
            players.addAll(seated);
            players.forEach(p -> alive.putIfAbsent(p, true));
        }

        /** Takes a message; returns whether everyone was told it (the public view shows it). */
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
                    game = b.path("game").asText(game);
                    round = b.path("round").asInt();
                    rules = b.path("rules").asText(rules);
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
                    turnOf = null;
                    JsonNode living = b.path("living");
                    if (living.isArray() && !living.isEmpty()) {
                        players.forEach(p -> alive.put(p, false));
                        living.forEach(p -> alive.put(p.asText(), true));
                    }
                }
                case "vote_cast" -> votes.put(b.path("voter").asText(), b.path("target").asText());
                case "more_time" -> deadline = b.path("deadline").asLong(deadline); // a person's day is longer
                case "turn_began" -> {
                    turnOf = b.path("player").asText();
                    turnWhat = b.path("voting").asBoolean() ? "the voting round"
                            : "talk round " + b.path("talk_round").asInt() + " of " + b.path("talk_rounds").asInt();
                    deadline = b.path("deadline").asLong(deadline);
                }
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
                case "new_messages" -> everyone = b.path("room_name").asText().equals("Village");
                case "end_game" -> {
                    phase = "over";
                    winner = b.path("winning_team").asText();
                    b.path("roles").properties().forEach(e -> roles.put(e.getKey(), e.getValue().asText()));
                }
                case "scores" -> scores = b.path("totals");
                case "clock" -> {
                    clock = b;
                    if (!b.path("paused").asBoolean() && !"lobby".equals(b.path("phase").asText())) {
                        deadline = System.currentTimeMillis() + b.path("left_ms").asLong();
                    }
                    everyone = true;
                }
                default -> { }
            }
            return everyone;
        }

        synchronized String json(boolean god, boolean replay, int messages) {
            ObjectNode t = Json.MAPPER.createObjectNode();
            t.put("game", game);
            t.put("rules", rules);
            t.put("round", round);
            t.put("view", god ? "god" : "public");
            t.put("replay", replay);
            t.put("messages", messages);
            t.put("phase", phase);
            t.put("day", day);
            t.put("deadline", replay ? 0 : deadline);
            t.put("seatsOffered", seatsOffered && "lobby".equals(phase));
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
                if (p.equals(turnOf) && !"over".equals(phase)) {
                    s.put("turn", turnWhat);
                }
            }
            if (winner != null) {
                t.put("winner", winner);
            }
            if (scores != null) {
                t.set("scores", scores);
            }
            if (clock != null) {
                t.set("clock", clock);
            }
            return t.toString();
        }
    }
}
