package maw.agents;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import maw.runtime.Json;
import maw.runtime.Message;

/**
 * The message catalog (DESIGN.md section 6): every body MAW's agents exchange, as records with a {@code type}. Each
 * game message carries the game id and the round, so that a message from an earlier game (stored by the server while
 * its receiver was away) is recognised and ignored. Jackson maps bodies to these records once, here.
 */
public final class Catalog {

    private Catalog() {}

    /** A message body of the catalog. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
        @JsonSubTypes.Type(JoinLobby.class), @JsonSubTypes.Type(Joined.class), @JsonSubTypes.Type(ReadyCheck.class),
        @JsonSubTypes.Type(Ready.class), @JsonSubTypes.Type(LeaveLobby.class), @JsonSubTypes.Type(StartGame.class),
        @JsonSubTypes.Type(AssignRole.class), @JsonSubTypes.Type(PhaseChange.class), @JsonSubTypes.Type(OpenRoom.class),
        @JsonSubTypes.Type(CloseRoom.class), @JsonSubTypes.Type(AnnounceOpen.class), @JsonSubTypes.Type(Chat.class),
        @JsonSubTypes.Type(GetNewMessages.class), @JsonSubTypes.Type(NewMessages.class), @JsonSubTypes.Type(Vote.class),
        @JsonSubTypes.Type(VoteAccepted.class), @JsonSubTypes.Type(VoteCast.class), @JsonSubTypes.Type(VoteResult.class),
        @JsonSubTypes.Type(RoleRevealed.class), @JsonSubTypes.Type(Kill.class), @JsonSubTypes.Type(NightResult.class),
        @JsonSubTypes.Type(Divine.class), @JsonSubTypes.Type(Divined.class), @JsonSubTypes.Type(EndGame.class),
        @JsonSubTypes.Type(Scores.class), @JsonSubTypes.Type(GetInput.class), @JsonSubTypes.Type(PlayerAction.class),
        @JsonSubTypes.Type(Observe.class), @JsonSubTypes.Type(Refusal.class), @JsonSubTypes.Type(Ok.class)
    })
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public sealed interface Body {
        /** The game this message belongs to (null before a player has joined one). */
        default String game() {
            return null;
        }
    }

    /** Thrown for a body that is JSON but not a valid catalog message; the text is the not-understood reason. */
    public static final class Malformed extends RuntimeException {
        public Malformed(String message) {
            super(message);
        }
    }

    /** The body of a message as a catalog record; {@link Malformed} names what is wrong. */
    public static Body read(Message m) {
        JsonNode node = m.json();
        if (!node.isObject()) {
            throw new Malformed("the body must be a JSON object with a \"type\"");
        }
        JsonNode type = node.get("type");
        if (type == null || !type.isTextual()) {
            throw new Malformed("the body has no \"type\"");
        }
        try {
            return Json.MAPPER.treeToValue(node, Body.class);
        } catch (com.fasterxml.jackson.databind.exc.InvalidTypeIdException e) {
            throw new Malformed("unknown message type '" + type.asText() + "'");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            Throwable cause = e.getCause();
            throw new Malformed(cause instanceof IllegalArgumentException iae ? iae.getMessage()
                    : "a '" + type.asText() + "' message does not fit: " + e.getOriginalMessage());
        }
    }

    static String required(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(what + " is missing");
        }
        return value;
    }

    // --- lobby ----------------------------------------------------------------------------------------------------

    /** Player to GameMaster, request: a seat under this name. */
    @JsonTypeName("join_lobby")
    public record JoinLobby(String player_name) implements Body {
        public JoinLobby {
            required(player_name, "join_lobby's player_name");
        }
    }

    /** GameMaster to player, agree: the seat is taken; the game starts when {@code needed} players are in. */
    @JsonTypeName("joined")
    public record Joined(String game, String player_name, int waiting, int needed) implements Body {}

    /** GameMaster to player, query-if: still there? Players that do not answer in time lose their seat. */
    @JsonTypeName("ready_check")
    public record ReadyCheck(String game) implements Body {}

    /** Player to GameMaster, inform: here. */
    @JsonTypeName("ready")
    public record Ready(String game) implements Body {}

    /** Player to GameMaster, request: give the seat up (only in the lobby). */
    @JsonTypeName("leave_lobby")
    public record LeaveLobby(String game) implements Body {}

    // --- rounds and phases ----------------------------------------------------------------------------------------

    /** GameMaster to players, inform: a round begins. */
    @JsonTypeName("start_game")
    public record StartGame(String game, int round, int rounds, int total_players, List<String> players,
            String village, String hideout) implements Body {}

    /** GameMaster to one player, inform: its role; a werewolf also learns its partners. */
    @JsonTypeName("assign_role")
    public record AssignRole(String game, int round, String role, List<String> partners) implements Body {}

    /** GameMaster to players, inform: a phase begins; at dawn it names last night's victim. */
    @JsonTypeName("phase_change")
    public record PhaseChange(String game, int round, String new_phase, int day, long deadline, int seconds,
            List<String> living, String murdered) implements Body {}

    /** GameMaster to a room, request: open for these writers (name to address) and readers. */
    @JsonTypeName("open_room")
    public record OpenRoom(String game, int round, String phase, int day, Map<String, String> writers,
            Map<String, String> readers) implements Body {}

    /** GameMaster to a room, request: close, archive the log. */
    @JsonTypeName("close_room")
    public record CloseRoom(String game, int round) implements Body {}

    /** A room to its members, inform: the room is open, and whether this member may write. */
    @JsonTypeName("announce_open")
    public record AnnounceOpen(String game, int round, String room_name, int day, List<String> players,
            boolean writable) implements Body {}

    /** Player to room, request: say something. */
    @JsonTypeName("chat")
    public record Chat(String game, int round, String message) implements Body {
        public Chat {
            required(message, "chat's message");
        }
    }

    /** Player to room, request: the messages after {@code index} (waits for news when there is none yet). */
    @JsonTypeName("get_new_messages")
    public record GetNewMessages(String game, int round, long index) implements Body {}

    /** One line of a room's log. */
    public record Line(long index, String from, String text) {}

    /** Room to player, inform: what it has not read yet; {@code closed} when the room closed meanwhile. */
    @JsonTypeName("new_messages")
    public record NewMessages(String game, int round, String room_name, List<Line> messages, long index,
            boolean closed) implements Body {}

    /** Player to GameMaster, request: vote (by day for an execution, by night as a werewolf for a victim). */
    @JsonTypeName("vote")
    public record Vote(String game, int round, String target) implements Body {
        public Vote {
            required(target, "vote's target");
        }
    }

    /** GameMaster to voter, agree. */
    @JsonTypeName("vote_accepted")
    public record VoteAccepted(String game, int round, String target) implements Body {}

    /** GameMaster to the vote's audience, inform. */
    @JsonTypeName("vote_cast")
    public record VoteCast(String game, int round, String phase, int day, String voter, String target,
            Map<String, Integer> tally) implements Body {}

    /** GameMaster to players, inform: the day's outcome ({@code status} executed or none). */
    @JsonTypeName("vote_result")
    public record VoteResult(String game, int round, int day, String target, String status, String reason)
            implements Body {}

    /** GameMaster to the werewolves, inform: the role of the player executed today. */
    @JsonTypeName("role_revealed")
    public record RoleRevealed(String game, int round, String player, String role) implements Body {}

    /** GameMaster to a player, inform: you are dead. */
    @JsonTypeName("kill")
    public record Kill(String game, int round, int day, String cause) implements Body {}

    /** GameMaster to the werewolves, inform: the night's outcome. */
    @JsonTypeName("night_result")
    public record NightResult(String game, int round, int night, String victim, String reason) implements Body {}

    /** Seer to GameMaster, request. */
    @JsonTypeName("divine")
    public record Divine(String game, int round, String target) implements Body {
        public Divine {
            required(target, "divine's target");
        }
    }

    /** GameMaster to the seer, inform. */
    @JsonTypeName("divined")
    public record Divined(String game, int round, int day, String target, String role) implements Body {}

    /** GameMaster to players, inform: the round is over; every role is revealed. */
    @JsonTypeName("end_game")
    public record EndGame(String game, int round, String winning_team, String reason, int days,
            Map<String, String> roles, Map<String, Integer> scores) implements Body {}

    /** GameMaster to players, inform: the leaderboard after a round; {@code last} after the final round. */
    @JsonTypeName("scores")
    public record Scores(String game, int round, int rounds, Map<String, Integer> totals, boolean last)
            implements Body {}

    // --- a seat and what fills it ---------------------------------------------------------------------------------

    /**
     * Player to its interface agent, request: decide. {@code purpose} is {@code name} (choose a name) or {@code act}
     * (the seat's turn), with the seat's view; a language model's interface may also carry the chat completion.
     */
    @JsonTypeName("get_input")
    public record GetInput(String game, int round, String purpose, SeatView view) implements Body {}

    /** What a seat knows, for its interface to decide on. */
    public record SeatView(String you, String role, List<String> partners, String phase, int day, long deadline,
            List<String> living, List<String> dead, List<String> valid_targets, List<String> allowed_actions,
            String room, int max_message_length, List<String> unseen, String voted_for, boolean spoke) {}

    /**
     * Interface to player: what to do ({@code name}, {@code speak}, {@code vote}, {@code divine}, {@code listen}).
     * With {@code name}, {@code observe} asks the player to send every announcement and chat line as it happens (a
     * person at a terminal wants that; a bot or a model reads them in its next {@code get_input}).
     */
    @JsonTypeName("player_action")
    public record PlayerAction(String action, String name, String message, String target, Boolean observe)
            implements Body {
        public PlayerAction {
            required(action, "player_action's action");
        }
    }

    /**
     * Player to its interface, inform: something the seat perceived, as a line for people and a kind for code, with
     * the seat's view as it stands after it (its {@code unseen} empty). The last one of a game has kind {@code over}.
     */
    @JsonTypeName("observe")
    public record Observe(String game, int round, String kind, String text, SeatView view) implements Body {}

    // --- answers --------------------------------------------------------------------------------------------------

    /** The body of a refuse (or failure): why. */
    @JsonTypeName("refusal")
    public record Refusal(String game, String reason, String refused) implements Body {}

    /** The body of an agree with nothing more to say. */
    @JsonTypeName("ok")
    public record Ok(String game, String what) implements Body {}
}
