package maw.agents.gamemaster;

import java.util.List;
import java.util.Objects;
import maw.agents.GameAgent;
import maw.base.Speech;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.Room;
import maw.game.Rules;
import maw.runtime.RateLimit;

/**
 * A rule set with its options and its herald: everything the GameMaster needs to know of a game's rules; and what
 * it takes from one sender ({@code inbound}): a seat's legitimate acts fit in it many times over.
 */
public record Ruleset<S extends GameView, O, E extends GameEvent>(Rules<S, O, E> rules, O options,
        Herald<S, E> herald, RateLimit inbound) {
    public Ruleset {
        Objects.requireNonNull(rules, "rules");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(herald, "herald");
        Objects.requireNonNull(inbound, "inbound");
    }

    public Ruleset(Rules<S, O, E> rules, O options, Herald<S, E> herald) {
        this(rules, options, herald, GameAgent.GAME_MASTER_LIMIT);
    }

    /** What {@code seat} knows and may do in {@code state}, as the rules give it (the clock's deadline not set). */
    public maw.base.SeatView view(S state, String seat) {
        return rules.view(state, options, seat);
    }

    /** The views of {@code seats} in {@code state}, read together. */
    public java.util.Map<String, maw.base.SeatView> views(S state, List<String> seats) {
        return rules.views(state, options, seats);
    }

    /** The rooms a game of these options has. */
    public List<Room> rooms() {
        return rules.rooms(options);
    }

    /** The game's kind as the seats are told it: the rule set's name, or its variant's ({@code aiwolf-nlp}). */
    public String label() {
        return rules.label(options);
    }

    /** How the seats talk in this game. */
    public Speech speech() {
        return rules.speech(options);
    }

    /** The longest line or talk a seat may say in this game. */
    public int longest() {
        return rules.longest(options);
    }
}
