package maw.game;

import java.util.Map;
import maw.base.Role;
import maw.base.Team;

/** How a game ended, in any rule set: the winning side (null for a draw), why, after how many days, roles, scores. */
public interface Result {

    Team winner();

    String reason();

    int days();

    Map<String, Role> roles();

    Map<String, Integer> scores();
}
