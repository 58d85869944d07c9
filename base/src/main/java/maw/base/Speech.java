package maw.base;

import java.util.Locale;

/**
 * How a rule set's seats talk, as {@code start_game}'s {@code talk} tells them: what a seat's interface offers, how a
 * model is prompted, how talk is shown. A seat reads this, never the rule set's name.
 */
public enum Speech {
    /** Free text in the rooms' chat, whenever the room is open to the seat (MAW's own rules). */
    CHAT,
    /** AIWolf protocol sentences, one talk a turn; players are {@code Agent[NN]} by their number in the deal. */
    PROTOCOL,
    /** A person's own words, one talk a turn, within the turn's length limits (the AIWolf NLP contest). */
    NATURAL;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether talk comes in turns with players numbered in the deal's order (AIWolf's protocol or natural talk). */
    public boolean inTurns() {
        return this != CHAT;
    }

    @Override
    public String toString() {
        return wire();
    }
}
