package maw.game;

import java.time.Duration;
import java.util.Map;

/**
 * Whom the rules await, for which acts, until when: the phase, its length in game time (the GameMaster turns it into
 * a wall-clock deadline when the phase begins and journals that), and every player's {@link Turn}.
 */
public record Awaiting(PhaseId phase, Duration length, Map<String, Turn> turns) {

    public Awaiting {
        turns = Map.copyOf(turns);
    }

    public Turn turn(String player) {
        return turns.getOrDefault(player, Turn.NONE);
    }
}
