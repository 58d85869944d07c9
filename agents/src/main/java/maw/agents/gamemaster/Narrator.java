package maw.agents.gamemaster;

import java.util.List;
import java.util.ServiceLoader;
import maw.agents.ByRules;
import maw.game.GameEvent;
import maw.game.GameView;

/**
 * How a rule set's events read for the person running the game (the moderator's console): each rule set tells its
 * own. Narrators are found with {@link ServiceLoader} by the rule set's name ({@link #of}); a rule set without one is
 * told as MAW's game is (its narrator found by the name {@code maw}), which says nothing of events it does not know.
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
                Found::mawOrSilent);

        private Found() {}

        /** MAW's narrator, for a rule set without one; one that tells nothing where MAW's is not on the class path. */
        private static Narrator mawOrSilent() {
            for (Narrator n : ServiceLoader.load(Narrator.class)) {
                if (n.rules().contains("maw")) {
                    return n;
                }
            }
            return new Narrator() {
                @Override
                public List<String> rules() {
                    return List.of();
                }

                @Override
                public List<String> lines(int round, GameEvent event, GameView after) {
                    return List.of();
                }
            };
        }
    }
}
