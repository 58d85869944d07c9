package maw.agents.ruleset;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import maw.agents.GameAgent;
import maw.agents.gamemaster.Herald;
import maw.agents.gamemaster.Ruleset;
import maw.agents.table.GameTable;
import maw.config.ConfigException;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.Rules;
import maw.runtime.Json;
import maw.runtime.RateLimit;

/**
 * A rule set as a plug-in: everything the GameMaster, the tables, the journal's readers and the command line need to
 * know of one, so that none of them branches on a rule set's name. Its name and summary, its pure {@link Rules}, its
 * {@link Herald}, its options made from the shared rule flags and checked, the seats' default count, its bots, how
 * long a game may take, and what one sender may send its GameMaster.
 *
 * <p>Rule sets are found with {@link ServiceLoader}: each is listed in a {@code META-INF/services/} file named after
 * this interface, so a jar (or the tests) adds one without a change here. {@link #named} finds one by the name the
 * command line and {@code start_game} write; {@link #ofJournal} the one a journal was written under.
 *
 * @param <S> the rule set's state
 * @param <O> its options
 * @param <E> its events
 */
public interface Variant<S extends GameView, O, E extends GameEvent> {

    /** The name the command line, journals and {@code start_game} write ({@code maw}, {@code aiwolf-nlp}). */
    String name();

    /** The rule flags this rule set takes, by their names ({@code --players}, {@code --day-seconds}). */
    List<String> flags();

    /** Why this rule set takes no other flag, in words after a colon ("the regulation deals the roles"). */
    String takesNoOther();

    /**
     * Refuses, by its name, a flag the person gave that this rule set does not take, naming the rule sets that take
     * it: a flag that would change nothing is a mistake to say, not to pass over.
     */
    default void check(RuleFlags given) {
        for (String flag : given.given()) {
            if (!flags().contains(flag)) {
                List<String> takers = all().stream().filter(v -> v.flags().contains(flag)).map(v -> "--rules "
                        + v.name()).toList();
                throw new ConfigException(flag + (takers.isEmpty() ? " is not an option of --rules " + name()
                        : " is an option of " + String.join(" and ", takers) + ", not of --rules " + name()) + ": "
                        + takesNoOther());
            }
        }
    }

    /** One line for {@code --rules}'s help: the name and what the game is. */
    String summary();

    /** The pure rules. */
    Rules<S, O, E> rules();

    /** What each seat is told of the rules' events. */
    Herald<S, E> herald();

    /** Seats at the table when the flags name none. */
    int defaultPlayers(RuleFlags flags);

    /** The options the flags make, checked; a value out of range is named (a flag it does not take: {@link #check}). */
    O options(RuleFlags flags) throws ConfigException;

    /** Longest a whole game of {@code rounds} rounds may take (every step running out its timer), plus a margin. */
    Duration timeout(O options, int rounds);

    /** The rule seats of this rule set: bots that play it. */
    GameTable.SeatFiller bots();

    /**
     * What the GameMaster takes from one sender: a seat's legitimate acts fit in it many times over (a rule set whose
     * steps end once everyone answered lets bots play hundreds of steps a second, and needs more).
     */
    default RateLimit inbound() {
        return GameAgent.GAME_MASTER_LIMIT;
    }

    /** The gateway port outside agents connect to by default under this rule set, or 0: it takes no outside agents. */
    default int gatewayPort() {
        return 0;
    }

    /** This rule set with these options, as the GameMaster runs it. */
    default Ruleset<S, O, E> ruleset(O options) {
        return new Ruleset<>(rules(), options, herald(), inbound());
    }

    /** This rule set with options read back from a journal. */
    default Ruleset<S, O, E> resumed(Object options) {
        return ruleset(rules().optionsType().cast(options));
    }

    /** The rule set's options as the flags make them, checked, run as the GameMaster runs it. */
    default Ruleset<S, O, E> ruleset(RuleFlags flags) {
        check(flags);
        return ruleset(options(flags));
    }

    /** Every rule set on the class path: MAW's own first, then by name. */
    static List<Variant<?, ?, ?>> all() {
        List<Variant<?, ?, ?>> out = new ArrayList<>();
        for (Variant<?, ?, ?> v : ServiceLoader.load(Variant.class)) {
            if (out.stream().noneMatch(o -> o.name().equals(v.name()))) {
                out.add(v);
            }
        }
        // In the same order whatever the class path's: MAW's own first, then by name.
        out.sort(java.util.Comparator.comparing((Variant<?, ?, ?> v) -> !v.name().equals("maw"))
                .thenComparing(Variant::name));
        return out;
    }

    /** The rule set with this name (any case), or a refusal naming the option and every rule set there is. */
    static Variant<?, ?, ?> named(String name, String option) {
        String wanted = name == null ? "maw" : name.strip().toLowerCase(Locale.ROOT);
        List<Variant<?, ?, ?>> all = all();
        return all.stream().filter(v -> v.name().equals(wanted)).findFirst().orElseThrow(() -> new ConfigException(
                "invalid value '" + name + "' for " + option + ": expected " + names(all)));
    }

    /** The rule set a running ruleset belongs to (by its label: the AIWolf NLP game is a rule set of its own). */
    static Variant<?, ?, ?> of(Ruleset<?, ?, ?> ruleset) {
        return named(ruleset.label(), "the rule set");
    }

    /** The rule set the journal {@code file} was written under (its first line names it; none: MAW's). */
    static Variant<?, ?, ?> ofJournal(Path file) throws IOException {
        String rules = "maw";
        if (Files.isRegularFile(file)) {
            try (BufferedReader in = Files.newBufferedReader(file)) {
                String first = in.readLine();
                if (first != null) {
                    try {
                        rules = Json.parse(first).path("rules").asText("maw");
                    } catch (JsonProcessingException e) {
                        rules = "maw"; // the journal's reader names what is wrong with it
                    }
                }
            }
        }
        String name = rules;
        return all().stream().filter(v -> v.rules().name().equals(name)).findFirst().orElseThrow(() ->
                new ConfigException(file + " was written under the rules '" + name + "', which no rule set here "
                        + "reads (" + names(all()) + ")"));
    }

    /** The names of these rule sets, as "a, b or c". */
    static String names(List<Variant<?, ?, ?>> all) {
        List<String> n = all.stream().map(Variant::name).toList();
        return n.size() == 1 ? n.getFirst() : n.subList(0, n.size() - 1).stream().collect(Collectors.joining(", "))
                + " or " + n.getLast();
    }
}
