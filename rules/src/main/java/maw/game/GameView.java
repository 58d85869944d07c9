package maw.game;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import maw.base.Role;

/**
 * What the GameMaster reads from the state of any rule set to drive a game: the phase, the players, whom the rules
 * await for what and until when, which rooms are open to whom, and the result.
 */
public interface GameView {

    PhaseId phase();

    /** Every player, in deal order. */
    List<String> players();

    List<String> living();

    Optional<Role> role(String player);

    /** Whom the rules await now, for which acts, with which targets, for how long. */
    Awaiting awaiting();

    /** The rooms open now, each with its writers and readers. */
    Map<Room, Access> rooms();

    /**
     * Who holds the floor of each open room now, where the rules give it in turns: the seats that may write there at
     * this step (none: nobody speaks now). A room not named here is written in by its writers whenever they will.
     */
    default Map<Room, java.util.Set<String>> floor() {
        return Map.of();
    }

    boolean isOver();

    /**
     * The votes of this phase that {@code seat} may know, voter to target (its own among them): none unless the rule
     * set says so; in MAW's game the day's votes where they are announced, the pack's at night.
     */
    default Map<String, String> votesSeenBy(String seat) {
        return Map.of();
    }

    /**
     * The seat's own turn at a pace of turns, its deadline left 0 for the GameMaster's clock; null where it holds none
     * (another seat's turn, or a game at the clock's pace).
     */
    default maw.base.SeatView.Turn ownTurn(String seat) {
        return null;
    }

    /** How the game ended; null while it goes on. */
    Result result();
}
