package maw.agents.kit;

import java.util.List;
import java.util.ServiceLoader;
import maw.agents.ByRules;
import maw.agents.Catalog;
import maw.agents.SeatCatalog.Perceived;
import maw.agents.typing.Typing;
import maw.base.SeatView;
import maw.base.Speech;
import maw.llm.TalkWriter;

/**
 * What a rule set gives the seats that play it, beyond the catalog they all read: how a seat tells the rule set's own
 * news, how a model writes its talk and how a person types it where talk is not free text. A seat finds its rule
 * set's kit by {@code start_game}'s {@code rules} ({@link #of}); MAW's game and any rule set without one play with
 * {@link #PLAIN}. Kits are found with {@link ServiceLoader}, each listed in a {@code META-INF/services/} file named
 * after this interface, so a rule set brings its own and the seats change nothing.
 */
public interface SeatKit {

    /** The kit of a rule set whose talk is free text and whose news is the catalog's alone. */
    SeatKit PLAIN = new SeatKit() {
        @Override
        public List<String> rules() {
            return List.of();
        }
    };

    /** The rule sets this kit serves, by the names {@code start_game} gives them ({@code aiwolf}, ...). */
    List<String> rules();

    /** How a round of this rule set with the deal {@code players} is told to a seat. */
    default Narration narration(List<String> players, Speech talk) {
        return Narration.PLAIN;
    }

    /** How a model seat writes its talk where talk is not free text; null: it has none. */
    default TalkWriter talkWriter() {
        return null;
    }

    /** How a person's typed lines are read where talk is not free text; null: the usual commands alone. */
    default Typing typing() {
        return null;
    }

    /**
     * What a person at a chat client is told when they type {@code help} at a table of this rule set, where its
     * {@code talk} is not MAW's chat; null: MAW's commands.
     */
    default String chatHelp(Speech talk) {
        return null;
    }

    /** The kit of the rule set named {@code rules} ({@link #PLAIN} for none, or one no kit serves). */
    static SeatKit of(String rules) {
        return rules == null ? PLAIN : Kits.KITS.of(rules);
    }

    /** The typing of the rule set the view names (null before a game, or where it has none). */
    static Typing typing(SeatView v) {
        return v == null ? null : of(v.rules()).typing();
    }

    /** A round as a seat tells it: the players' names in its lines, the rules in a word, the rule set's own news. */
    interface Narration {
        Narration PLAIN = new Narration() {};

        /** A player as the seat's lines name them (AIWolf's: with the agent's number). */
        default String who(String player) {
            return player;
        }

        /** What the round's start says of the rules after the players ({@code ""}: nothing). */
        default String rulesInWords() {
            return "";
        }

        /** The rule set's own news ({@code me}: the seat's name) as the seat tells it; null when it is not one of its. */
        default Told tell(Catalog.Body news, String me) {
            return null;
        }

        /** All of {@code players} as the lines name them. */
        default List<String> who(List<String> players) {
            return players.stream().map(this::who).toList();
        }
    }

    /** A piece of the rule set's own news in a line of kind {@code kind}. */
    record Told(Perceived kind, String text) {}

    /** The kits on the class path, found once per rule set. */
    final class Kits {
        private static final ByRules<SeatKit> KITS = new ByRules<>(SeatKit.class, SeatKit::rules, () -> PLAIN);

        private Kits() {}
    }
}
