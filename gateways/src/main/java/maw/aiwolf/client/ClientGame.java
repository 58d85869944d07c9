package maw.aiwolf.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import maw.aiwolf.bots.AiwolfPlayer;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.NlTalk;
import maw.base.Role;
import maw.base.Species;
import maw.runtime.Json;

/**
 * One of our seats as an agent of an AIWolf server, packet by packet, in the server's dialect (the official TCP
 * protocol's, {@code TcpDialect}, or the NLP contest's): it answers {@code NAME} (and {@code ROLE}), follows each game
 * from the packets (its role and pack, the days, votes, executions, divinations and readings, the talk and the
 * whispers, each heard once even when a reconnection tells it again) and answers {@code TALK}, {@code WHISPER},
 * {@code VOTE}, {@code DIVINE}, {@code GUARD} and {@code ATTACK} with the mind it was given, as the dialect writes
 * them; it never answers a request that expects no answer. How the packets travel (a TCP socket, a WebSocket that
 * reconnects) is the client's own: this is what they mean and what to answer, whatever the dialect.
 */
public final class ClientGame {

    /** A mind for a game: our name in it, the table (in the server's order), how long it may take, the talk's limits. */
    public interface Minds {
        AiwolfPlayer mind(String me, List<String> agents, long seed, Duration timeLimit, NlTalk talk);
    }

    /** How a server's packets say the game, and how it reads our answers. */
    public interface Dialect {

        /** The packet's request ({@code TALK}), or "" for none: both servers name it so. */
        default String request(JsonNode packet) {
            return packet.path("request").asText();
        }

        /** The packet's game information, or null. */
        JsonNode info(JsonNode packet);

        /** The game an {@code INITIALIZE} packet begins, or null when it tells the game {@code followed} again. */
        Deal deal(JsonNode packet, String followed);

        /**
         * What a packet's information tells, each with the key it is heard once under ({@code dayStart}: the packet
         * begins a day, {@code DAILY_INITIALIZE}).
         */
        List<Told> follow(JsonNode info, boolean dayStart, Deal game);

        /** The talks ({@code whisper}: the whispers) a packet carries, on {@code day} unless they say theirs. */
        List<AiwolfEvent.Utterance> history(JsonNode packet, boolean whisper, int day, Deal game);

        /** The winning side a {@code FINISH} packet's information shows ("?" when it shows none). */
        String winner(JsonNode info);

        /** The answer to a request of a game not followed (one that does no harm), or null for none. */
        String unfollowed(String request, JsonNode info);

        /** What a talk or whisper says when the mind has nothing ({@code Skip} or {@code Over}). */
        String nothingToSay();

        /** The mind's choice for a targeted request ({@code VOTE}...), written as the server reads it. */
        String target(String request, String choice, JsonNode info, Deal game);
    }

    /**
     * A game as the server deals it to us: its id (may be empty), our name in it, the table in the server's order,
     * our role and pack, how long the mind may take, the talk's limits (null: none).
     */
    public record Deal(String gameId, String me, List<String> agents, Role role, List<String> pack, Duration limit,
            NlTalk talk) {}

    /** An event a packet tells, and the key it is heard once under. */
    public record Told(String key, AiwolfEvent event) {}

    /** The ballots of a vote list ({@code agent} names each entry's agent or target), told once a day and kind. */
    public static void votes(JsonNode list, boolean attack, Function<JsonNode, String> agent, List<Told> out) {
        if (list == null || !list.isArray() || list.isEmpty()) {
            return;
        }
        Map<String, String> ballots = new LinkedHashMap<>();
        int d = list.get(0).path("day").asInt();
        list.forEach(v -> ballots.put(agent.apply(v.path("agent")), agent.apply(v.path("target"))));
        out.add(new Told((attack ? "attack " : "vote ") + d + " " + ballots,
                new AiwolfEvent.Votes(d, 0, attack, ballots, null)));
    }

    /** A divination's or a reading's result as both servers write it. */
    public static Species species(String s) {
        return "WEREWOLF".equals(s) ? Species.WEREWOLF : Species.HUMAN;
    }

    private final String name;
    private final String roleRequest;
    private final Dialect dialect;
    private final Minds minds;
    private final long seed;
    private final Consumer<String> log;

    private AiwolfPlayer mind;
    private Deal game;
    private String gameId;
    private int day = -1;
    private final Set<String> heard = new HashSet<>();
    private int games;
    private int requests;
    private int answers;
    private final List<String> winners = new ArrayList<>();

    /**
     * @param name        the agent's name ({@code NAME})
     * @param roleRequest the role it asks for ({@code ROLE}), or null for none
     * @param log         where to tell what happens (a line a game)
     */
    public ClientGame(String name, String roleRequest, Dialect dialect, Minds minds, long seed, Consumer<String> log) {
        this.name = name;
        this.roleRequest = roleRequest;
        this.dialect = dialect;
        this.minds = minds;
        this.seed = seed;
        this.log = log == null ? line -> { } : log;
    }

    public String name() {
        return name;
    }

    /** Games played to their end. */
    public int games() {
        return games;
    }

    /** Packets read. */
    public int requests() {
        return requests;
    }

    /** Answers given. */
    public int answers() {
        return answers;
    }

    /** Each game's winning side, in order ("?" when the server did not say). */
    public List<String> winners() {
        return List.copyOf(winners);
    }

    /** Whether a game is followed now (between its INITIALIZE and its FINISH). */
    public boolean inGame() {
        return mind != null;
    }

    /** The game followed now, or the last one: its id (null before any). */
    public String gameId() {
        return gameId;
    }

    /** The answer to one packet, or null for none. */
    public String answer(String text) throws IOException {
        JsonNode p = Json.MAPPER.readTree(text);
        String request = dialect.request(p);
        requests++;
        JsonNode info = dialect.info(p);
        String answer = answer(request, p, info);
        if (answer != null) {
            answers++;
        }
        return answer;
    }

    /**
     * A group-chat phase (the NLP contest's speak-anytime mode) open now: talk or whisper, and the lines this seat may
     * still send in it (the server's {@code remain_count}, less the lines sent and not yet broadcast back).
     */
    private static final class Chat {
        int remain;
        int unconfirmed;
    }

    /** The talk phase and the whisper phase, kept apart: a line of one is never sent in the other. */
    private final Chat[] chats = new Chat[2];

    /** Whether a group-chat phase of talk ({@code whisper} false) or of whispers is open. */
    public boolean chatOpen(boolean whisper) {
        return chats[whisper ? 1 : 0] != null;
    }

    /**
     * The next line this seat sends unasked in the open group-chat phase of talk or of whispers, or null when none is
     * open, or it has no line left (its mind's nothing-to-say, {@code Over}, spends the rest: the server then reads
     * this seat no more in the phase). A line is counted as sent at once, before the server's broadcast of it comes.
     */
    public String chatLine(boolean whisper) {
        Chat c = chats[whisper ? 1 : 0];
        if (c == null || mind == null || c.remain - c.unconfirmed <= 0) {
            return null;
        }
        String line = orElse(whisper ? mind.whisper() : mind.talk());
        if (chats[whisper ? 1 : 0] != c) {
            return null; // the phase ended while the mind was thinking
        }
        if (line.equals(OVER)) {
            c.remain = 0;
        } else {
            c.unconfirmed++;
        }
        answers++;
        return line;
    }

    private static final String OVER = "Over";

    /** A group-chat packet: the phase's start, a line broadcast (ours too), the phase's end. */
    private void chat(String request, JsonNode p, JsonNode info) {
        boolean whisper = request.startsWith("WHISPER_");
        int k = whisper ? 1 : 0;
        int remain = info != null && info.has("remain_count") ? info.path("remain_count").asInt() : -1;
        switch (request.substring(request.indexOf('_') + 1)) {
            case "PHASE_START" -> {
                Chat c = new Chat();
                c.remain = Math.max(0, remain < 0 ? game.talk() == null ? 0 : game.talk().perAgent() : remain);
                chats[k] = c;
            }
            case "PHASE_END" -> chats[k] = null;
            default -> { // BROADCAST: the server's count of ours is the truth, less our lines still on their way
                Chat c = chats[k];
                JsonNode line = p.path(whisper ? "new_whisper" : "new_talk");
                if (c != null && line.path("agent").asText().equals(game.me())) {
                    c.unconfirmed = Math.max(0, c.unconfirmed - 1);
                }
                if (c != null && remain >= 0) {
                    c.remain = remain;
                }
            }
        }
    }

    private String answer(String request, JsonNode p, JsonNode info) {
        switch (request) {
            case "NAME" -> {
                return name;
            }
            case "ROLE" -> {
                return roleRequest == null ? "none" : roleRequest;
            }
            case "INITIALIZE" -> {
                begin(dialect.deal(p, mind == null ? null : gameId));
                return null;
            }
            case "FINISH" -> {
                finish(info);
                return null;
            }
            default -> { }
        }
        if (mind == null) {
            return dialect.unfollowed(request, info);
        }
        if (info != null && info.isObject()) {
            for (Told t : dialect.follow(info, request.equals("DAILY_INITIALIZE"), game)) {
                hear(t);
            }
        }
        histories(dialect.history(p, false, Math.max(day, 0), game), false);
        histories(dialect.history(p, true, Math.max(day, 0), game), true);
        if (request.startsWith("TALK_") || request.startsWith("WHISPER_")) {
            chat(request, p, info);
            return null; // group chat: none of its packets is answered; lines go out unasked (chatLine)
        }
        return switch (request) {
            case "TALK" -> orElse(mind.talk());
            case "WHISPER" -> orElse(mind.whisper());
            case "VOTE" -> dialect.target(request, mind.vote(), info, game);
            case "DIVINE" -> dialect.target(request, mind.divine(), info, game);
            case "GUARD" -> dialect.target(request, mind.guard(), info, game);
            case "ATTACK" -> dialect.target(request, mind.attack(), info, game);
            default -> null; // DAILY_INITIALIZE, DAILY_FINISH and any request that expects no answer
        };
    }

    private String orElse(String text) {
        return text == null || text.isBlank() ? dialect.nothingToSay() : text.strip();
    }

    private void begin(Deal deal) {
        if (deal == null) {
            return; // the game followed, told again after a reconnection: the mind goes on
        }
        chats[0] = null;
        chats[1] = null;
        game = deal;
        gameId = deal.gameId();
        day = -1;
        heard.clear();
        mind = minds.mind(deal.me(), deal.agents(), seed ^ games ^ deal.gameId().hashCode(), deal.limit(),
                deal.talk());
        mind.hear(new AiwolfEvent.Dealt(deal.me(), deal.role() == null ? Role.VILLAGER : deal.role(), deal.pack()));
        if (!deal.gameId().isEmpty()) {
            log.accept(name + ": game " + deal.gameId() + " as " + deal.me() + ", " + (deal.role() == null ? "?"
                    : deal.role().name().toLowerCase(Locale.ROOT)) + " among " + deal.agents().size());
        }
    }

    private void finish(JsonNode info) {
        if (mind == null) {
            return;
        }
        games++;
        String winner = info != null && info.isObject() ? dialect.winner(info) : "?";
        winners.add(winner);
        log.accept(name + " (" + game.me() + "): game " + games + " over, " + winner + " side wins");
        mind = null;
    }

    private void hear(Told t) {
        if (heard.add(t.key())) {
            if (t.event() instanceof AiwolfEvent.DayBegan d) {
                day = Math.max(day, d.day());
            }
            mind.hear(t.event());
        }
    }

    /** Talks or whispers the server sent, each heard once, as the turns the mind hears. */
    private void histories(List<AiwolfEvent.Utterance> said, boolean whisper) {
        Map<Integer, List<AiwolfEvent.Utterance>> turns = new LinkedHashMap<>();
        int d = Math.max(day, 0);
        for (AiwolfEvent.Utterance u : said) {
            d = u.day();
            if (heard.add((whisper ? "w " : "t ") + u.day() + " " + u.idx())) {
                turns.computeIfAbsent(u.turn(), k -> new ArrayList<>()).add(u);
            }
        }
        for (var e : turns.entrySet()) {
            mind.hear(new AiwolfEvent.Turn(d, e.getKey(), whisper, e.getValue(), null));
        }
    }

    /**
     * The side a finished game's maps show winning: {@code VILLAGER} with no werewolf alive, {@code WEREWOLF} with the
     * humans no more than the werewolves, else {@code ?}. The maps are keyed alike (agent numbers, or names).
     */
    public static String winner(JsonNode statusMap, JsonNode roleMap) {
        long wolves = 0;
        long humans = 0;
        for (var e : statusMap.properties()) {
            if (e.getValue().asText().equals("ALIVE")) {
                if (roleMap.path(e.getKey()).asText().equals("WEREWOLF")) {
                    wolves++;
                } else {
                    humans++;
                }
            }
        }
        return wolves == 0 ? "VILLAGER" : humans <= wolves ? "WEREWOLF" : "?";
    }
}
