package maw.agents;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.Species;
import maw.base.Speech;
import maw.base.Team;
import maw.game.PhaseId;
import maw.game.RefusalCode;

/**
 * The message catalog (documented for other platforms in docs/PROTOCOL.md): every body MAW's
 * agents exchange, as records with a {@code type}. Each game message carries the game id and the round, so that a
 * message from an earlier game (stored by the server while its receiver was away) is recognised and ignored; every
 * act also carries the phase and day it was made for, so that it is never counted in another. Words with a fixed
 * vocabulary are enums (their wire names are lower case). Jackson maps bodies to these records once, here.
 */
public final class Catalog {

    private Catalog() {}

    /**
     * A message body of the catalog: the core's messages, listed here, and those a rule set adds
     * ({@link CatalogExtension}).
     */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
        @JsonSubTypes.Type(JoinLobby.class), @JsonSubTypes.Type(Joined.class), @JsonSubTypes.Type(ReadyCheck.class),
        @JsonSubTypes.Type(Ready.class), @JsonSubTypes.Type(LeaveLobby.class), @JsonSubTypes.Type(StartGame.class),
        @JsonSubTypes.Type(AssignRole.class), @JsonSubTypes.Type(PhaseChange.class), @JsonSubTypes.Type(YourTurn.class),
        @JsonSubTypes.Type(OpenRoom.class), @JsonSubTypes.Type(CloseRoom.class), @JsonSubTypes.Type(Floor.class), @JsonSubTypes.Type(LineSaid.class),
        @JsonSubTypes.Type(TurnBegan.class), @JsonSubTypes.Type(AnnounceOpen.class),
        @JsonSubTypes.Type(Chat.class), @JsonSubTypes.Type(GetNewMessages.class), @JsonSubTypes.Type(NewMessages.class),
        @JsonSubTypes.Type(Vote.class), @JsonSubTypes.Type(Divine.class), @JsonSubTypes.Type(Whisper.class),
        @JsonSubTypes.Type(Accepted.class), @JsonSubTypes.Type(VoteCast.class), @JsonSubTypes.Type(VoteResult.class),
        @JsonSubTypes.Type(RoleRevealed.class), @JsonSubTypes.Type(Kill.class), @JsonSubTypes.Type(NightResult.class),
        @JsonSubTypes.Type(Divined.class), @JsonSubTypes.Type(Whispered.class), @JsonSubTypes.Type(EndGame.class),
        @JsonSubTypes.Type(Scores.class), @JsonSubTypes.Type(Ping.class), @JsonSubTypes.Type(Pong.class),
        @JsonSubTypes.Type(MoreTime.class), @JsonSubTypes.Type(News.class),
        @JsonSubTypes.Type(SeatCatalog.GetInput.class), @JsonSubTypes.Type(SeatCatalog.PlayerAction.class), @JsonSubTypes.Type(SeatCatalog.SeatName.class),
        @JsonSubTypes.Type(SeatCatalog.Observe.class), @JsonSubTypes.Type(Refusal.class), @JsonSubTypes.Type(NotUnderstood.class),
        @JsonSubTypes.Type(Failure.class), @JsonSubTypes.Type(Ok.class), @JsonSubTypes.Type(WatchCatalog.Watch.class),
        @JsonSubTypes.Type(WatchCatalog.Watching.class), @JsonSubTypes.Type(WatchCatalog.Watched.class), @JsonSubTypes.Type(WatchCatalog.Inspect.class),
        @JsonSubTypes.Type(WatchCatalog.Inside.class), @JsonSubTypes.Type(WatchCatalog.Inspectors.class), @JsonSubTypes.Type(Pass.class),
        @JsonSubTypes.Type(WatchCatalog.Control.class), @JsonSubTypes.Type(WatchCatalog.Clock.class),
        @JsonSubTypes.Type(WatchCatalog.Debug.class),
        @JsonSubTypes.Type(TournamentCatalog.WorkerReady.class), @JsonSubTypes.Type(TournamentCatalog.CallForGames.class),
        @JsonSubTypes.Type(TournamentCatalog.GamesProposal.class), @JsonSubTypes.Type(TournamentCatalog.GamesAward.class),
        @JsonSubTypes.Type(TournamentCatalog.GamesRefused.class), @JsonSubTypes.Type(TournamentCatalog.GameResult.class)
    })
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public interface Body {
        /** The game this message belongs to (null before a player has joined one). */
        default String game() {
            return null;
        }
    }

    /**
     * An act a player makes in a phase: stamped with game, round, phase and day. The core's are listed here; a rule set
     * adds the requests of its own acts ({@link CatalogExtension#request}).
     */
    public interface Stamped extends Body {
        int round();

        Phase phase();

        int day();

        /** The player the act names, if any. */
        String target();

        /** The step of the phase the act was made for (AIWolf's talk turns and re-votes); null or absent: 0. */
        default Integer step() {
            return null;
        }

        default PhaseId phaseId() {
            return new PhaseId(phase(), day(), step() == null ? 0 : step());
        }

        /** The act this request carries, in the one vocabulary of the rules, the seats and the models. */
        Act act();
    }

    /**
     * The request that carries {@code act} on the wire, stamped with the phase (and step) it is for: a speech is a
     * {@code chat} to the open room, every other act a request to the GameMaster; an act of a rule set's own (AIWolf's
     * {@code talk} and {@code guard}) the request that rule set's catalog makes of it. Null for {@code listen}, which
     * sends nothing.
     */
    public static Stamped request(Act act, String game, int round, Phase phase, int day, Integer step) {
        return switch (act) {
            case Act.Speak s -> new Chat(game, round, phase, day, s.text());
            case Act.Vote v -> new Vote(game, round, phase, day, v.target(), step);
            case Act.Divine d -> new Divine(game, round, phase, day, d.target(), step);
            case Act.Guard g -> CatalogExtension.requestFor(act, game, round, phase, day, step);
            case Act.Talk t -> CatalogExtension.requestFor(act, game, round, phase, day, step);
            case Act.Whisper w -> new Whisper(game, round, phase, day, w.target(), w.text(), step);
            case Act.Pass p -> new Pass(game, round, phase, day, step);
            case Act.Listen l -> null;
        };
    }

    /** {@code value}, or a refusal naming {@code what} as missing (the records' checks; a rule set's too). */
    public static String required(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(what + " is missing");
        }
        return value;
    }

    /** {@code value}, or a refusal naming {@code what} as missing. */
    public static <T> T required(T value, String what) {
        if (value == null) {
            throw new IllegalArgumentException(what + " is missing");
        }
        return value;
    }

    /** The constant of {@code type} whose wire word (any case) is {@code given}, or null for none. */
    public static <E extends Enum<E>> E word(Class<E> type, String given) {
        for (E e : type.getEnumConstants()) {
            if (given != null && e.name().equalsIgnoreCase(given.strip())) {
                return e;
            }
        }
        return null;
    }

    /** The wire words of a fixed vocabulary: the enum's constants in lower case. */
    interface Wire {
        default String wire() {
            return ((Enum<?>) this).name().toLowerCase(Locale.ROOT);
        }
    }

    // --- lobby ----------------------------------------------------------------------------------------------------

    /** The longest name a seat may take (maw.agents.Names has the rule). */
    public static final int LONGEST_NAME = 24;

    /**
     * Player to GameMaster, request: a seat under this name. {@code person}: a person plays it (the table gives people
     * time to read and answer; absent: not said). {@code news}: the seat takes the game's news as {@link News}
     * envelopes, its view in each, instead of a message for each piece and {@code turn}s (absent: not).
     */
    @JsonTypeName("join_lobby")
    public record JoinLobby(String player_name, Boolean person, Boolean news) implements Body {
        public JoinLobby {
            required(player_name, "join_lobby's player_name");
        }

        public JoinLobby(String player_name, Boolean person) {
            this(player_name, person, null);
        }

        public JoinLobby(String player_name) {
            this(player_name, null, null);
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

    /**
     * GameMaster to players, inform: a round begins under a rule set ({@code maw}). {@code rooms} names the agent that
     * keeps each of the rule set's rooms, by the room's title ({@code Village}); {@code village} and {@code hideout}
     * repeat MAW's two (null in a rule set without them). {@code longest}: the longest line or talk a seat may say,
     * in characters (absent: 500). {@code people}: the players a person plays (at a terminal, a page or a chat
     * client), whom the bots leave time to read and answer (absent: none).
     */
    @JsonTypeName("start_game")
    public record StartGame(String game, int round, int rounds, int total_players, List<String> players,
            String village, String hideout, String rules, Speech talk, Map<String, String> rooms, Integer longest,
            List<String> people) implements Body {
        public StartGame {
            talk = talk == null ? Speech.CHAT : talk;
            if (rooms == null) {
                // From a GameMaster that names only MAW's two rooms.
                Map<String, String> two = new LinkedHashMap<>();
                if (village != null) {
                    two.put("Village", village);
                }
                if (hideout != null) {
                    two.put("Hideout", hideout);
                }
                rooms = two;
            }
            rooms = Collections.unmodifiableMap(new LinkedHashMap<>(rooms));
            people = people == null || people.isEmpty() ? null : List.copyOf(people); // absent: nobody
        }

        /** A round of MAW's two rooms. */
        public StartGame(String game, int round, int rounds, int total_players, List<String> players, String village,
                String hideout, String rules, Speech talk) {
            this(game, round, rounds, total_players, players, village, hideout, rules, talk, null, null, null);
        }
    }

    /** GameMaster to one player, inform: its role; a werewolf also learns its partners. */
    @JsonTypeName("assign_role")
    public record AssignRole(String game, int round, Role role, List<String> partners) implements Body {}

    /**
     * GameMaster to players, inform: a phase begins; at dawn it names last night's victim. {@code deadline} is the
     * phase's end in milliseconds since the epoch (UTC).
     */
    @JsonTypeName("phase_change")
    public record PhaseChange(String game, int round, Phase new_phase, int day, long deadline, int seconds,
            List<String> living, String murdered) implements Body {}

    /**
     * GameMaster to one player that asked for it ({@link JoinLobby#news}), inform: what one step of the game tells the
     * seat, in one message: the rule set's news the seat may learn, in order ({@code told}: the same bodies a seat
     * that did not ask gets one by one; none of them a {@code turn}), and the seat's view as the rules give it after
     * that step, with the clock's deadline ({@code view}; absent when it is the one sent last). Sent whenever there is
     * news for the seat or its view changed.
     */
    @JsonTypeName("news")
    public record News(String game, int round, List<Body> told, maw.base.SeatView view) implements Body {
        public News {
            told = told == null ? List.of() : List.copyOf(told);
        }
    }

    /**
     * GameMaster to one player, inform: what the rules await from it now: the acts it may make, whom each may name,
     * what it has done this phase, and the rooms it reads (room name to whether it may write there). Sent after each
     * phase_change and whenever it changes; no acts: nothing is awaited.
     */
    @JsonTypeName("turn")
    public record YourTurn(String game, int round, Phase phase, int day, long deadline, List<Act.Kind> acts,
            Map<Act.Kind, List<String>> targets, Map<Act.Kind, String> done, Map<String, Boolean> rooms,
            Integer step) implements Body {
        /** A turn of a phase that is not taken in steps (MAW's). */
        public YourTurn(String game, int round, Phase phase, int day, long deadline, List<Act.Kind> acts,
                Map<Act.Kind, List<String>> targets, Map<Act.Kind, String> done, Map<String, Boolean> rooms) {
            this(game, round, phase, day, deadline, acts, targets, done, rooms, null);
        }

        /** The step (0 when absent). */
        public int stepOrZero() {
            return step == null ? 0 : step;
        }
    }

    /**
     * GameMaster to a room, request: open for these writers (name to address) and readers. {@code after} (when a
     * resumed GameMaster reopens a phase's room) is the index of the last line the room said before, so that the
     * numbering goes on where the readers left it. {@code paused}: the game is paused (lines are refused until a
     * {@code control} resumes it).
     */
    @JsonTypeName("open_room")
    public record OpenRoom(String game, int round, Phase phase, int day, Map<String, String> writers,
            Map<String, String> readers, Long after, Map<String, WatchCatalog.WatchView> watchers,
            List<String> chat_clients, Boolean paused) implements Body {
        public OpenRoom(String game, int round, Phase phase, int day, Map<String, String> writers,
                Map<String, String> readers, Long after) {
            this(game, round, phase, day, writers, readers, after, null, null, null);
        }

        /** The readers at ordinary chat clients, who read and write in the room's multi-user chat (none: empty). */
        public List<String> chatClients() {
            return chat_clients == null ? List.of() : chat_clients;
        }
    }

    /**
     * GameMaster to a room, request: who may write in it now, within the phase it was opened for (name to address).
     * At a pace of turns the floor goes to the seat whose talk turn it is, and to nobody in the voting round; a line
     * from anyone else is refused {@code not_your_turn}.
     */
    @JsonTypeName("floor")
    public record Floor(String game, int round, Phase phase, int day, Integer step, Map<String, String> writers)
            implements Body {}

    /**
     * GameMaster to those who read the phase's room (everyone by day, the pack by night), inform: at a pace of turns,
     * {@code player}'s turn begins: a talk turn of round {@code talk_round} of {@code talk_rounds}, or (when
     * {@code voting}) its turn of the closing voting round; it lasts until the player passes or {@code deadline}.
     */
    @JsonTypeName("turn_began")
    public record TurnBegan(String game, int round, Phase phase, int day, int step, String player, int talk_round,
            int talk_rounds, boolean voting, long deadline, int seconds) implements Body {}

    /**
     * A room to its GameMaster, inform: the one who holds the floor (at a pace of turns) said a line, {@code index} in
     * the room's log: their turn is over (the GameMaster passes it, as its seat would).
     */
    @JsonTypeName("line_said")
    public record LineSaid(String game, int round, Phase phase, int day, String player, long index) implements Body {}

    /** GameMaster to a room, request: close, archive the log. */
    @JsonTypeName("close_room")
    public record CloseRoom(String game, int round) implements Body {}

    /** A room to its members, inform: the room is open, and whether this member may write. */
    @JsonTypeName("announce_open")
    public record AnnounceOpen(String game, int round, String room_name, int day, List<String> players,
            boolean writable) implements Body {}

    /** Player to room, request: say something, in this phase. */
    @JsonTypeName("chat")
    public record Chat(String game, int round, Phase phase, int day, String message) implements Stamped {
        public Chat {
            required(message, "chat's message");
            required(phase, "chat's phase");
        }

        @Override
        public String target() {
            return null;
        }

        @Override
        public Act act() {
            return new Act.Speak(message);
        }
    }

    /**
     * Player to room, request: the messages after {@code index} (waits for news when there is none yet). With
     * {@code follow}, the room answers at once only with lines already said, and then sends each new line as it
     * takes it (a {@code new_messages} with the phase and day, in reply to nothing) until the room closes.
     */
    @JsonTypeName("get_new_messages")
    public record GetNewMessages(String game, int round, long index, Boolean follow) implements Body {
        public GetNewMessages(String game, int round, long index) {
            this(game, round, index, null);
        }
    }

    /** One line of a room's log. */
    public record Line(long index, String from, String text) {}

    /**
     * Room to player, inform: what it has not read yet; {@code closed} when the room closed meanwhile; the phase and
     * day the lines were said in.
     */
    @JsonTypeName("new_messages")
    public record NewMessages(String game, int round, String room_name, List<Line> messages, long index,
            boolean closed, Phase phase, Integer day) implements Body {
        public NewMessages(String game, int round, String room_name, List<Line> messages, long index, boolean closed) {
            this(game, round, room_name, messages, index, closed, null, null);
        }
    }

    /** Player to GameMaster, request: vote (by day for an execution, by night as a werewolf for a victim). */
    @JsonTypeName("vote")
    public record Vote(String game, int round, Phase phase, int day, String target, Integer step)
            implements Stamped {
        public Vote {
            required(target, "vote's target");
            required(phase, "vote's phase");
        }

        public Vote(String game, int round, Phase phase, int day, String target) {
            this(game, round, phase, day, target, null);
        }

        @Override
        public Act act() {
            return new Act.Vote(target);
        }
    }

    /** Seer to GameMaster, request: a player's role. */
    @JsonTypeName("divine")
    public record Divine(String game, int round, Phase phase, int day, String target, Integer step)
            implements Stamped {
        public Divine {
            required(target, "divine's target");
            required(phase, "divine's phase");
        }

        public Divine(String game, int round, Phase phase, int day, String target) {
            this(game, round, phase, day, target, null);
        }

        @Override
        public Act act() {
            return new Act.Divine(target);
        }
    }

    /** Player to GameMaster, request: a word only {@code to} hears. */
    @JsonTypeName("whisper")
    public record Whisper(String game, int round, Phase phase, int day, String to, String message, Integer step)
            implements Stamped {
        public Whisper {
            required(to, "whisper's to");
            required(message, "whisper's message");
            required(phase, "whisper's phase");
        }

        /** A whisper of a phase not taken in steps. */
        public Whisper(String game, int round, Phase phase, int day, String to, String message) {
            this(game, round, phase, day, to, message, null);
        }

        @Override
        public String target() {
            return to;
        }

        @Override
        public Act act() {
            return new Act.Whisper(to, message);
        }
    }

    /**
     * Player to GameMaster, request: gives up what this step awaits from the seat, in a game whose turns list
     * {@code pass} (AIWolf's: each step asks a seat once). The regulation's default applies at once: a Skip, no
     * divination, no guard, the attack vote dropped, a vote for a random other player (the NLP contest's game: no
     * vote); the step ends as soon as every seat it waits for has acted or passed.
     */
    @JsonTypeName("pass")
    public record Pass(String game, int round, Phase phase, int day, Integer step) implements Stamped {
        public Pass {
            required(phase, "pass's phase");
        }

        @Override
        public String target() {
            return null;
        }

        @Override
        public Act act() {
            return new Act.Pass();
        }
    }

    /** GameMaster to the actor, agree: the act is counted. */
    @JsonTypeName("accepted")
    public record Accepted(String game, int round, Phase phase, int day, Act.Kind act, String target)
            implements Body {}

    /** GameMaster to the vote's audience, inform. */
    @JsonTypeName("vote_cast")
    public record VoteCast(String game, int round, Phase phase, int day, String voter, String target,
            Map<String, Integer> tally) implements Body {}

    /** The day's outcome. */
    public enum Verdict implements Wire {
        EXECUTED, NONE;

        @Override
        public String toString() {
            return wire();
        }
    }

    /** GameMaster to players, inform: the day's outcome. */
    @JsonTypeName("vote_result")
    public record VoteResult(String game, int round, int day, String target, Verdict status, String reason)
            implements Body {}

    /** GameMaster to the werewolves, inform: the role of the player executed today. */
    @JsonTypeName("role_revealed")
    public record RoleRevealed(String game, int round, String player, Role role) implements Body {}

    /** How a player died. */
    public enum Cause implements Wire {
        EXECUTED, MURDERED;

        @Override
        public String toString() {
            return wire();
        }
    }

    /** GameMaster to a player, inform: you are dead. */
    @JsonTypeName("kill")
    public record Kill(String game, int round, int day, Cause cause) implements Body {}

    /** GameMaster to the werewolves, inform: the night's outcome. */
    @JsonTypeName("night_result")
    public record NightResult(String game, int round, int night, String victim, String reason) implements Body {}

    /** GameMaster to the seer, inform: the role (MAW), or the species (AIWolf). */
    @JsonTypeName("divined")
    public record Divined(String game, int round, int day, String target, Role role, Species species)
            implements Body {
        public Divined(String game, int round, int day, String target, Role role) {
            this(game, round, day, target, role, null);
        }
    }


    /** GameMaster to a whisper's recipient, inform. */
    @JsonTypeName("whispered")
    public record Whispered(String game, int round, Phase phase, int day, String from, String message)
            implements Body {}

    /** Who won a round. */
    public enum Winner implements Wire {
        VILLAGERS, WEREWOLVES, DRAW;

        @Override
        public String toString() {
            return wire();
        }

        public static Winner of(Team t) {
            return t == null ? DRAW : t == Team.VILLAGERS ? VILLAGERS : WEREWOLVES;
        }
    }

    /** GameMaster to players, inform: the round is over; every role is revealed. */
    @JsonTypeName("end_game")
    public record EndGame(String game, int round, Winner winning_team, String reason, int days,
            Map<String, Role> roles, Map<String, Integer> scores) implements Body {}

    /** GameMaster to players, inform: the leaderboard after a round; {@code last} after the final round. */
    @JsonTypeName("scores")
    public record Scores(String game, int round, int rounds, Map<String, Integer> totals, boolean last)
            implements Body {}

    /**
     * Player to GameMaster, request: the person at the seat asks for more time to read and answer, once a day, by day
     * ({@code game}, {@code round}, {@code phase} and {@code day} say which; the rest is null). GameMaster to the
     * asker, agree, and to every other seat and the watchers, inform: {@code player} was given {@code seconds} more,
     * and the day now ends at {@code deadline} (ms since the epoch).
     */
    @JsonTypeName("more_time")
    public record MoreTime(String game, int round, Phase phase, int day, String player, Integer seconds,
            Long deadline) implements Body {}

    /** Player to GameMaster, query-if: are you there? (asked when the GameMaster has been silent a while). */
    @JsonTypeName("ping")
    public record Ping(String game) implements Body {}

    /** GameMaster to player, inform: here, in this round and phase. */
    @JsonTypeName("pong")
    public record Pong(String game, int round, Phase phase, int day) implements Body {}

    // --- answers --------------------------------------------------------------------------------------------------

    /**
     * The body of a refuse: a code for programs, the reason in words, and what was refused: its message type and,
     * for an act, its round, phase, day and target. It answers the refused message ({@code in-reply-to}, thread).
     */
    @JsonTypeName("refusal")
    public record Refusal(String game, RefusalCode code, String reason, String refused, Integer round, Phase phase,
            Integer day, String target) implements Body {

        /** A refusal of a message that is not an act. */
        public static Refusal of(String game, RefusalCode code, String reason, String refused) {
            return new Refusal(game, code, reason, refused, null, null, null, null);
        }

        /** A refusal of an act, naming what it was for. */
        public static Refusal of(String game, RefusalCode code, String reason, String refused, Stamped act) {
            return new Refusal(game, code, reason, refused, act.round(), act.phase(), act.day(), act.target());
        }
    }

    /** The body of a not-understood: why, and (cut at 500 characters) what was received. */
    @JsonTypeName("not_understood")
    public record NotUnderstood(String reason, String received) implements Body {}

    /** The body of a failure: the agent could not handle the message (its fault, not the sender's); it carries on. */
    @JsonTypeName("failure")
    public record Failure(String reason, String refused) implements Body {}

    /** The body of an agree with nothing more to say. */
    @JsonTypeName("ok")
    public record Ok(String game, String what) implements Body {}
}
