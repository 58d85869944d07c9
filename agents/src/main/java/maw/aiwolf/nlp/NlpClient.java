package maw.aiwolf.nlp;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import maw.aiwolf.bots.AiwolfBots;
import maw.aiwolf.bots.AiwolfPlayer;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.NlTalk;
import maw.aiwolf.game.NlpRegulation;
import maw.aiwolf.tcp.Packets;
import maw.base.Role;
import maw.base.Species;
import maw.runtime.Json;

/**
 * One of our seats as an agent of the AIWolf NLP contest's server (the contest's own, or ours): it connects to
 * {@code ws://HOST:PORT/ws} (with a team token where the server asks for one), answers {@code NAME} with its name,
 * follows each game from the packets (its role and pack, the day's results, the talk and whisper histories, the
 * deaths) and answers {@code TALK}, {@code WHISPER}, {@code VOTE}, {@code DIVINE}, {@code GUARD} and {@code ATTACK}
 * with the mind it was given: talk in natural language, targets by name. It never answers a request that expects no
 * answer (INITIALIZE, DAILY_INITIALIZE, DAILY_FINISH, FINISH and any it does not know). A dropped connection is made
 * again under the same name (the server then tells the game again), and so is one the server closes after a game (as
 * the contest's server does after every game); it stops after its games, or when no connection or game comes within
 * its patience.
 */
public final class NlpClient {

    /** A mind for a game: our name, the table (in the server's order), how long it may take, the talk's limits. */
    public interface Minds {
        AiwolfPlayer mind(String me, List<String> agents, long seed, Duration timeLimit, NlTalk talk);
    }

    /** What a client played. */
    public record Played(String name, int games, int requests, int answers, int reconnections, List<String> winners) {}

    /** Our rule agent, talking plain English. */
    public static Minds rules() {
        return (me, agents, seed, limit, talk) -> AiwolfBots.natural(me, agents, AiwolfBots.rules(me, agents, seed));
    }

    private static final Object END = new Object();

    private final String name;
    private final String token;
    private final Minds minds;
    private final long seed;
    private final Consumer<String> log;

    private AiwolfPlayer mind;
    private String gameId;
    private List<String> agents = List.of();
    private String me;
    private Role role;
    private int day = -1;
    private final Set<String> heard = new HashSet<>();
    private int games;
    private int requests;
    private int answers;
    private int reconnections;
    /** When the current connection last brought a packet, or the client last answered one. */
    private volatile long heardAt;
    /** While the server is silent, the client pings every second, and after this long every few seconds. */
    private static final Duration QUIET = Duration.ofSeconds(5);
    private static final Duration PING_EVERY = Duration.ofSeconds(1);
    private static final Duration PING_QUIET = Duration.ofSeconds(5);
    private final List<String> winners = new ArrayList<>();
    /** Answers as the contest's sample agent was seen to: naming itself where a living other is asked for. */
    private boolean careless;
    private int votes;

    /**
     * @param name  the agent's name (the team is the name without its trailing digits)
     * @param token the team's token (HS256 JWT), or null where the server asks none
     * @param minds what plays each game ({@link #rules} for our rule agent)
     * @param log   where to tell what happens (a line per game, and each reconnection)
     */
    public NlpClient(String name, String token, Minds minds, long seed, Consumer<String> log) {
        this.name = name;
        this.token = token;
        this.minds = minds;
        this.seed = seed;
        this.log = log == null ? line -> { } : log;
    }

    /**
     * From now on answers as the contest's sample agent was seen to at a real table: it divines, guards and attacks
     * itself, and votes for itself every other time (what {@code ./maw bench aiwolf-nlp} plays against the servers).
     */
    public NlpClient careless() {
        careless = true;
        return this;
    }

    /** How a connection ended. */
    private enum Ended {
        /** The client played its games. */
        DONE,
        /** The server closed it. */
        CLOSED,
        /** It broke (a cut, an error). */
        BROKEN,
        /** No game began on it within the patience after the last one. */
        IDLE
    }

    /**
     * Connects to {@code url} and plays {@code games} games (0: as many as the server offers), across connections: a
     * connection that drops is made again under the same name, and so is one the server closes after a game (the
     * contest's server closes every connection when its game ends), until the games are played, or until
     * {@code patience} passes without a connection or a game. With {@code games} 0 that is the normal end.
     *
     * @throws IOException when the server cannot be reached at first, or not again within {@code patience} while
     *                     games are still to play
     */
    public Played play(URI url, int games, Duration patience) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        long lostAt = -1;
        boolean betweenGames = false;
        int attempt = 0;
        while (games <= 0 || this.games < games) {
            LinkedBlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
            WebSocket ws;
            try {
                ws = connect(http, url, inbox);
            } catch (IOException e) {
                if (lostAt >= 0 && System.nanoTime() - lostAt <= patience.toNanos()) {
                    Thread.sleep(Math.min(2000, 100L << Math.min(attempt++, 5))); // backing off between attempts
                    continue;
                }
                if (lostAt >= 0 && betweenGames && games <= 0) {
                    break; // the server's games are over
                }
                throw lostAt < 0 ? e : new IOException((betweenGames ? "played " + this.games + " of " + games
                        + " game(s); the server closed the connection after the last and" : "lost the connection "
                        + "to " + url + " and") + " could not be reached again within " + patience.toSeconds()
                        + " s: " + e.getMessage(), e);
            }
            if (lostAt >= 0) {
                if (betweenGames) {
                    log.accept(name + ": connected again to " + url + " for the next game");
                } else {
                    reconnections++;
                    log.accept(name + ": connected again to " + url);
                }
            }
            attempt = 0;
            Ended ended = serve(ws, inbox, games, betweenGames ? patience : null);
            if (ended == Ended.DONE) {
                ws.sendClose(WebSocket.NORMAL_CLOSURE, "done").exceptionally(e -> null);
                break;
            }
            if (ended == Ended.IDLE) {
                ws.abort();
                if (games <= 0) {
                    break; // connected, but the server has no more games for us
                }
                throw new IOException("played " + this.games + " of " + games + " game(s); no game began within "
                        + patience.toSeconds() + " s after the last");
            }
            lostAt = System.nanoTime();
            betweenGames = mind == null;
            log.accept(name + (ended == Ended.CLOSED && betweenGames
                    ? ": the server closed the connection after the game; connecting again"
                    : ": the connection dropped" + (mind == null ? "" : " in game " + gameId) + "; connecting again"));
        }
        return new Played(name, this.games, requests, answers, reconnections, List.copyOf(winners));
    }

    private WebSocket connect(HttpClient http, URI url, LinkedBlockingQueue<Object> inbox) throws IOException {
        WebSocket.Builder b = http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        try {
            return b.buildAsync(url, new WebSocket.Listener() {
                private final StringBuilder frame = new StringBuilder();

                @Override
                public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                    heardAt = System.nanoTime();
                    frame.append(data);
                    if (last) {
                        inbox.add(frame.toString());
                        frame.setLength(0);
                    }
                    w.request(1);
                    return null;
                }

                @Override
                public CompletionStage<?> onClose(WebSocket w, int status, String reason) {
                    inbox.add(END);
                    return null;
                }

                @Override
                public void onError(WebSocket w, Throwable error) {
                    inbox.add(error);
                }
            }).get(15, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            throw new IOException("cannot connect to " + url + ": " + (c.getMessage() != null ? c.getMessage()
                    : c instanceof ConnectException ? "connection refused (is the server running?)"
                    : c.getClass().getSimpleName()), c);
        } catch (TimeoutException e) {
            throw new IOException("cannot connect to " + url + ": no answer within 15 s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /**
     * Answers the packets of one connection, until the games are played, the server closes it, it breaks, or (with
     * {@code gameWithin}) no game begins on it that soon.
     */
    private Ended serve(WebSocket ws, LinkedBlockingQueue<Object> inbox, int games, Duration gameWithin)
            throws InterruptedException {
        heardAt = System.nanoTime();
        long pingedAt = System.nanoTime();
        long connectedAt = System.nanoTime();
        int played = this.games;
        while (true) {
            Object next = inbox.poll(1, TimeUnit.SECONDS);
            if (next == null) {
                if (gameWithin != null && mind == null && this.games == played
                        && System.nanoTime() - connectedAt > gameWithin.toNanos()) {
                    return Ended.IDLE;
                }
                // The JDK's WebSocket does not always see a connection cut by the other end (about one cut in ten on
                // loopback), but a write on it fails: while the server is silent the client pings, every second at
                // first and then every few seconds, and a ping that cannot be written means the connection is gone.
                // (Whether a pong comes back is not asked: the contest's server reads only while awaiting an answer.)
                long now = System.nanoTime();
                long silent = now - heardAt;
                if (now - pingedAt >= (silent < QUIET.toNanos() ? PING_EVERY : PING_QUIET).toNanos()) {
                    pingedAt = now;
                    if (!ping(ws)) {
                        log.accept(name + ": the connection is gone (a ping could not be written)");
                        ws.abort();
                        return Ended.BROKEN;
                    }
                }
                continue;
            }
            if (next == END) {
                return Ended.CLOSED;
            }
            if (next instanceof Throwable) {
                return Ended.BROKEN;
            }
            String answer;
            try {
                answer = answer((String) next);
            } catch (IOException | RuntimeException e) {
                log.accept(name + ": a packet it could not read (" + e.getMessage() + "); no answer");
                continue;
            }
            if (answer != null) {
                answers++;
                try {
                    // An answer that cannot leave within a few seconds is late anyway: the connection is gone.
                    ws.sendText(answer, true).get(5, TimeUnit.SECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    ws.abort();
                    return Ended.BROKEN;
                }
                heardAt = System.nanoTime(); // the pings after an answer come every second again
            }
            if (games > 0 && this.games >= games) {
                return Ended.DONE;
            }
        }
    }

    /** False when the ping cannot be written: the connection is gone. */
    private static boolean ping(WebSocket ws) throws InterruptedException {
        try {
            ws.sendPing(ByteBuffer.allocate(0)).get(5, TimeUnit.SECONDS);
            return true;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }

    /** The answer to one packet, or null for none. */
    String answer(String text) throws IOException {
        JsonNode p = Json.MAPPER.readTree(text);
        String request = p.path("request").asText();
        requests++;
        JsonNode info = p.get("info");
        switch (request) {
            case "NAME" -> {
                return name;
            }
            case "INITIALIZE" -> {
                initialize(info, p.get("setting"));
                return null;
            }
            case "FINISH" -> {
                finish(info);
                return null;
            }
            default -> { }
        }
        if (mind == null) {
            // A request of a game it was not told of: an answer that does no harm, where one is expected.
            return switch (request) {
                case "TALK", "WHISPER" -> "Over";
                case "VOTE", "DIVINE", "GUARD", "ATTACK" -> info != null && info.has("agent") ? anyOther(info) : null;
                default -> null;
            };
        }
        if (info != null && info.isObject()) {
            follow(info, request.equals("DAILY_INITIALIZE"));
        }
        histories(p.get("talk_history"), false);
        histories(p.get("whisper_history"), true);
        return switch (request) {
            case "TALK" -> orElse(mind.talk(), "Over");
            case "WHISPER" -> orElse(mind.whisper(), "Over");
            case "VOTE" -> careless && votes++ % 2 == 0 ? me : living(mind.vote(), info, false);
            case "DIVINE" -> careless ? me : living(mind.divine(), info, false);
            case "GUARD" -> careless ? me : living(mind.guard(), info, false);
            case "ATTACK" -> careless ? me : living(mind.attack(), info, true);
            default -> null; // DAILY_INITIALIZE, DAILY_FINISH, *_PHASE_START/END, *_BROADCAST...: no answer
        };
    }

    private static String orElse(String text, String otherwise) {
        return text == null || text.isBlank() ? otherwise : text.strip();
    }

    /** The mind's choice if it names a living agent other than us (a werewolf's attack: not a werewolf), else one. */
    private String living(String choice, JsonNode info, boolean humansOnly) {
        List<String> alive = new ArrayList<>();
        info.path("status_map").properties().forEach(e -> {
            String who = e.getKey();
            boolean wolf = info.path("role_map").path(who).asText().equals("WEREWOLF");
            if (e.getValue().asText().equals("ALIVE") && !who.equals(me) && !(humansOnly && wolf)) {
                alive.add(who);
            }
        });
        if (choice != null && alive.contains(choice)) {
            return choice;
        }
        return alive.isEmpty() ? choice == null ? me : choice : alive.getFirst();
    }

    private static String anyOther(JsonNode info) {
        String me = info.path("agent").asText();
        for (var e : info.path("status_map").properties()) {
            if (e.getValue().asText().equals("ALIVE") && !e.getKey().equals(me)) {
                return e.getKey();
            }
        }
        return me;
    }

    private void initialize(JsonNode info, JsonNode setting) {
        if (info == null || !info.isObject()) {
            return;
        }
        String id = info.path("game_id").asText("");
        if (mind != null && id.equals(gameId)) {
            return; // told the game again after a reconnection: the mind goes on
        }
        gameId = id;
        me = info.path("agent").asText();
        List<String> names = new ArrayList<>();
        info.path("status_map").properties().forEach(e -> names.add(e.getKey()));
        agents = List.copyOf(names);
        day = -1;
        heard.clear();
        long actionMillis = setting == null ? 60_000 : setting.path("timeout").path("action").asLong(60_000);
        // A margin for the answer's way back and the server's own work: 80% of the time, at most 2 s less.
        Duration limit = Duration.ofMillis(Math.max(100, Math.min(actionMillis * 8 / 10, actionMillis - 2000)));
        NlTalk talk = setting == null ? null : talk(setting.path("talk"));
        mind = minds.mind(me, agents, seed ^ games ^ id.hashCode(), limit, talk);
        role = role(info.path("role_map").path(me).asText());
        List<String> pack = new ArrayList<>();
        if (role == Role.WEREWOLF) {
            info.path("role_map").properties().forEach(e -> {
                if (e.getValue().asText().equals("WEREWOLF")) {
                    pack.add(e.getKey());
                }
            });
        }
        mind.hear(new AiwolfEvent.Dealt(me, role == null ? Role.VILLAGER : role, pack));
        log.accept(name + ": game " + id + " as " + me + ", " + (role == null ? "?" : role.name().toLowerCase(
                Locale.ROOT)) + " among " + agents.size());
    }

    /** The talk's limits as the setting tells them ({@code -1}: none). */
    static NlTalk talk(JsonNode t) {
        if (t == null || !t.isObject()) {
            return null;
        }
        JsonNode len = t.path("max_length");
        return new NlTalk(Math.max(0, t.path("max_count").path("per_agent").asInt(0)),
                Math.max(0, t.path("max_count").path("per_day").asInt(0)), Math.max(0, t.path("max_skip").asInt(0)),
                length(len.get("per_talk")), length(len.get("per_agent")), length(len.get("base_length")),
                length(len.get("mention_length")), len.path("count_in_word").asBoolean(false),
                len.path("count_spaces").asBoolean(true));
    }

    private static Integer length(JsonNode n) {
        return n == null || !n.isNumber() || n.asInt() < 0 ? null : n.asInt();
    }

    /** The length a talk should keep to under the setting's limits. */
    public static int talkLength(NlTalk talk) {
        return NlpRegulation.utteranceLength(talk);
    }

    private void finish(JsonNode info) {
        if (mind == null) {
            return;
        }
        games++;
        String winner = "?";
        if (info != null && info.isObject()) {
            winner = Packets.winner(info.path("status_map"), info.path("role_map"));
        }
        winners.add(winner);
        log.accept(name + " (" + me + "): game " + games + " over, " + winner + " side wins");
        mind = null;
    }

    /** What an {@code info} tells that the mind has not heard yet. */
    private void follow(JsonNode info, boolean dayStart) {
        int d = info.path("day").asInt();
        String executed = text(info.get("executed_agent"));
        if (executed != null && heard.add("execute " + executed)) {
            mind.hear(new AiwolfEvent.Executed(Math.max(0, dayStart ? d - 1 : d), executed));
        }
        votes(info.get("vote_list"), false);
        votes(info.get("attack_vote_list"), true);
        JsonNode divine = info.get("divine_result");
        if (divine != null && divine.isObject() && heard.add("divine " + divine.path("day").asInt() + " "
                + divine.path("target").asText())) {
            mind.hear(new AiwolfEvent.Divined(divine.path("day").asInt(), me, divine.path("target").asText(),
                    species(divine.path("result").asText())));
        }
        if (dayStart && d > day) {
            day = d;
            List<String> living = new ArrayList<>();
            info.path("status_map").properties().forEach(e -> {
                if (e.getValue().asText().equals("ALIVE")) {
                    living.add(e.getKey());
                }
            });
            String attacked = text(info.get("attacked_agent"));
            mind.hear(new AiwolfEvent.DayBegan(d, attacked != null && !living.contains(attacked) ? attacked : null,
                    living));
        }
        JsonNode medium = info.get("medium_result");
        if (medium != null && medium.isObject() && heard.add("medium " + medium.path("day").asInt())) {
            mind.hear(new AiwolfEvent.Identified(medium.path("day").asInt() + 1, me, medium.path("target").asText(),
                    species(medium.path("result").asText())));
        }
    }

    private static String text(JsonNode n) {
        return n == null || !n.isTextual() || n.asText().isEmpty() ? null : n.asText();
    }

    private void votes(JsonNode list, boolean attack) {
        if (list == null || !list.isArray() || list.isEmpty()) {
            return;
        }
        Map<String, String> ballots = new LinkedHashMap<>();
        int d = list.get(0).path("day").asInt();
        list.forEach(v -> ballots.put(v.path("agent").asText(), v.path("target").asText()));
        if (heard.add((attack ? "attack " : "vote ") + d + " " + ballots)) {
            mind.hear(new AiwolfEvent.Votes(d, 0, attack, ballots, null));
        }
    }

    private static Role role(String s) {
        try {
            return s == null || s.isEmpty() ? null : Role.valueOf(s);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Species species(String s) {
        return "WEREWOLF".equals(s) ? Species.WEREWOLF : Species.HUMAN;
    }

    /** Talks or whispers the server sent since the last packet, as the turns the mind hears. */
    private void histories(JsonNode list, boolean whisper) {
        if (list == null || !list.isArray() || list.isEmpty()) {
            return;
        }
        Map<Integer, List<AiwolfEvent.Utterance>> turns = new LinkedHashMap<>();
        int d = Math.max(day, 0);
        for (JsonNode t : list) {
            d = t.path("day").asInt(d);
            String key = (whisper ? "w " : "t ") + d + " " + t.path("idx").asInt();
            if (!heard.add(key)) {
                continue; // the history again, after a reconnection
            }
            turns.computeIfAbsent(t.path("turn").asInt(), k -> new ArrayList<>()).add(new AiwolfEvent.Utterance(d,
                    t.path("idx").asInt(), t.path("turn").asInt(), t.path("agent").asText(), t.path("text").asText()));
        }
        for (var e : turns.entrySet()) {
            mind.hear(new AiwolfEvent.Turn(d, e.getKey(), whisper, e.getValue(), null));
        }
    }
}
