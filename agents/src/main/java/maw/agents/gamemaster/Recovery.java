package maw.agents.gamemaster;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.Outcome;
import maw.game.PhaseId;
import maw.game.Room;
import maw.game.Rules;
import maw.runtime.Jid;
import maw.runtime.Json;

/**
 * What a GameMaster needs to take a game up again after a crash, read back from its journal: the table (game id,
 * addresses, options, seats), the rounds played and their scores, the current round's state (its commands replayed
 * through the rules), the current phase's wall-clock deadline, and where each open room's log had got to.
 *
 * @param gameId          the game's id
 * @param gameMaster      the GameMaster's address
 * @param config          its settings
 * @param rules           the rule set's name
 * @param options         the rule options
 * @param seats           the seats, name to the Player's address, in the order they joined
 * @param round           the round being played (0: the game was still in its lobby)
 * @param state           that round's state, replayed (null in the lobby)
 * @param played          the states of the rounds before it, replayed, for the game's summary
 * @param totals          the leaderboard after the last scored round
 * @param scored          whether the current round's scores were announced already
 * @param deadlineMillis  the current phase's end (wall clock), or 0 when none was journaled
 * @param chatIndex       the last line of each room in the current phase
 * @param commands        how many commands the journal holds for the current round
 * @param chatClients     the seats of people at chat clients (told in plain words)
 * @param people          the seats people play (they said so when they joined)
 * @param moreTime        the people given more time in the current round, as "day/player"
 * @param news            the seats that take the game's news as envelopes (they asked so when they joined)
 * @param pausedLeftMillis when the host had paused the game where it stands (its phase, or the lobby): the time that
 *                        was left in the phase; null when the game ran
 * @param <S>             the rule set's state
 * @param <O>             its options
 */
public record Recovery<S extends GameView, O>(String gameId, Jid gameMaster, GameConfig config,
        String rules, O options, Map<String, Jid> seats, int round, S state, List<S> played,
        Map<String, Integer> totals, boolean scored, long deadlineMillis, Map<Room, Long> chatIndex, int commands,
        java.util.Set<String> chatClients, Long pausedLeftMillis, java.util.Set<String> people,
        java.util.Set<String> moreTime, java.util.Set<String> news) {

    /** Thrown when a journal cannot be taken up again; the message says why, for a person. */
    public static final class Unrecoverable extends Exception {
        public Unrecoverable(String message) {
            super(message);
        }
    }

    /** Reads a journal back; {@code rules} must be the rule set it was written under. */
    public static <S extends GameView, O, E extends GameEvent> Recovery<S, O> read(Path file, Rules<S, O, E> rules)
            throws IOException, Unrecoverable {
        if (!Files.isRegularFile(file)) {
            throw new Unrecoverable("there is no journal at " + file);
        }
        Reading<S, O, E> reading = new Reading<>(rules);
        int lineNo = 0;
        for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lineNo++;
            if (text.isBlank()) {
                continue;
            }
            JsonNode n;
            try {
                n = Json.parse(text);
            } catch (JsonProcessingException e) {
                // A crash can cut the last line short; anything before it is whole (each line is flushed).
                continue;
            }
            reading.take(n);
        }
        return reading.recovery(file, lineNo);
    }

    /** A journal read line by line: what its lines say so far. */
    private static final class Reading<S extends GameView, O, E extends GameEvent> {
        private final Rules<S, O, E> rules;
        private String gameId;
        private JsonNode opened;
        private JsonNode optionsNode;
        private final Map<String, Jid> seats = new LinkedHashMap<>();
        private final java.util.Set<String> chatClients = new java.util.LinkedHashSet<>();
        private final java.util.Set<String> people = new java.util.LinkedHashSet<>();
        private final java.util.Set<String> news = new java.util.LinkedHashSet<>();
        private final java.util.Set<String> moreTime = new java.util.LinkedHashSet<>();
        // A fork (maw.app.Forks) keeps its parent's lines word for word, then names its own game id.
        private String forkedAs;
        private int forkedRounds;
        private int round;
        private long seed;
        private final List<JsonNode> commands = new ArrayList<>();
        private final List<S> played = new ArrayList<>();
        private final Map<String, Integer> totals = new TreeMap<>();
        private boolean scored;
        private final Map<String, Long> deadlines = new LinkedHashMap<>();
        private final Map<String, Long> paused = new LinkedHashMap<>(); // phase (or "lobby") -> time left there
        private final Map<String, Long> chat = new LinkedHashMap<>();

        Reading(Rules<S, O, E> rules) {
            this.rules = rules;
        }

        /** Takes one line of the journal. */
        void take(JsonNode n) throws IOException, Unrecoverable {
            if (gameId == null && n.hasNonNull("game")) {
                gameId = n.get("game").asText();
            }
            switch (n.path("kind").asText()) {
                case "opened", "resumed" -> {
                    opened = n;
                    optionsNode = n.get("options");
                    if (!rules.name().equals(n.path("rules").asText(rules.name()))) {
                        throw new Unrecoverable("the journal's game is played under the rules '"
                                + n.path("rules").asText() + "', not '" + rules.name() + "'");
                    }
                }
                case "joined" -> {
                    if (n.hasNonNull("jid")) {
                        seats.put(n.get("player").asText(), Jid.parse(n.get("jid").asText()));
                    }
                    if (n.path("person").asBoolean(false)) {
                        people.add(n.get("player").asText());
                    }
                    if (n.path("news").asBoolean(false)) {
                        news.add(n.get("player").asText());
                    }
                }
                case "left" -> {
                    seats.remove(n.path("player").asText());
                    chatClients.remove(n.path("player").asText());
                    people.remove(n.path("player").asText());
                    news.remove(n.path("player").asText());
                }
                case "chat_client" -> chatClients.add(n.path("player").asText());
                case "forked" -> {
                    forkedAs = n.path("as").asText(null);
                    forkedRounds = n.path("rounds").asInt(0);
                }
                case "round" -> newRound(n);
                case "command" -> commands.add(n.get("command"));
                case "deadline" -> deadlines.put(phaseKey(n.get("phase")), n.get("deadline").asLong());
                case "more_time" -> moreTime.add(n.path("phase").path("number").asInt() + "/"
                        + n.path("player").asText());
                case "clock" -> {
                    String at = n.hasNonNull("phase") ? phaseKey(n.get("phase")) : "lobby";
                    if (n.hasNonNull("phase")) {
                        paused.remove("lobby"); // the game has left the lobby, paused or not
                    }
                    if (n.path("paused").asBoolean()) {
                        paused.put(at, n.path("left").asLong());
                    } else {
                        paused.remove(at);
                    }
                }
                case "chat" -> chat.merge(n.path("room").asText() + "/" + n.path("phase").asText(),
                        n.path("index").asLong(), Math::max);
                case "scores" -> {
                    totals.clear();
                    n.path("totals").properties().forEach(e -> totals.put(e.getKey(), e.getValue().asInt()));
                    scored = true;
                }
                default -> { }
            }
        }

        /** A round begins: the one before is played out, and the round's own record starts. */
        private void newRound(JsonNode n) throws IOException, Unrecoverable {
            if (round > 0) {
                played.add(replay(rules, optionsNode, seed, commands, round));
            }
            round = n.get("round").asInt();
            seed = n.get("seed").asLong();
            optionsNode = n.get("options");
            if (opened == null) {
                opened = n;
            }
            seats.clear();
            n.path("seats").properties().forEach(e -> seats.put(e.getKey(), Jid.parse(e.getValue().asText())));
            commands.clear();
            deadlines.clear();
            moreTime.clear();
            Long lobby = paused.get("lobby");
            paused.clear();
            if (lobby != null && round == 1) {
                paused.put("lobby", lobby); // paused in the lobby: the first phase begins paused
            }
            chat.clear();
            scored = false;
        }

        /** The game as the whole journal ({@code lines} long) leaves it. */
        Recovery<S, O> recovery(Path file, int lines) throws IOException, Unrecoverable {
            String id = forkedAs != null ? forkedAs : gameId;
            if (opened == null || id == null) {
                throw new Unrecoverable("the journal " + file + " does not say how its game was set up (it has no "
                        + "'opened' or 'round' line at line " + lines + ")");
            }
            JsonNode c = opened.get("config");
            if (c == null || !c.hasNonNull("gamemaster")) {
                throw new Unrecoverable("the journal " + file + " was written by an older MAW that did not record the "
                        + "table's addresses; it can be replayed but not resumed");
            }
            O options = Json.MAPPER.treeToValue(optionsNode, rules.optionsType());
            // The rule set's rooms and the agents that kept them (journals before rooms were the rule set's named the
            // Village's and the Hideout's beside the GameMaster's, under the rooms' names).
            Map<Room, Jid> rooms = new LinkedHashMap<>();
            JsonNode kept = c.has("rooms") ? c.get("rooms") : c;
            for (Room r : rules.rooms(options)) {
                if (kept.hasNonNull(r.name())) {
                    rooms.put(r, Jid.parse(kept.get(r.name()).asText()));
                }
            }
            GameConfig config = new GameConfig(id, c.get("players").asInt(), forkedRounds > 0 ? forkedRounds
                    : c.path("rounds").asInt(opened.path("rounds").asInt(1)), c.get("seed").asLong(), rooms,
                    Duration.ofSeconds(10), Duration.ofSeconds(10));
            S state = round == 0 ? null : replay(rules, optionsNode, seed, commands, round);
            long deadline = 0;
            Map<Room, Long> chatIndex = new LinkedHashMap<>();
            if (state != null) {
                deadline = deadlines.getOrDefault(phaseKey(state.phase()), 0L);
                for (Room r : rooms.keySet()) {
                    Long last = chat.get(r.title() + "/" + state.phase());
                    if (last != null) {
                        chatIndex.put(r, last);
                    }
                }
            }
            return new Recovery<>(id, Jid.parse(c.get("gamemaster").asText()), config, rules.name(), options,
                    Map.copyOf(seats), round, state, List.copyOf(played), Map.copyOf(totals), scored, deadline,
                    chatIndex, commands.size(), java.util.Set.copyOf(chatClients), state == null ? paused.get("lobby")
                            : paused.getOrDefault(phaseKey(state.phase()), paused.get("lobby")),
                    java.util.Set.copyOf(people), java.util.Set.copyOf(moreTime), java.util.Set.copyOf(news));
        }
    }

    private static <S extends GameView, O, E extends GameEvent> S replay(Rules<S, O, E> rules, JsonNode options,
            long seed, List<JsonNode> commands, int round) throws IOException, Unrecoverable {
        S state = rules.newGame(Json.MAPPER.treeToValue(options, rules.optionsType()), seed);
        for (JsonNode c : commands) {
            Outcome<S, E> o = rules.apply(state, Journal.commandFromJson(c));
            if (!(o instanceof Outcome.Accepted<S, E> a)) {
                throw new Unrecoverable("round " + round + ": the journal's command " + c + " is refused on replay ("
                        + ((Outcome.Refused<S, E>) o).reason() + "): the journal does not belong to these rules");
            }
            state = a.state();
        }
        return state;
    }

    private static String phaseKey(JsonNode phase) {
        return Journal.phaseId(phase).toString();
    }

    private static String phaseKey(PhaseId phase) {
        return phase.toString();
    }

    /** The seats in the order the rules dealt them. */
    public List<String> names() {
        return state == null ? List.copyOf(seats.keySet()) : state.players();
    }
}
