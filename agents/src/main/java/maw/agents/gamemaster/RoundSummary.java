package maw.agents.gamemaster;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import maw.agents.Catalog;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.Result;

/** One round's outcome, as the game summary reports it. */
public record RoundSummary(int round, String winner, String reason, int days, List<String> executed,
        List<String> murdered, Map<String, String> roles, Map<String, Integer> scores) {

    /** What round {@code r}, over in {@code over}, came to: the winner, why, the days, the dead, roles and points. */
    public static <S extends GameView, E extends GameEvent> RoundSummary of(int r, S over, Herald<S, E> herald) {
        Result result = over.result();
        Map<String, String> roles = new TreeMap<>();
        result.roles().forEach((n, role) -> roles.put(n, role.wire()));
        return new RoundSummary(r, Catalog.Winner.of(result.winner()).wire(), result.reason(),
                result.days(), herald.executed(over), herald.murdered(over), roles, result.scores());
    }
}
