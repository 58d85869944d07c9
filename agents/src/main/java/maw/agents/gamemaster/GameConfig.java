package maw.agents.gamemaster;

import java.time.Duration;
import maw.runtime.Jid;

/** How the GameMaster runs its games. */
public record GameConfig(String gameId, int players, int rounds, long seed, Jid village, Jid hideout,
        Duration readyTimeout, Duration roomTimeout) {
    public GameConfig {
        if (players < 1) {
            throw new IllegalArgumentException("a game needs at least one seat (its rule set says how many)");
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("a game has at least one round");
        }
    }
}
