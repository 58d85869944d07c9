package maw.game;

import java.util.List;
import maw.base.Speech;

/**
 * A rule set: pure and deterministic. Given a state and a command it returns the next state and what to announce, or
 * why the command is refused (a {@link RefusalCode} and words); it has no clock, no network and no randomness but the
 * state's own. The GameMaster drives any rule set through this contract and reads the state through {@link GameView}.
 *
 * @param <S> the rule set's state
 * @param <O> its options
 * @param <E> its events
 */
public interface Rules<S extends GameView, O, E extends GameEvent> {

    /** The rule set's name, as journals and the command line write it ({@code maw}). */
    String name();

    /**
     * The game's kind as the seats are told it ({@code start_game}'s {@code rules}): the name, or a variant of it that
     * changes how seats play (the AIWolf NLP contest's game, {@code aiwolf-nlp}, is talked in natural language).
     */
    default String label(O options) {
        return name();
    }

    /**
     * How the seats talk in a game with these options ({@code start_game}'s {@code talk}): free text in the rooms'
     * chat unless the rule set says otherwise.
     */
    default Speech speech(O options) {
        return Speech.CHAT;
    }

    /** The longest line a seat may say unless a rule set says otherwise, in characters (a room's limit). */
    int LONGEST_LINE = 500;

    /**
     * The longest line or talk a seat may say in a game with these options, in characters ({@code start_game}'s
     * {@code longest}; each seat's view carries it as {@code max_message_length}).
     */
    default int longest(O options) {
        return LONGEST_LINE;
    }

    /**
     * The chat rooms a game with these options has (a ChatRoom agent keeps each; {@link GameView#rooms} says when one
     * is open and to whom): none unless the rule set says so; MAW's game has the Village and the Hideout.
     */
    default List<Room> rooms(O options) {
        return List.of();
    }

    /**
     * What {@code seat} knows and may do in {@code state}, as the rules give it: the one view every reader of a seat
     * reads (the Player, a model's prompt, a person's terminal, a bot, a gateway). Its deadline is 0 (the GameMaster's
     * clock sets it), its {@code unseen} empty and {@code spoke} false (the seat's own to say).
     */
    default maw.base.SeatView view(S state, O options, String seat) {
        return SeatViews.of(state, seat, label(options), speech(options), longest(options));
    }

    /** The views of {@code seats} in {@code state}, each as {@link #view} gives it, read together. */
    default java.util.Map<String, maw.base.SeatView> views(S state, O options, List<String> seats) {
        return SeatViews.of(state, seats, label(options), speech(options), longest(options));
    }

    /** A game in its lobby, before the deal. */
    S newGame(O options, long seed);

    Outcome<S, E> apply(S state, Command command);

    /** The type of the options, so that a journal can read them back. */
    Class<O> optionsType();
}
