package maw.agents.gamemaster;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
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
        return Found.BY_RULES.computeIfAbsent(rules == null ? "maw" : rules, Found::find);
    }

    /** The narrators on the class path, found once per rule set. */
    final class Found {
        private static final Map<String, Narrator> BY_RULES = new ConcurrentHashMap<>();

        private Found() {}

        private static Narrator find(String rules) {
            for (Narrator n : ServiceLoader.load(Narrator.class)) {
                if (n.rules().contains(rules)) {
                    return n;
                }
            }
            return new MawNarrator();
        }
    }
}
