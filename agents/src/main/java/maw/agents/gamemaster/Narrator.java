package maw.agents.gamemaster;

import java.util.List;
import java.util.ServiceLoader;
import maw.agents.ByRules;
import maw.game.GameEvent;
import maw.game.GameView;

/**
 * How a rule set's events read for the person running the game (the moderator's console): each rule set tells its
 * own. Narrators are found with {@link ServiceLoader} by the rule set's name ({@link #of}); a rule set without one is
 * told as MAW's game is, which says nothing of events it does not know.
 */
public interface Narrator {

    /** The rule sets this narrator tells, by name ({@code maw}, {@code aiwolf}, ...). */
    List<String> rules();

    /** The lines that tell {@code event} of round {@code round}, with the state after it; an empty line is a gap. */
    List<String> lines(int round, GameEvent event, GameView after);

    /** The narrator of the rule set named {@code rules}. */
    static Narrator of(String rules) {
        return Found.NARRATORS.of(rules == null ? "maw" : rules);
    }

    /** The narrators on the class path, found once per rule set. */
    final class Found {
        private static final ByRules<Narrator> NARRATORS = new ByRules<>(Narrator.class, Narrator::rules,
                MawNarrator::new);

        private Found() {}
    }
}
