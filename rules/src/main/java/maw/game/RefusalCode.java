package maw.game;

import java.util.Locale;

/**
 * Why something was refused, for programs: every refusal carries one of these beside the reason in words. The wire
 * name is the constant in lower case ({@code phase_over}).
 */
public enum RefusalCode {
    // The rules.
    /** The game has not started. */
    NOT_STARTED,
    /** The game is over. */
    GAME_OVER,
    /** The game has already started (a second deal). */
    ALREADY_STARTED,
    /** The table cannot be dealt (too few players, a name missing or twice). */
    BAD_TABLE,
    /** The actor is not a player of this game. */
    NOT_A_PLAYER,
    /** The dead neither speak nor act. */
    DEAD,
    /** The act names someone who is not a player. */
    UNKNOWN_TARGET,
    /** The act names a dead player. */
    TARGET_DEAD,
    /** The act names the actor. */
    SELF_TARGET,
    /** Not this player's act in this phase (the village sleeps at night). */
    NOT_NOW,
    /** Werewolves do not hunt werewolves. */
    PACK_TARGET,
    /** The act belongs to a role this player does not have, or that this game does not deal. */
    NOT_YOUR_ROLE,
    /** At a pace of turns, it is another seat's turn (or this turn takes votes only). */
    NOT_YOUR_TURN,
    /** The act is done once a phase and was done. */
    ALREADY_DONE,
    /** The act was made for a phase that is over (or a timer for one): it is never counted in another. */
    PHASE_OVER,
    /** A rule option turns this act off (whispers). */
    TURNED_OFF,
    /** The text is empty or too long. */
    BAD_TEXT,
    // The lobby.
    /** The name breaks the rule for names (maw.agents.Names): letters and digits, up to three words, one script, no reserved word. */
    NAME_INVALID,
    /** Somebody else sits under that name. */
    NAME_TAKEN,
    /** This account already sits at the table under another name. */
    ALREADY_SEATED,
    /** Every seat is taken. */
    TABLE_FULL,
    /** A game is being played; seats are taken again at the next one. */
    GAME_IN_PROGRESS,
    /** The sender is not seated at this table. */
    NOT_SEATED,
    // Any agent.
    /** The message belongs to another game or round. */
    OTHER_GAME,
    /** The room is closed. */
    ROOM_CLOSED,
    /** The sender is not a member of the room. */
    NOT_A_MEMBER,
    /** The sender reads the room but may not write in it (the dead). */
    READ_ONLY,
    /** Only the GameMaster (or the room, or the seat's own Player) sends this. */
    NOT_YOURS,
    /** This agent does not take this kind of message. */
    WRONG_RECIPIENT,
    /** The sender sent more messages than this agent takes from one sender (the rest of the run is dropped). */
    RATE_LIMITED,
    /** The game is paused by its host: a room takes no line until it resumes. */
    PAUSED,
    /** A request that cannot be done as asked (a step of a game that is over, a slow step out of range). */
    BAD_REQUEST;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return wire();
    }
}
